/**
 * The lines a run prints with `--json` (and journals): one per bet, one at the
 * stop. Site fields keep the site's names; amounts are numbers as the typed
 * methods return them.
 */
import type { Counters, Money } from './counters.js';
import type { StopLine, StopReason } from '../../notify/events.js';
import type { SettledBet } from '../strategies/strategy.js';

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

// The stop line is declared with the notifications (src/notify, below autobet): a stop notice is this line and where the run was.
export type { StopLine, StopReason } from '../../notify/events.js';
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
