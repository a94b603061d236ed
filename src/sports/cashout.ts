/**
 * Cashout in two calls (SLOT, CRIC): read the live offer with
 * `PreviewCashout`, then `cashoutSportBet` at exactly that multiplier. The
 * mutation is sent once and never retried: `on_intent` hears of it before it
 * leaves, and once it may have run (lookup.ts `may_have_run`) the slip is
 * looked at among the active and newest finished slips through the settle
 * period: cashed out is the result (`recovered`); otherwise the call rejects
 * with the error, marked with `lookup`. A moved offer is the site's refusal,
 * a SportsError `cashout_unavailable`.
 */
import { name, object, signal } from './check.js';
import { CashoutSportBet, PreviewCashout, type CashedOut } from './documents/bets.js';
import { SportsError, describe_reason, to_sports_error } from './errors.js';
import { check_clock, find_cashout, may_have_run, settle_period, type LookupClock } from './lookup.js';
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

/** Per-call options of `cashout`. */
export interface CashoutOptions extends SportsReadOptions {
  /** Called with the cashout before the request leaves (write it down here); if it throws, nothing is sent. */
  readonly on_intent?: (intent: { readonly betId: string; readonly multiplier: number }) => void | Promise<void>;
  /** How long (ms) a cashout whose answer was lost is looked for; at least twice `timeout_ms` (as `bet`'s). */
  readonly settle_ms?: number;
  /** The clock the settle period is measured on; default the system's. */
  readonly clock?: LookupClock;
}

/** What a cashout paid; `recovered` when its answer was lost and the slip showed it cashed out (nothing re-sent). */
export interface CashoutResult extends CashedOut {
  readonly recovered: boolean;
}

function mark(error: unknown, fields: Record<string, unknown>): void {
  if (typeof error !== 'object' || error === null || !Object.isExtensible(error)) return;
  for (const [key, value] of Object.entries(fields)) Object.defineProperty(error, key, { value, enumerable: true, writable: false, configurable: true });
}

/** Cashes a slip out at `multiplier` (the previewed `cashoutMultiplier`), once. */
export async function cashout(core: SportsCore, betId: string, multiplier: number, options: CashoutOptions = {}): Promise<CashoutResult> {
  const o = object(options, 'options');
  const id = name(betId, 'betId');
  check_number(multiplier, 'multiplier', { above: 0, got: 'paren' });
  const abort = signal(o['signal']);
  const on_intent = o['on_intent'];
  if (on_intent !== undefined && typeof on_intent !== 'function') throw new TypeError('on_intent must be a function');
  const clock = check_clock(o['clock']);
  const settle = settle_period(o['settle_ms'], core.client.timeout_ms);
  if (typeof on_intent === 'function') await (on_intent as NonNullable<CashoutOptions['on_intent']>)({ betId: id, multiplier });
  try {
    const done = (await core.client.graphql(CashoutSportBet, { betId: id, multiplier }, { signal: abort })).cashoutSportBet;
    return { ...done, recovered: false };
  } catch (error) {
    const mapped = to_sports_error(error, true);
    if (!may_have_run(mapped)) throw mapped;
    // The cashout may have run, or run later: look at the slip through the settle period, never send it again.
    let found: Awaited<ReturnType<typeof find_cashout>>;
    try {
      found = await find_cashout(core, id, clock.now() + settle, clock, abort);
    } catch {
      mark(mapped, { bet_id: id, lookup: 'failed' });
      throw mapped;
    }
    if (found.lookup !== 'found') {
      mark(mapped, { bet_id: id, lookup: found.lookup, ...(found.bet === null ? {} : { status: found.bet.status }) });
      throw mapped;
    }
    return { id: found.bet.id, payout: found.bet.payout, currency: found.bet.currency, recovered: true };
  }
}
