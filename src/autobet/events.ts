/**
 * The lines a run prints with `--json` (and journals): one per bet, one at the
 * stop. Site fields keep the site's names; amounts are numbers as the typed
 * methods return them.
 */
import type { Counters, Money } from './counters.js';
import type { SettledBet } from './strategy.js';

/** One settled bet. `profit` is this bet's (payout − amount); `balance` the balance after it. */
export interface BetLine {
  readonly event: 'bet';
  readonly seq: number;
  readonly identifier: string;
  readonly game: string;
  readonly amount: number;
  readonly currency: string;
  readonly payoutMultiplier: number;
  readonly payout: number;
  readonly profit: number;
  readonly balance: number;
  readonly nonce: number;
  readonly state: unknown;
}

/**
 * Why a run stopped: a limit's name (`stop_loss`, `max_bets`, …),
 * `insufficient_balance`, `strategy`, `user` (`autobet stop`, the dashboard),
 * `interrupted` (Ctrl-C), `unknown_outcome`, `seeds_exhausted`, or
 * `error:<errorType>` (`error:strategy`, `error:insufficientBalance`, `error:network`, …).
 */
export type StopReason = string;

/** The last line of a run. Money in currency units. */
export interface StopLine {
  readonly event: 'stop';
  readonly reason: StopReason;
  readonly bets: number;
  readonly wins: number;
  readonly losses: number;
  readonly wagered: number;
  readonly profit: number;
  /** Moved into the vault during the session (it stays in the account). */
  readonly vaulted: number;
  /** Words that go with the reason: the strategy's, the error's, the identifier of a bet whose outcome is unknown. */
  readonly message?: string;
  /** The bet whose outcome could not be told (`unknown_outcome`, or `interrupted` while resolving). */
  readonly identifier?: string;
}

/**
 * A wait for trouble to pass before a bet is tried again: `reason` is what
 * the run would stop with once `--retry-for` is spent (`rateLimited`,
 * `network`, `challenge`, `parallelCasinoBet`), `seconds` the wait.
 */
export interface WaitLine {
  readonly event: 'wait';
  readonly reason: string;
  readonly seconds: number;
}

/** The line of a settled bet. */
export function bet_line(seq: number, bet: SettledBet, currency: string, profit_units: number, c: Counters, money: Money): BetLine {
  return {
    event: 'bet',
    seq,
    identifier: bet.identifier,
    game: bet.game,
    amount: bet.amount,
    currency,
    payoutMultiplier: bet.payoutMultiplier,
    payout: bet.payout,
    profit: money.amount(profit_units),
    balance: money.amount(c.balance),
    nonce: bet.nonce,
    state: bet.state,
  };
}

/** The stop line for `reason`. */
export function stop_line(reason: StopReason, c: Counters, money: Money, extra: { message?: string; identifier?: string } = {}): StopLine {
  return {
    event: 'stop',
    reason,
    bets: c.bets,
    wins: c.wins,
    losses: c.losses,
    wagered: money.amount(c.wagered),
    profit: money.amount(c.profit),
    vaulted: money.amount(c.vaulted ?? 0),
    ...(extra.message === undefined ? {} : { message: extra.message }),
    ...(extra.identifier === undefined ? {} : { identifier: extra.identifier }),
  };
}
