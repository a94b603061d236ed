/**
 * The history charts, from the account's stored bets (`stakeql history
 * sync`): cumulative profit over time per currency and the distribution of
 * payout multipliers, both from `history_stats` (src/history), so the page
 * and `stakeql history stats` add up the same way. The period is the
 * finest of hour, day and month that gives at most {@link MAX_PERIODS}
 * points, so the page gets a few thousand numbers with a thousand bets or a
 * million.
 */
import { MULTIPLIER_BUCKETS, history_stats, type StatsGrouping } from '../history/index.js';
import type { SqliteDatabase } from '../journal/index.js';
import { cumulative_profit, game_charts, type GameChart } from './game-view.js';

/** Most points per currency on the profit-over-time chart. */
export const MAX_PERIODS = 1000;
/** Currencies drawn (the most bet on). */
export const MAX_CURRENCIES = 4;

/** One currency's cumulative profit over time. */
export interface ProfitSeries {
  readonly currency: string;
  readonly bets: number;
  /** Unix seconds: the end of each period. */
  readonly t: readonly number[];
  /** Cumulative profit at `t`, in currency units. */
  readonly profit: readonly number[];
}

/** Whose bets the history panel shows: one account on one site (`label` names it on the page). */
export interface HistoryAccount {
  /** The site's origin, as `history sync` stores it (`https://stake.com`). */
  readonly site: string;
  /** The site's user id. */
  readonly user_id: string;
  /** How the page names the account (its user name); default the user id. */
  readonly label?: string;
}

/** The history charts' data. */
export interface HistoryView {
  /** Whose bets: the account's label, or null for every stored account. */
  readonly account: string | null;
  readonly bets: number;
  /** The period each point stands for. */
  readonly period: 'hour' | 'day' | 'month';
  /** The first and last bet's time (Unix seconds): the time axes' span; null without bets. */
  readonly span: { readonly first: number; readonly last: number } | null;
  readonly series: readonly ProfitSeries[];
  /** Bar labels (`0`, `0–1`, `1–2`, …, `≥ 1000`: `MULTIPLIER_BUCKETS`) and counts over every stored bet. */
  readonly multipliers: { readonly labels: readonly string[]; readonly counts: readonly number[] };
  /** A chart per game in the history, most bet on first (game-view.ts). */
  readonly games: readonly GameChart[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function bucketLabel(b: { from: number; to: number | null }): string {
  if (b.to === b.from) return String(b.from);
  return b.to === null ? `≥ ${b.from}` : `${b.from}–${b.to}`;
}

/** The end of the UTC period a `history_stats` key names (`2024-05-14T13`, `2024-05-14`, `2024-05`), in Unix ms. */
export function period_end(period: 'hour' | 'day' | 'month', key: string): number {
  if (period === 'hour') return Date.parse(`${key}:00:00Z`) + HOUR_MS;
  if (period === 'day') return Date.parse(`${key}T00:00:00Z`) + DAY_MS;
  const [year, month] = key.split('-').map(Number) as [number, number];
  return Date.UTC(year, month, 1);
}

/** Reads the history charts of one database connection. */
export class HistoryReader {
  readonly #db: SqliteDatabase;
  readonly #span;
  readonly #signature;

  readonly #account: HistoryAccount | null;

  /** Reads `account`'s bets, or every stored bet when it is null. */
  constructor(db: SqliteDatabase, account: HistoryAccount | null = null) {
    this.#db = db;
    this.#account = account;
    // Each subquery reads one end of an index (bets_account for one account): cheap with any number of bets.
    const where = account === null ? '' : ' WHERE user_id = $user_id AND site = $site';
    this.#span = db.prepare(`SELECT (SELECT MIN(time_ms) FROM bets${where}) AS first, (SELECT MAX(time_ms) FROM bets${where}) AS last`);
    this.#signature = db.prepare(`SELECT (SELECT MAX(rowid) FROM bets) AS r, (SELECT MAX(synced_at) FROM sync_state) AS s`);
  }

  /** Changes when bets are stored or a sync ends (cheap: read before each check, the view only when it moved). */
  signature(): string {
    return JSON.stringify(this.#signature.get());
  }

  /** The charts' data; no series when nothing was synced. */
  view(): HistoryView {
    const labels = MULTIPLIER_BUCKETS.map(bucketLabel);
    const counts = labels.map(() => 0);
    const account = this.#account === null ? null : { site: this.#account.site, user_id: this.#account.user_id };
    const label = this.#account === null ? null : (this.#account.label ?? this.#account.user_id);
    const span = (account === null ? this.#span.get() : this.#span.get(account)) as { first: number | null; last: number | null };
    if (span.first === null || span.last === null) return { account: label, bets: 0, period: 'hour', span: null, series: [], multipliers: { labels, counts }, games: [] };
    const width = span.last - span.first;
    const period: 'hour' | 'day' | 'month' = width < (MAX_PERIODS - 1) * HOUR_MS ? 'hour' : width < (MAX_PERIODS - 1) * DAY_MS ? 'day' : 'month';
    const stats = history_stats(this.#db, { by: period satisfies StatsGrouping, ...(account ?? {}) });
    let bets = 0;
    for (const g of stats.groups) {
      bets += g.bets;
      g.multipliers.forEach((m, i) => (counts[i] = (counts[i] as number) + m.count));
    }
    const bets_span = { first: span.first, last: span.last };
    const series = [...cumulative_profit(stats.groups, period, period_end, bets_span).entries()]
      .sort((a, b) => b[1].bets - a[1].bets)
      .slice(0, MAX_CURRENCIES)
      .map(([currency, s]) => ({ currency, bets: s.bets, t: s.t, profit: s.profit }));
    const games = game_charts(this.#db, account, period, period_end, bets_span);
    return { account: label, bets, period, span: { first: span.first / 1000, last: span.last / 1000 }, series, multipliers: { labels, counts }, games };
  }
}
