/**
 * Finding out what became of a slip or a cashout whose answer was lost,
 * without sending it again (issue 40 item 6, code review M7).
 *
 * A request the client gave up on may still sit in a queue in front of the
 * site and be booked seconds later, so an empty look proves nothing at once:
 * the site is looked at until the settle period ends (the rule autobet's
 * engine uses, src/autobet/reconcile.ts `settle_period`: at least twice the
 * request timeout, 30 s by default), and "not placed" is said only by a look
 * that started after it. Until then the answer is "not yet known".
 *
 * No time of ours is compared with the site's. The site shows no slip's
 * identifier (no public source quotes one in `SportBetPreview_SportBet`), so
 * a slip is told from others by what it is (outcomes, amount, currency, kind)
 * and by not being one of the identical slips already there just before it
 * was sent (`prior_ids`, read before the request left). A local clock that
 * is off changes nothing: the clock only measures the settle period.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { FetchActiveSportBets, FetchFinishedSportBets, type SportBet } from './documents/bets.js';
import { SportsError } from './errors.js';
import { read, type SportsCore } from './read.js';
import { request_fate } from '../operations/request-fate.js';

/** The settle period when none is given; never shorter than twice the request timeout. */
export const DEFAULT_SETTLE_MS = 30_000;
/** Longest wait between two looks at the site while a lost answer is watched for. */
export const LOOKUP_POLL_MS = 1000;
/** The most active slips one look reads: the site's cap of 150 (SLOT), three pages of 50. */
const ACTIVE_PAGES = 3;
const PAGE = 50;

/** The clock the settle period is measured on; inject one in tests. */
export interface LookupClock {
  /** ms since the epoch (only differences are used). Default `Date.now`. */
  now(): number;
  /** Waits `ms`; rejects when `signal` aborts. Default a timer. */
  sleep(ms: number, signal: AbortSignal | null): Promise<void>;
}

export const SYSTEM_CLOCK: LookupClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => wait(ms, undefined, signal === null ? {} : { signal }),
};

/**
 * The settle period for a request timeout: `settle_ms` when given (refused
 * when shorter than twice the request timeout), else the larger of 30 s and
 * twice the timeout.
 * @throws RangeError naming `settle_ms`.
 */
export function settle_period(settle_ms: unknown, request_timeout_ms: number): number {
  const floor = 2 * request_timeout_ms;
  if (settle_ms === undefined) return Math.max(DEFAULT_SETTLE_MS, floor);
  if (typeof settle_ms !== 'number' || !Number.isFinite(settle_ms) || settle_ms <= 0) {
    throw new RangeError('settle_ms must be a finite number of milliseconds above 0');
  }
  if (settle_ms < floor) {
    throw new RangeError(`settle_ms (${settle_ms} ms) must be at least twice the request timeout (${request_timeout_ms} ms): a request the client gave up on may still be booked that late`);
  }
  return settle_ms;
}

/** Options of `Sportsbook.find_slip` and `find_cashout`. */
export interface LookupOptions {
  /** When the settle period ends, on `clock` (ms since the epoch). */
  readonly settle_until: number;
  readonly clock?: LookupClock;
  readonly signal?: AbortSignal | null;
}

/** Checks a clock given by the caller; the system's when absent. @throws TypeError naming `clock`. */
export function check_clock(value: unknown): LookupClock {
  if (value === undefined) return SYSTEM_CLOCK;
  const c = value as Partial<LookupClock> | null;
  if (typeof c !== 'object' || c === null || typeof c.now !== 'function' || typeof c.sleep !== 'function') {
    throw new TypeError('clock must be an object with now() and sleep(ms, signal)');
  }
  return c as LookupClock;
}

/** Checks {@link LookupOptions}. @throws TypeError / RangeError naming the field. */
export function check_lookup(options: unknown): { settle_until: number; clock: LookupClock; signal: AbortSignal | null } {
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
  const o = options as Record<string, unknown>;
  const until = o['settle_until'];
  if (typeof until !== 'number' || !Number.isFinite(until)) throw new RangeError('settle_until must be a finite number of ms since the epoch');
  const signal = o['signal'] ?? null;
  if (signal !== null && !(signal instanceof AbortSignal)) throw new TypeError('signal must be an AbortSignal');
  return { settle_until: until, clock: check_clock(o['clock']), signal: signal as AbortSignal | null };
}

/**
 * Whether a slip or a cashout whose request failed with `error` may have been
 * booked, by the one rule of src/operations/request-fate.ts: not run only
 * when the request provably never left or the site refused it naming why.
 * A sports refusal (a SportsError: the site words them as messages without
 * an errorType, site-coverage.md §1.3) names why too. Credentials refused
 * (`auth`) say nothing and leave nothing to look with: the caller keeps the
 * intent open. Anything else (a time-out, a drop, a 5xx, a 429, a challenge,
 * a GraphQL error without an errorType or beside data, a failure after the
 * request left) is looked for through the settle period: nothing is ever
 * re-sent, so the longer look of a 429 or a challenge costs only time.
 */
export function may_have_run(error: unknown): boolean {
  if (SportsError.is(error)) return false;
  return request_fate(error).kind === 'may_have_run';
}

/** What tells a slip from the others on the site. */
export interface SlipKey {
  readonly amount: number;
  readonly currency: string;
  readonly outcomeIds: readonly string[];
  /** A same-game multi (`customBet`). */
  readonly custom: boolean;
  /** The ids of the identical slips the site showed just before this one was sent. */
  readonly prior_ids: readonly string[];
}

