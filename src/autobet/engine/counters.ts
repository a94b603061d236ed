/**
 * The engine's counters, in whole units of the currency's smallest unit so a
 * run of millions of bets never drifts. They are what the limits are checked
 * against and what is journaled with every bet (a resume restores them: a
 * restart never resets a spent stop-loss).
 */
import type { SettledBet } from '../strategies/strategy.js';

/** Counters of one session. Money fields are integers of the smallest unit. */
export interface Counters {
  bets: number;
  wins: number;
  losses: number;
  profit: number;
  wagered: number;
  balance: number;
  /** Positive: wins in a row; negative: losses in a row. */
  streak: number;
  peak_profit: number;
  /** Largest fall from a peak so far (for the simulator's drawdown). */
  max_drawdown: number;
  longest_loss_streak: number;
  /** Milliseconds spent running, summed over resumes (`max_duration`). */
  elapsed_ms: number;
  /**
   * Moved into the vault this session (`vault_pct`, `{ vault }`, `invest()`):
   * out of the balance, not out of the profit. Absent in a journal written before it existed.
   */
  vaulted?: number;
  /**
   * Σ each bet's win chance (0–1), for luck: wins ÷ this. Null once a bet's
   * chance is not known (keno, plinko); absent in a journal written before it existed.
   */
  expected_wins?: number | null;
}

/** Fresh counters for a session starting with `balance` units. */
export function new_counters(balance: number): Counters {
  return { bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, balance, streak: 0, peak_profit: 0, max_drawdown: 0, longest_loss_streak: 0, elapsed_ms: 0, vaulted: 0, expected_wins: 0 };
}

/** A session's totals as journaled with its last bet. Money in currency units. */
export interface SessionTotals {
  readonly bets: number;
  readonly wins: number;
  readonly profit: number;
  readonly peak_profit: number;
  readonly wagered: number;
}

/** The totals of `c` in currency units. */
export function session_totals(c: Counters, money: Money): SessionTotals {
  return { bets: c.bets, wins: c.wins, profit: money.amount(c.profit), peak_profit: money.amount(c.peak_profit), wagered: money.amount(c.wagered) };
}

/** Converts between currency units and whole smallest units. */
export class Money {
  readonly decimals: number;
  readonly #scale: number;

  constructor(decimals: number) {
    this.decimals = decimals;
    this.#scale = 10 ** decimals;
  }

  /** Exact for amounts that have at most `decimals` decimals (checked before). */
  units(amount: number): number {
    return Math.round(amount * this.#scale);
  }

  /** Rounded down: a limit or a balance read in units never allows more than written. */
  units_down(amount: number): number {
    const scaled = amount * this.#scale;
    const near = Math.round(scaled);
    return Math.abs(scaled - near) < 1e-6 ? near : Math.floor(scaled);
  }

  /** Rounded up: a floor never allows less than written. */
  units_up(amount: number): number {
    const scaled = amount * this.#scale;
    const near = Math.round(scaled);
    return Math.abs(scaled - near) < 1e-6 ? near : Math.ceil(scaled);
  }

  /** Back to currency units: the double nearest the decimal, so JSON prints it short. */
  amount(units: number): number {
    return units / this.#scale;
  }
}

/** Whether a settled bet counts as won: it paid more than it cost (multiplier above 1). */
export function is_win(bet: SettledBet): boolean {
  return bet.payoutMultiplier > 1;
}

/** Adds one settled bet (`amount` and `payout` in units) to the counters, in place. */
export function count_bet(c: Counters, amount: number, payout: number, won: boolean): void {
  c.bets++;
  c.wagered += amount;
  c.profit += payout - amount;
  c.balance += payout - amount;
  if (won) {
    c.wins++;
    c.streak = c.streak > 0 ? c.streak + 1 : 1;
  } else {
    c.losses++;
    c.streak = c.streak < 0 ? c.streak - 1 : -1;
    if (-c.streak > c.longest_loss_streak) c.longest_loss_streak = -c.streak;
  }
  if (c.profit > c.peak_profit) c.peak_profit = c.profit;
  if (c.peak_profit - c.profit > c.max_drawdown) c.max_drawdown = c.peak_profit - c.profit;
}
