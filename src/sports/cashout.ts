/**
 * Cashout in two calls (SLOT, CRIC): read the live offer with
 * `PreviewCashout`, then `cashoutSportBet` at exactly that multiplier. The
 * mutation is sent once and never retried: once it may have reached the
 * site, the call rejects with the TransportError and the caller previews
 * again (the bet shows whether it was cashed out). A moved offer is the
 * site's refusal, a SportsError `cashout_unavailable`.
 */
import { name, object, signal } from './check.js';
import { CashoutSportBet, PreviewCashout, type CashedOut } from './documents/bets.js';
import { SportsError, describe_reason, to_sports_error } from './errors.js';
import { read, type SportsCore, type SportsReadOptions } from './read.js';
import { check_number } from '../games/kernel/number.js';

/** A cashout offer. */
export interface CashoutOffer {
  /** The SportBet id `cashout` takes. */
  readonly id: string;
  readonly cashoutMultiplier: number;
  readonly cashoutDisabled: boolean;
  readonly amount: number;
  readonly currency: string;
  /** `amount × cashoutMultiplier`: what the cashout would pay now. */
  readonly offer: number;
}

export async function cashout_preview(core: SportsCore, iid: string, options: SportsReadOptions = {}): Promise<CashoutOffer> {
  const o = object(options, 'options');
  const entry = (await read(core, PreviewCashout, { iid: name(iid, 'iid') }, signal(o['signal']))).bet;
  const bet = entry.bet;
  if (bet === null || !('id' in bet)) {
    throw new SportsError(`${describe_reason('cashout_unavailable')}: ${iid} is not a sport bet`, { reason: 'cashout_unavailable', sent: false });
  }
  return {
    id: bet.id, cashoutMultiplier: bet.cashoutMultiplier, cashoutDisabled: bet.cashoutDisabled,
    amount: bet.amount, currency: bet.currency, offer: bet.amount * bet.cashoutMultiplier,
  };
}

/** Cashes a slip out at `multiplier` (the previewed `cashoutMultiplier`), once. */
export async function cashout(core: SportsCore, betId: string, multiplier: number, options: SportsReadOptions = {}): Promise<CashedOut> {
  const o = object(options, 'options');
  const id = name(betId, 'betId');
  check_number(multiplier, 'multiplier', { above: 0, got: 'paren' });
  try {
    return (await core.client.graphql(CashoutSportBet, { betId: id, multiplier }, { signal: signal(o['signal']) })).cashoutSportBet;
  } catch (error) {
    throw to_sports_error(error, true);
  }
}
