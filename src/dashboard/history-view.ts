/**
 * The history charts: the account's stored bets (`stakeql history sync`, the
 * `bets` table) as profit over time per currency and a distribution of payout
 * multipliers. Aggregated in SQL into at most {@link TIME_BUCKETS} points per
 * currency and {@link MULTIPLIER_EDGES}.length + 1 bars, so the page gets the
 * same few kilobytes with a thousand bets or a million.
 */
import type { SqliteDatabase } from '../journal/index.js';

/** Points per currency on the profit-over-time chart. */
export const TIME_BUCKETS = 500;
/** Currencies drawn (the most bet on). */
export const MAX_CURRENCIES = 4;
/** Lower edges of the multiplier bars after the first (`< 1`, which holds the losses). */
export const MULTIPLIER_EDGES = [1, 1.5, 2, 3, 5, 10, 100] as const;

/** One currency's cumulative profit over time. */
export interface ProfitSeries {
  readonly currency: string;
  readonly bets: number;
  /** Unix seconds, the end of each bucket. */
  readonly t: readonly number[];
  /** Cumulative profit at `t`, in currency units. */
  readonly profit: readonly number[];
}

/** The history charts' data. */
export interface HistoryView {
  readonly bets: number;
  readonly series: readonly ProfitSeries[];
  /** Bar labels and counts: `< 1`, `1–1.5`, …, `≥ 100`. */
  readonly multipliers: { readonly labels: readonly string[]; readonly counts: readonly number[] };
}

function multiplierLabels(): string[] {
  const labels = [`< ${MULTIPLIER_EDGES[0]}`];
  for (let i = 0; i < MULTIPLIER_EDGES.length; i++) {
    const next = MULTIPLIER_EDGES[i + 1];
    labels.push(next === undefined ? `≥ ${MULTIPLIER_EDGES[i]}` : `${MULTIPLIER_EDGES[i]}–${next}`);
  }
  return labels;
}

/** `CASE` arms giving each bet's bar index from its multiplier (edges are constants, not user text). */
const BAR_CASE = `CASE ${MULTIPLIER_EDGES.map((edge, i) => `WHEN payout_multiplier < ${edge} THEN ${i}`).join(' ')} ELSE ${MULTIPLIER_EDGES.length} END`;

/** Reads the history charts of one database connection; statements prepared once. */
export class HistoryReader {
  readonly #s;

  constructor(db: SqliteDatabase) {
    this.#s = {
      count: db.prepare('SELECT COUNT(*) FROM bets').pluck(),
      currencies: db.prepare(`SELECT currency, COUNT(*) AS bets, MIN(time_ms) AS first, MAX(time_ms) AS last, MAX(decimals) AS decimals
        FROM bets GROUP BY currency ORDER BY bets DESC LIMIT ${MAX_CURRENCIES}`),
      // Parameters bind as REAL: CAST makes the bucket a whole number.
      buckets: db.prepare(`SELECT CAST((time_ms - @first) / @width AS INTEGER) AS b, SUM(payout_units - amount_units) AS profit
        FROM bets WHERE currency = @currency GROUP BY b ORDER BY b`),
      bars: db.prepare(`SELECT ${BAR_CASE} AS bar, COUNT(*) AS n FROM bets GROUP BY bar`),
    };
  }

  /** The charts' data; empty series when nothing was synced. */
  view(): HistoryView {
    const labels = multiplierLabels();
    const counts = labels.map(() => 0);
    const bets = this.#s.count.get() as number;
    if (bets === 0) return { bets, series: [], multipliers: { labels, counts } };
    const series: ProfitSeries[] = [];
    type Currency = { currency: string; bets: number; first: number; last: number; decimals: number };
    for (const c of this.#s.currencies.all() as Currency[]) {
      const width = Math.max(1, Math.ceil((c.last - c.first + 1) / TIME_BUCKETS));
      const scale = 10 ** c.decimals;
      const t: number[] = [];
      const profit: number[] = [];
      let sum = 0;
      for (const row of this.#s.buckets.iterate({ first: c.first, width, currency: c.currency }) as IterableIterator<{ b: number; profit: number }>) {
        sum += row.profit;
        t.push(Math.min(c.last, c.first + (row.b + 1) * width - 1) / 1000);
        profit.push(sum / scale);
      }
      series.push({ currency: c.currency, bets: c.bets, t, profit });
    }
    for (const row of this.#s.bars.all() as { bar: number; n: number }[]) counts[row.bar] = row.n;
    return { bets, series, multipliers: { labels, counts } };
  }
}
