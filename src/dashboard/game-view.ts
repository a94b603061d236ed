/**
 * The history panel's charts per game: one for every game in the stored
 * history (originals, Crash and Slide, wheel, roulette, baccarat, pump, …
 * whatever `history sync` stored), each its cumulative profit over time in
 * the currency most bet on that game, with the game's counts beside it. All
 * from `history_stats` (src/history), as the panel's other charts, so the
 * page and `stakeql history stats --by game` add up the same way.
 */
import { history_stats, type StatsGroup } from '../history/index.js';
import type { SqliteDatabase } from '../journal/index.js';

/** Games drawn (the most bet on): more than the registry holds. */
export const MAX_GAMES = 60;

/** One currency's cumulative profit over periods. */
export interface CumulativeProfit {
  readonly bets: number;
  /** Unix seconds: the end of each period. */
  readonly t: number[];
  /** Cumulative profit at `t`, in currency units. */
  readonly profit: number[];
}

/** One game's chart and figures. */
export interface GameChart {
  /** The game's slug as the history stores it. */
  readonly game: string;
  /** Bets, wins and losses over every currency. */
  readonly bets: number;
  readonly wins: number;
  readonly losses: number;
  /** The currency the chart and the sums are in: the one most bet on this game. */
  readonly currency: string;
  /** Bets in `currency`. */
  readonly currency_bets: number;
  /** Wagered and profit in `currency`, as plain decimals (exact). */
  readonly wagered: string;
  readonly profit: string;
  /** Unix seconds and the cumulative profit in `currency` (the profit-over-time chart). */
  readonly t: readonly number[];
  readonly curve: readonly number[];
}

type Period = 'hour' | 'day' | 'month';

/**
 * Per currency, the cumulative profit of period-grouped stats (groups come
 * ordered by period). A currency whose decimals changed between syncs is
 * summed in the finer unit, exactly.
 */
/** The first and last bet's time (Unix ms) a curve is drawn between. */
export interface BetSpan {
  readonly first: number;
  readonly last: number;
}

/**
 * `curve` drawn over the bets' own time span (issue 48): it starts at 0 at the
 * first bet, and no point lies after the last bet (a period's end can be an
 * hour or a month past it), so a few minutes of bets are a few minutes wide.
 */
function within_span(curve: { t: number[]; profit: number[] }, span: BetSpan | undefined): void {
  if (span === undefined || curve.t.length === 0) return;
  const first = span.first / 1000;
  const last = span.last / 1000;
  for (let i = 0; i < curve.t.length; i++) curve.t[i] = Math.min(curve.t[i] as number, last);
  if ((curve.t[0] as number) > first) {
    curve.t.unshift(first);
    curve.profit.unshift(0);
  }
}

export function cumulative_profit(groups: readonly StatsGroup[], period: Period, end_of: (period: Period, key: string) => number, span?: BetSpan): Map<string, CumulativeProfit> {
  const by = new Map<string, { bets: number; decimals: number; t: number[]; profit: number[]; units: bigint }>();
  for (const g of groups) {
    let s = by.get(g.currency);
    if (s === undefined) {
      s = { bets: 0, decimals: g.decimals, t: [], profit: [], units: 0n };
      by.set(g.currency, s);
    }
    if (g.decimals > s.decimals) {
      s.units *= 10n ** BigInt(g.decimals - s.decimals);
      s.decimals = g.decimals;
    }
    s.bets += g.bets;
    s.units += g.profit_units * 10n ** BigInt(s.decimals - g.decimals);
    const t = end_of(period, g.key) / 1000;
    const profit = Number(s.units) / 10 ** s.decimals;
    // A period holding two rows of a currency (two decimals) keeps one point.
    if (s.t[s.t.length - 1] === t) s.profit[s.profit.length - 1] = profit;
    else {
      s.t.push(t);
      s.profit.push(profit);
    }
  }
  for (const s of by.values()) within_span(s, span);
  return new Map([...by].map(([currency, s]) => [currency, { bets: s.bets, t: s.t, profit: s.profit }]));
}

/** The charts of every game in `account`'s history (every stored bet when null), most bet on first. */
export function game_charts(
  db: SqliteDatabase,
  account: { site: string; user_id: string } | null,
  period: Period,
  end_of: (period: Period, key: string) => number,
  span?: BetSpan,
): GameChart[] {
  const games = new Map<string, { bets: number; wins: number; losses: number; currencies: StatsGroup[] }>();
  for (const g of history_stats(db, { by: 'game', ...(account ?? {}) }).groups) {
    let entry = games.get(g.key);
    if (entry === undefined) games.set(g.key, (entry = { bets: 0, wins: 0, losses: 0, currencies: [] }));
    entry.bets += g.bets;
    entry.wins += g.wins;
    entry.losses += g.losses;
    entry.currencies.push(g);
  }
  return [...games]
    .sort((a, b) => b[1].bets - a[1].bets || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_GAMES)
    .map(([game, g]) => {
      // The currency most bet on (ties: the first by name, as the stats order them); its decimals' rows summed.
      const totals = new Map<string, number>();
      for (const c of g.currencies) totals.set(c.currency, (totals.get(c.currency) ?? 0) + c.bets);
      const currency = [...totals].sort((a, b) => b[1] - a[1])[0]?.[0] as string;
      const in_currency = history_stats(db, { by: 'all', game, currency, ...(account ?? {}) }).groups;
      const sum = in_currency.length === 1 ? (in_currency[0] as StatsGroup) : null;
      const curve = cumulative_profit(history_stats(db, { by: period, game, currency, ...(account ?? {}) }).groups, period, end_of, span).get(currency);
      return {
        game,
        bets: g.bets,
        wins: g.wins,
        losses: g.losses,
        currency,
        currency_bets: totals.get(currency) ?? 0,
        // Two decimals of one currency in the history (a changed configuration): the sums are per decimals, the curve's is whole.
        wagered: sum?.wagered ?? '',
        profit: sum?.profit ?? String(curve?.profit.at(-1) ?? 0),
        t: curve?.t ?? [],
        curve: curve?.profit ?? [],
      };
    });
}
