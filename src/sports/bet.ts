/**
 * Placing a slip, with the money rules: every input checked, every leg
 * re-read just before the wire (market active, odds within what `oddsChange`
 * accepts against the odds the caller saw), the intent handed to
 * `on_intent` before the request leaves, one mutation sent once with a fresh
 * identifier. A lost answer (any failure but a refusal or a request that
 * never left: lookup.ts `may_have_run`) is looked up, never re-sent: the
 * identical slips already on the site are read before sending, and the one
 * new identical slip seen before the settle period ends is the result; none
 * by then, or several, and the call rejects with the error (marked with the
 * identifier and `lookup`).
 */
import { bet_basics, type AmountInput } from '../operations/bets.js';
import { StakeError } from '../transport/errors/index.js';
import { bet_type, name, object, odds, odds_change, signal } from './check.js';
import { BetSlipFooter_CustomSportBet, PlaceSportBet, type SportBet } from './documents/bets.js';
import type { OutcomeCheck } from './documents/read.js';
import { SportsError, describe_reason, to_sports_error } from './errors.js';
import { check_clock, find_slip, identical_slips, may_have_run, settle_period, type LookupClock } from './lookup.js';
import { custom_bet_odds, outcome, type SportsCore } from './read.js';
import type { OddsChange, PlacedSlip, Provider, SlipIntent, SlipLeg, SportBetType } from './types.js';

/** Most legs one slip may hold (ours: the site's maximum is not public). */
export const MAX_LEGS = 20;

/** Inputs of `bet` and `custom_bet`. */
export interface SlipInput {
  readonly amount: AmountInput;
  /** As `CurrencyEnum` spells it: `btc`, `usdt`, ... */
  readonly currency: string;
  /** One id: a single; several (of different fixtures): an accumulator. */
  readonly outcomeIds: readonly string[];
  /** The odds the caller saw, aligned with `outcomeIds`; without it, the odds re-read just before sending. */
  readonly expected_odds?: readonly number[];
  /** Each leg's provider, aligned with `outcomeIds`; default: the one a fixture read showed, else by `betType`. */
  readonly providers?: readonly Provider[];
  /** `none` (default: exact odds only), `higher`, or `any`. */
  readonly oddsChange?: OddsChange;
  /** `sports` (default) or `esports`. */
  readonly betType?: SportBetType;
  /** Sent as the slip's `identifier`; 21 random characters when omitted. */
  readonly identifier?: string;
}

/** Per-call options of `bet` and `custom_bet`. */
export interface SlipOptions {
  readonly signal?: AbortSignal | null;
  /** Called with the intent before the request leaves (write it down here); if it throws, nothing is sent. */
  readonly on_intent?: (intent: SlipIntent) => void | Promise<void>;
  /**
   * How long (ms) a slip whose answer was lost is looked for before it is
   * taken as not placed; at least twice the client's `timeout_ms`. Default
   * the larger of 30 s and twice `timeout_ms` (lookup.ts `settle_period`).
   */
  readonly settle_ms?: number;
  /** The clock the settle period is measured on (tests inject one); default the system's. */
  readonly clock?: LookupClock;
}

interface CheckedSlip {
  readonly amount: number;
  readonly currency: string;
  readonly identifier: string;
  readonly outcomeIds: readonly string[];
  readonly expected: readonly (number | null)[];
  readonly providers: readonly Provider[];
  readonly oddsChange: OddsChange;
  readonly betType: SportBetType;
}

