/**
 * How a run is going, as the `stats` line and the status line show it:
 * duration, pace, profit per hour, drawdown and luck, and what is left of
 * each limit. Money figures come from the engine's session counters (so a
 * resumed session keeps its drawdown and pace); luck counts the bets this
 * run has seen, each against its own win chance.
 */
import type { Counters, Money } from './counters.js';
import type { BetLine } from './events.js';
import type { Limits } from './limits.js';
import { limits_left } from './limits-left.js';
import { dice_win_chance, MINES_TILES } from '../games/payouts.js';

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
   * 100 × wins ÷ Σ each bet's win probability, over the bets of this run
   * (since it started or resumed); null before the first bet, or when a bet's
   * chance is not known from a public rule (keno, plinko: their tables are the sandbox's own).
   */
  readonly luck: number | null;
  readonly limits_left: Readonly<Record<string, number>>;
}

function choose(n: number, k: number): number {
  let out = 1;
  for (let i = 0; i < k; i++) out = (out * (n - i)) / (i + 1);
  return out;
}

/**
 * The chance (0–1) that the bet of `line` wins (pays more than it cost), from
 * the game's published rule; null where there is none we trust.
 */
export function win_probability(line: Pick<BetLine, 'game' | 'state'>): number | null {
  const s = (line.state ?? {}) as Record<string, unknown>;
  switch (line.game) {
    case 'dice': {
      const target = s['target'];
      const condition = s['condition'];
      if (typeof target !== 'number' || (condition !== 'above' && condition !== 'below')) return null;
      return dice_win_chance(target, condition) / 100;
    }
    case 'limbo': {
      const target = s['multiplierTarget'];
      // The site's rule: a result reaches x with probability 0.99 / x (1 % edge).
      return typeof target === 'number' && target >= 1 ? Math.min(1, 0.99 / target) : null;
    }
    case 'mines': {
      const mines = s['minesCount'];
      const fields = s['mines'] === undefined ? null : (s['rounds'] as unknown[] | undefined)?.length ?? null;
      if (typeof mines !== 'number' || fields === null || fields < 1) return null;
      // Every picked field safe: C(25 − m, k) / C(25, k).
      return choose(MINES_TILES - mines, fields) / choose(MINES_TILES, fields);
    }
    default:
      return null;
  }
}

/** What the stats read: the session's counters (live), the limits, the currency's units. */
export interface StatsSource {
  readonly counters: Counters;
  readonly limits: Limits;
  readonly money: Money;
}

/** Keeps what luck needs from each bet and writes stats lines. */
export class RunStats {
  readonly #src: StatsSource;
  #wins = 0;
  #expected = 0;
  #counted = 0;
  #unknown = false;

  constructor(source: StatsSource) {
    this.#src = source;
  }

  /** A settled bet of this run. */
  bet(line: BetLine): void {
    const p = win_probability(line);
    this.#counted++;
    if (p === null) this.#unknown = true;
    else this.#expected += p;
    if (line.payoutMultiplier > 1) this.#wins++;
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
      luck: this.#unknown || this.#counted === 0 || this.#expected === 0 ? null : Math.round((10_000 * this.#wins) / this.#expected) / 100,
      limits_left: limits_left(limits, c, money),
    };
  }
}