/**
 * A lost answer's verdict: `found` (exactly one new identical slip),
 * `not_found` (none, in a look that started after the settle period),
 * `ambiguous` (several: another client placed the same slip), or `failed`
 * (the site could not be read by the end of the settle period).
 */
export type SlipLookup =
  | { readonly lookup: 'found'; readonly bet: SportBet }
  | { readonly lookup: 'not_found' | 'ambiguous' | 'failed'; readonly bet: null };

function same_slip(bet: SportBet, key: Omit<SlipKey, 'prior_ids'>): boolean {
  if (bet.customBet !== key.custom || bet.currency !== key.currency || bet.amount !== key.amount) return false;
  if (bet.outcomes.length !== key.outcomeIds.length) return false;
  const booked = new Set(bet.outcomes.map((o) => o.outcome.id));
  return key.outcomeIds.every((id) => booked.has(id));
}

/**
 * The user's slips the site shows now that `keep` accepts: every active one
 * (up to the site's cap) and those of the newest page of finished ones (a
 * slip settled or cashed out within the settle period is there: newer ones
 * only push older ones down).
 */
async function slips_where(core: SportsCore, keep: (bet: SportBet) => boolean, signal: AbortSignal | null): Promise<SportBet[]> {
  const found = new Map<string, SportBet>();
  for (let page = 0; page < ACTIVE_PAGES; page++) {
    const bets = (await read(core, FetchActiveSportBets, { limit: PAGE, offset: page * PAGE }, signal)).user.activeSportBets;
    for (const bet of bets) if (keep(bet)) found.set(bet.id, bet);
    if (bets.length < PAGE) break;
  }
  const finished = (await read(core, FetchFinishedSportBets, { limit: PAGE, offset: 0, status: null }, signal)).user.sportBetList;
  for (const entry of finished) {
    if (!('id' in entry.bet)) continue;
    const bet = entry.bet as SportBet;
    if (!found.has(bet.id) && keep(bet)) found.set(bet.id, bet);
  }
  return [...found.values()];
}

/** The slips on the site now identical to `key` (same outcomes, amount, currency and kind). */
export function identical_slips(core: SportsCore, key: Omit<SlipKey, 'prior_ids'>, signal: AbortSignal | null): Promise<SportBet[]> {
  return slips_where(core, (bet) => same_slip(bet, key), signal);
}

function aborted(signal: AbortSignal | null): boolean {
  return signal?.aborted === true;
}

/**
 * Looks for the slip of `key` until `settle_until` (on `clock`): the first
 * look that shows exactly one new identical slip finds it; several are
 * ambiguous; none is `not_found` only when that look started at or after
 * `settle_until`. A look that fails is tried again until then.
 * @throws the signal's abort.
 */
export async function find_slip(core: SportsCore, key: SlipKey, settle_until: number, clock: LookupClock, signal: AbortSignal | null): Promise<SlipLookup> {
  const prior = new Set(key.prior_ids);
  for (;;) {
    const started = clock.now();
    let fresh: SportBet[] | null = null;
    try {
      fresh = (await identical_slips(core, key, signal)).filter((b) => !prior.has(b.id));
    } catch (error) {
      if (aborted(signal)) throw error;
    }
    if (fresh !== null && fresh.length === 1) return { lookup: 'found', bet: fresh[0] as SportBet };
    if (fresh !== null && fresh.length > 1) return { lookup: 'ambiguous', bet: null };
    if (started >= settle_until) return { lookup: fresh === null ? 'failed' : 'not_found', bet: null };
    // A closed client reads nothing more: the caller has gone (an interrupted command), so has the lookup.
    if (core.client.closed) return { lookup: 'failed', bet: null };
    await clock.sleep(Math.max(1, Math.min(LOOKUP_POLL_MS, settle_until - clock.now())), signal);
  }
}

/** Statuses of a slip the cashout reached (SLOT `SportBetStatusEnum`). */
const CASHED_OUT: readonly string[] = ['cashout', 'cashoutPending'];

/**
 * A lost cashout's verdict: `found` (the slip shows `cashout` or
 * `cashoutPending`), `not_found` (still open in a look that started after the
 * settle period, or settled otherwise), or `failed`.
 */
export type CashoutLookup =
  | { readonly lookup: 'found'; readonly bet: SportBet }
  | { readonly lookup: 'not_found'; readonly bet: SportBet }
  | { readonly lookup: 'failed'; readonly bet: null };

/**
 * Looks at the slip `betId` (among the active and the newest finished
 * slips: `BetLookup` takes the share id, which a cashout does not send) until `settle_until`: cashed out
 * is found at once; settled some other way is final (a settled slip is never
 * cashed out after); still open is `not_found` only in a look that started at
 * or after `settle_until`.
 * @throws the signal's abort.
 */
export async function find_cashout(core: SportsCore, betId: string, settle_until: number, clock: LookupClock, signal: AbortSignal | null): Promise<CashoutLookup> {
  for (;;) {
    const started = clock.now();
    let bet: SportBet | null = null;
    try {
      bet = (await slips_where(core, (b) => b.id === betId, signal))[0] ?? null;
    } catch (error) {
      if (aborted(signal)) throw error;
    }
    if (bet !== null && CASHED_OUT.includes(bet.status)) return { lookup: 'found', bet };
    if (bet !== null && !bet.active) return { lookup: 'not_found', bet };
    if (started >= settle_until) return bet === null ? { lookup: 'failed', bet: null } : { lookup: 'not_found', bet };
    if (core.client.closed) return { lookup: 'failed', bet: null };
    await clock.sleep(Math.max(1, Math.min(LOOKUP_POLL_MS, settle_until - clock.now())), signal);
  }
}
