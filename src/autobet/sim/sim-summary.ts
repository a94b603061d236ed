/** The summary of a simulation: the distribution of end balances, busts, drawdown, and realised against theoretical edge. */
import type { SessionResult } from './sim-session.js';

/** The last line of a simulation. Money in currency units. */
export interface SimSummary {
  readonly event: 'summary';
  readonly sessions: number;
  /** Percentiles of the end balance (nearest rank). */
  readonly p5: number;
  readonly p25: number;
  readonly p50: number;
  readonly p75: number;
  readonly p95: number;
  /** Share of sessions stopped by `insufficient_balance` (the balance could not cover the next bet). */
  readonly bust_share: number;
  /** The largest drawdown of any session. */
  readonly max_drawdown: number;
  /** The longest losing streak of any session. */
  readonly longest_loss_streak: number;
  /** Total profit over total wagered. */
  readonly realised_edge: number;
  /**
   * What the games promise: −1 % of what is wagered (the site's stated edge;
   * the keno and plinko tables return 98.65–99.16 %).
   */
  readonly theoretical_edge: number;
  readonly wagered: number;
  readonly profit: number;
  /**
   * What rounding payouts down to the currency's unit cost over all sessions
   * (part of the realised edge: at small stakes it can dwarf the house edge).
   */
  readonly rounding_loss: number;
  /** How many sessions stopped for each reason (`max_bets`, `insufficient_balance`, `error:strategy`, …). */
  readonly stop_reasons: Readonly<Record<string, number>>;
  readonly start_balance: number;
}

/** The house edge of every game the simulator plays. */
export const THEORETICAL_EDGE = -0.01;

function rank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

/** The summary of `results` in a currency of `decimals` decimals (sums are taken in whole units: no float drift). */
export function summarise(results: readonly SessionResult[], start_balance: number, decimals: number): SimSummary {
  const scale = 10 ** decimals;
  const ends = results.map((r) => r.end_balance).sort((a, b) => a - b);
  let wagered = 0;
  let profit = 0;
  let busts = 0;
  let drawdown = 0;
  let streak = 0;
  let rounding = 0;
  const reasons: Record<string, number> = {};
  for (const r of results) {
    rounding += r.rounding_loss;
    reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
    wagered += Math.round(r.wagered * scale);
    profit += Math.round(r.profit * scale);
    if (r.reason === 'insufficient_balance') busts++;
    if (r.max_drawdown > drawdown) drawdown = r.max_drawdown;
    if (r.longest_loss_streak > streak) streak = r.longest_loss_streak;
  }
  const n = results.length;
  return {
    event: 'summary',
    sessions: n,
    p5: rank(ends, 5),
    p25: rank(ends, 25),
    p50: rank(ends, 50),
    p75: rank(ends, 75),
    p95: rank(ends, 95),
    bust_share: n === 0 ? 0 : busts / n,
    max_drawdown: drawdown,
    longest_loss_streak: streak,
    realised_edge: wagered === 0 ? 0 : profit / wagered,
    theoretical_edge: THEORETICAL_EDGE,
    wagered: wagered / scale,
    profit: profit / scale,
    rounding_loss: Math.round(rounding * scale * 10_000) / 10_000 / scale,
    stop_reasons: reasons,
    start_balance,
  };
}