function check_slip(core: SportsCore, input: unknown): CheckedSlip {
  const given = object(input, 'bet input');
  if (given['amount'] === undefined) throw new TypeError('amount is required');
  const { amount, currency, identifier } = bet_basics(core.client, given);
  const ids = given['outcomeIds'];
  if (!Array.isArray(ids)) throw new TypeError('outcomeIds must be an array of outcome ids');
  if (ids.length === 0 || ids.length > MAX_LEGS) throw new RangeError(`outcomeIds must hold 1 to ${MAX_LEGS} ids`);
  const outcomeIds = ids.map((id, i) => name(id, `outcomeIds[${i}]`));
  if (new Set(outcomeIds).size !== outcomeIds.length) throw new RangeError('outcomeIds must not repeat an outcome');
  const aligned = (value: unknown, field: string): unknown[] | null => {
    if (value === undefined) return null;
    if (!Array.isArray(value)) throw new TypeError(`${field} must be an array aligned with outcomeIds`);
    if (value.length !== outcomeIds.length) throw new RangeError(`${field} must have one entry per outcome id (${outcomeIds.length})`);
    return value;
  };
  const expected = aligned(given['expected_odds'], 'expected_odds')?.map((v, i) => odds(v, `expected_odds[${i}]`)) ?? outcomeIds.map(() => null);
  const betType = bet_type(given['betType']);
  const fallback: Provider = betType === 'esports' ? 'oddin' : 'betradar';
  const providers = aligned(given['providers'], 'providers')?.map((v, i) => name(v, `providers[${i}]`)) ??
    outcomeIds.map((id) => core.providers.get(id) ?? fallback);
  return { amount, currency, identifier, outcomeIds, expected, providers, oddsChange: odds_change(given['oddsChange']), betType };
}

function accepts(change: OddsChange, expected: number, current: number): boolean {
  return change === 'any' || current === expected || (change === 'higher' && current > expected);
}

/** Re-reads every leg and refuses (nothing sent) a suspended market, a finished fixture or moved odds. */
async function check_legs(core: SportsCore, slip: CheckedSlip, abort: AbortSignal | null): Promise<SlipLeg[]> {
  const checks: OutcomeCheck[] = await Promise.all(slip.outcomeIds.map((id, i) => outcome(core, id, slip.providers[i] as Provider, { signal: abort })));
  return checks.map((check, i) => {
    const outcomeId = slip.outcomeIds[i] as string;
    const refuse = (reason: 'market_inactive' | 'odds_changed' | 'outcome_unavailable', expected: number | null): never => {
      throw new SportsError(`${describe_reason(reason)} (outcome ${outcomeId}; nothing was sent)`, {
        reason, sent: false, identifier: slip.identifier, outcome_id: outcomeId, expected_odds: expected, current_odds: check.odds,
      });
    };
    if (check.market.status !== 'active') refuse('market_inactive', slip.expected[i] ?? null);
    const fixture = check.market.fixture.status;
    if (fixture === 'ended' || fixture === 'cancelled' || fixture === 'closed') refuse('outcome_unavailable', slip.expected[i] ?? null);
    const expected = slip.expected[i] ?? check.odds;
    if (!accepts(slip.oddsChange, expected, check.odds)) refuse('odds_changed', expected);
    return {
      outcomeId, provider: check.market.provider, expected_odds: expected, checked_odds: check.odds, odds: null,
      market_id: check.market.id, fixture_slug: check.market.fixture.slug,
    };
  });
}

function product(values: readonly number[]): number {
  let p = 1;
  for (const v of values) p *= v;
  return p;
}

function mark(error: unknown, fields: Record<string, unknown>): void {
  if (typeof error !== 'object' || error === null || !Object.isExtensible(error)) return;
  for (const [key, value] of Object.entries(fields)) {
    Object.defineProperty(error, key, { value, enumerable: true, writable: false, configurable: true });
  }
}

function placed(intent: SlipIntent, bet: SportBet, recovered: boolean): PlacedSlip {
  const booked = new Map(bet.outcomes.map((o) => [o.outcome.id, o.odds]));
  const legs = intent.legs.map((leg) => ({ ...leg, odds: booked.get(leg.outcomeId) ?? null }));
  return {
    ...intent, legs, id: bet.id, iid: bet.bet?.iid ?? null, total_odds: bet.potentialMultiplier,
    potential_payout: bet.amount * bet.potentialMultiplier, status: bet.status, placed_at: bet.createdAt, recovered,
  };
}

