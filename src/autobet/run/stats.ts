/**
 * How a run is going, as the `stats` line and the status line show it:
 * duration, pace, profit per hour, drawdown and luck, and what is left of
 * each limit. Money figures come from the engine's session counters (so a
 * resumed session keeps its drawdown, pace and luck). Luck is the session's
 * wins against the sum of each bet's win chance, which the engine keeps in
 * the counters as it counts a bet (journaled with them).
 */
import type { Counters, Money } from '../engine/counters.js';
import type { Limits } from '../engine/limits.js';
import { limits_left } from '../engine/limits-left.js';
export { win_probability } from '../engine/win-probability.js';

/** One `{ "event": "stats" }` line. Money in currency units. */
export interface StatsLine {
  readonly event: 'stats';
  /** Seconds of running, summed over resumes. */
  readonly seconds: number;
  readonly bets: number;
  readonly bets_per_second: number;
  readonly profit: number;
  readonly profit_per_hour: number;
  readonly wagered: number;
  /** Peak profit (starting at 0) − profit now. */
  readonly drawdown: number;
  readonly max_drawdown: number;
  /**
   * 100 × wins ÷ Σ each bet's win probability, over the session; null before
   * the first bet, or when a bet's chance is not known from a public rule
   * (keno, plinko: their tables are the sandbox's own).
   */
  readonly luck: number | null;
  readonly limits_left: Readonly<Record<string, number>>;
}

/** What the stats read: the session's counters (live), the limits, the currency's units. */
export interface StatsSource {
  readonly counters: Counters;
  readonly limits: Limits;
  readonly money: Money;
}

/** Luck from counters: 100 × wins ÷ expected wins, to 2 decimals; null when unknown. */
export function luck_of(c: Pick<Counters, 'bets' | 'wins' | 'expected_wins'>): number | null {
  const expected = c.expected_wins;
  if (c.bets === 0 || expected === null || expected === undefined || !(expected > 0)) return null;
  return Math.round((10_000 * c.wins) / expected) / 100;
}

/** Writes stats lines from the session's counters. */
export class RunStats {
  readonly #src: StatsSource;

  constructor(source: StatsSource) {
    this.#src = source;
  }

  /** The figures now. */
  line(): StatsLine {
    const { counters: c, limits, money } = this.#src;
    const seconds = c.elapsed_ms / 1000;
    const profit = money.amount(c.profit);
    return {
      event: 'stats',
      seconds: Math.round(seconds * 10) / 10,
      bets: c.bets,
      bets_per_second: seconds > 0 ? Math.round((c.bets / seconds) * 100) / 100 : 0,
      profit,
      profit_per_hour: seconds > 0 ? money.amount(Math.round((c.profit * 3600) / seconds)) : 0,
      wagered: money.amount(c.wagered),
      drawdown: money.amount(c.peak_profit - c.profit),
      max_drawdown: money.amount(c.max_drawdown),
      luck: luck_of(c),
      limits_left: limits_left(limits, c, money),
    };
  }
}