/**
 * Places a single or an accumulator (`PlaceSportBet`), or with `custom` a
 * same-game multi (`BetSlipFooter_CustomSportBet`, after `customBetOdds`).
 */
export async function place_slip(core: SportsCore, input: SlipInput, options: SlipOptions = {}, custom = false): Promise<PlacedSlip> {
  const slip = check_slip(core, input);
  const o = object(options, 'options');
  const abort = signal(o['signal']);
  const on_intent = o['on_intent'];
  if (on_intent !== undefined && typeof on_intent !== 'function') throw new TypeError('on_intent must be a function');
  if (custom && slip.outcomeIds.length < 2) throw new RangeError('a same-game multi needs at least 2 outcome ids');
  const clock = check_clock(o['clock']);
  const settle = settle_period(o['settle_ms'], core.client.timeout_ms);

  // The identical slips already on the site: after a lost answer, ours is the one new among them.
  const key = { amount: slip.amount, currency: slip.currency, outcomeIds: slip.outcomeIds, custom };
  const prior_ids = (await identical_slips(core, key, abort)).map((b) => b.id);
  const legs = await check_legs(core, slip, abort);
  let expected_total = product(legs.map((l) => l.expected_odds));
  if (custom) {
    const priced = await custom_bet_odds(core, slip.outcomeIds, { signal: abort });
    if (priced.compatibleSelections.some((s) => s.conflict || s.outcomes.some((x) => x.conflict))) {
      throw new SportsError(`${describe_reason('not_combinable')} (nothing was sent)`, { reason: 'not_combinable', sent: false, identifier: slip.identifier });
    }
    expected_total = priced.odds;
  }
  const kind = custom ? 'same_game_multi' : slip.outcomeIds.length === 1 ? 'single' : 'accumulator';
  const intent: SlipIntent = {
    kind, identifier: slip.identifier, amount: slip.amount, currency: slip.currency, betType: slip.betType,
    oddsChange: slip.oddsChange, legs, expected_total_odds: expected_total, intent_at: clock.now(), prior_ids,
  };
  if (typeof on_intent === 'function') await (on_intent as NonNullable<SlipOptions['on_intent']>)(intent);

  const common = { amount: slip.amount, currency: slip.currency, outcomeIds: slip.outcomeIds, oddsChange: slip.oddsChange, identifier: slip.identifier };
  try {
    if (custom) {
      const bet = (await core.client.graphql(BetSlipFooter_CustomSportBet, common, { signal: abort })).customSportBet;
      return {
        ...intent, id: bet.id, iid: null, total_odds: bet.potentialMultiplier, potential_payout: bet.amount * bet.potentialMultiplier,
        status: 'active', placed_at: null, recovered: false,
      };
    }
    const bet = (await core.client.graphql(PlaceSportBet, { ...common, betType: slip.betType }, { signal: abort })).sportBet;
    return placed(intent, bet, false);
  } catch (error) {
    const mapped = to_sports_error(error, true, slip.identifier);
    if (!may_have_run(mapped)) {
      if (StakeError.is(mapped)) mark(mapped, { identifier: slip.identifier });
      throw mapped;
    }
    // The slip may be booked, or be booked later: look for it through the settle period, never send it again.
    const settle_until = clock.now() + settle;
    let found: Awaited<ReturnType<typeof find_slip>>;
    try {
      found = await find_slip(core, { ...key, prior_ids }, settle_until, clock, abort);
    } catch {
      // Aborted while looking: still unknown, and the error must still say the slip may be booked.
      mark(mapped, { identifier: slip.identifier, lookup: 'failed' });
      throw mapped;
    }
    if (found.bet === null) {
      mark(mapped, { identifier: slip.identifier, lookup: found.lookup });
      throw mapped;
    }
    return placed(intent, found.bet, true);
  }
}
