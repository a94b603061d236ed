/**
 * Finding out what happened to a bet whose answer was lost, without placing
 * it again. The seed pair's nonce counts the bets placed under it, and the
 * bet history holds each of them with its nonce.
 *
 * A request the client gave up on may still sit in a queue in front of the
 * site (a proxy, Cloudflare, a busy server) and be booked seconds later. So
 * an unmoved nonce proves nothing at once: the bet is taken as never placed
 * only once the settle period has passed (at least twice the request
 * timeout, 30 s by default) with no bet of it under the seed pair. Until
 * then the nonce and the history are watched; the first bet at or past the
 * intent's nonce that is this bet (its game, amount and parameters) is it.
 * Bets in between that are not it were placed by someone else (another
 * client on the account): the engine adopts them, and this one may still
 * land after them. Anything that cannot be read by the deadline is
 * `unknown`: the engine then stops, naming the identifier, rather than guess.
 * A bet the site already named (a round's opening answered with its id) is
 * looked for by that id and is never "not placed".
 */
import type { HouseBet } from '../../operations/documents/my-bet-list.js';
import type { Adoption, IntentRef, ResolveOutcome, SeedView } from './driver.js';
import type { SettledBet } from '../strategies/strategy.js';
import { DEFAULT_SETTLE_MS, settle_period } from '../../operations/request-fate.js';

// One settle period for every kind of bet (request-fate.ts), re-exported where the engine has always named it.
export { DEFAULT_SETTLE_MS, settle_period };

/** What the reconciliation reads: the seeds, pages of the history, and a clock. */
export interface HistoryReader {
  seeds(signal: AbortSignal): Promise<SeedView | null>;
  history_page(offset: number, limit: number, signal: AbortSignal): Promise<readonly HouseBet[]>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** The clock the deadlines are on (ms since the epoch); default `Date.now`. */
  now?(): number;
}

/** History pages read at most when looking for bets (50 bets each). */
export const MAX_HISTORY_PAGES = 20;
const PAGE = 50;
/** Longest wait between two looks at the site while a lost answer is watched for. */
const POLL_MS = 1000;

/**
 * The resolve timeout for a settle period: `resolve_timeout_ms` when given
 * (refused when shorter than the settle period), else the larger of 60 s and
 * the settle period plus one request timeout (room for the last look).
 * @throws RangeError naming `resolve_timeout_ms`.
 */
export function resolve_period(resolve_timeout_ms: number | undefined, settle_ms: number, request_timeout_ms: number): number {
  if (resolve_timeout_ms === undefined) return Math.max(60_000, settle_ms + request_timeout_ms);
  if (typeof resolve_timeout_ms !== 'number' || !Number.isFinite(resolve_timeout_ms) || resolve_timeout_ms <= 0) {
    throw new RangeError('resolve_timeout_ms must be a finite number of milliseconds above 0');
  }
  if (resolve_timeout_ms < settle_ms) {
    throw new RangeError(`resolve_timeout_ms (${resolve_timeout_ms} ms) must be at least the settle period (${settle_ms} ms)`);
  }
  return resolve_timeout_ms;
}

/** A history entry as the typed methods return a bet (with `identifier`), or null for a bet that is not an original. */
export function settled_from_history(entry: HouseBet, identifier: string): SettledBet | null {
  const bet = entry.bet;
  if (bet === null || bet.__typename !== 'CasinoBet' || !('nonce' in bet)) return null;
  const { __typename: _t, state, ...fields } = bet as unknown as Record<string, unknown> & { state: Record<string, unknown> };
  const { __typename: _s, ...gameState } = state ?? {};
  return { ...(fields as object), state: gameState, identifier } as unknown as SettledBet;
}

/**
 * The bet of `intent` among `bets` (in nonce order): the first with its game
 * and amount whose state also shows its parameters (a dice target and
 * condition, a limbo multiplier); else the first with its game and amount.
 * The parameters only choose between candidates, never rule one out: a site
 * that writes a target otherwise than it was sent (33.333 as 33.33) must not
 * make this bet look like another's, and so be sent again.
 */
export function intended_among(bets: readonly SettledBet[], intent: IntentRef): SettledBet | undefined {
  // A round's stake grows with its steps: a bet the site named is found by its id, never by an amount.
  if (intent.bet_id !== undefined) return bets.find((b) => b.id === intent.bet_id);
  const candidates = bets.filter((b) => b.game === intent.game && b.amount === intent.amount);
  return candidates.find((b) => same_params(b, intent)) ?? candidates[0];
}

function same_params(bet: SettledBet, intent: IntentRef): boolean {
  const state = (bet.state ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(intent.params ?? {})) {
    if (key === 'amount' || value === null || typeof value === 'object') continue;
    if (key in state && state[key] !== value) return false;
  }
  return true;
}

/**
 * The bets of seed pair `seed_hash` whose nonce `want`s, by nonce, read from
 * the newest history pages (until a page reaches below them); null when the
 * history could not be read before `deadline`.
 */
export async function find_in_history(
  reader: HistoryReader,
  seed_hash: string,
  want: (nonce: number) => boolean,
  deadline: number,
  signal: AbortSignal,
): Promise<Map<number, SettledBet> | null> {
  const now = reader.now?.bind(reader) ?? Date.now;
  const found = new Map<number, SettledBet>();
  for (let page = 0; page < MAX_HISTORY_PAGES; page++) {
    let entries: readonly HouseBet[] | null = null;
    while (entries === null) {
      if (signal.aborted || now() > deadline) return null;
      try {
        entries = await reader.history_page(page * PAGE, PAGE, signal);
      } catch {
        await reader.sleep(500, signal);
      }
    }
    let below = false;
    for (const entry of entries) {
      const bet = settled_from_history(entry, '');
      if (bet === null || bet.serverSeed.seedHash !== seed_hash) continue;
      if (want(bet.nonce)) found.set(bet.nonce, bet);
      else below = true;
    }
    if (below || entries.length < PAGE) break;
  }
  return found;
}

/** The bets of pair `seed_hash` from nonce `from` on that the history holds, oldest first, and whether any is missing. */
export async function adopt_from_history(reader: HistoryReader, seed_hash: string, from: number, deadline: number, signal: AbortSignal): Promise<Adoption> {
  const found = await find_in_history(reader, seed_hash, (nonce) => nonce >= from, deadline, signal);
  if (found === null) return { bets: [], gap: 'the bet history could not be read in time' };
  const bets = [...found.values()].sort((a, b) => a.nonce - b.nonce);
  const expected = bets.length === 0 ? 0 : (bets[bets.length - 1] as SettledBet).nonce - from + 1;
  return { bets, gap: bets.length === expected ? null : `only ${bets.length} of ${expected} bets were found in the history` };
}

/**
 * Whether the bet of `intent` exists, watched until it is found, or until
 * the settle period (`intent.settle_until`) has passed without it, or until
 * `deadline` (then `unknown`). The last look is always taken after the
 * settle period ends, even when the deadline is earlier. A bet found is
 * returned with the intent's identifier (the history does not carry it).
 */
export async function resolve_intent(reader: HistoryReader, intent: IntentRef, deadline: number, signal: AbortSignal): Promise<ResolveOutcome> {
  const now = reader.now?.bind(reader) ?? Date.now;
  const settle_until = intent.settle_until ?? now();
  const end = Math.max(deadline, settle_until);
  let why = 'the site could not be reached';
  for (;;) {
    if (signal.aborted) break;
    const lookedAt = now();
    const seeds = await reader.seeds(signal);
    const settled = lookedAt >= settle_until;
    if (seeds !== null && intent.seed_hash !== null && intent.nonce_expected !== null) {
      const expected = intent.nonce_expected;
      const moved = seeds.server_seed_hash !== intent.seed_hash || seeds.nonce > expected;
      if (!moved) {
        if (settled && intent.bet_id === undefined) return { kind: 'not_placed', by: 'nonce' };
        why = 'the seed pair\'s nonce has not moved';
      } else {
        // Someone's bets took nonces from ours on (or the pair was rotated since): is one of them this bet?
        const last = seeds.server_seed_hash === intent.seed_hash ? seeds.nonce : Infinity;
        const found = await find_in_history(reader, intent.seed_hash, (n) => n >= expected && n < last, end, signal);
        if (found !== null) {
          const nonces = [...found.keys()].sort((a, b) => a - b);
          const bet = intended_among(nonces.map((n) => found.get(n) as SettledBet), intent);
          if (bet !== undefined) return { kind: 'placed', bet: { ...bet, identifier: intent.identifier }, by: 'history' };
          const complete = last !== Infinity && nonces.length === last - expected;
          // Only others' bets so far: this one may still land after them, until the settle period ends.
          if (complete && settled && intent.bet_id === undefined) return { kind: 'not_placed', by: 'history' };
          const first = found.get(expected);
          why = first !== undefined
            ? `the bet with nonce ${expected} is a ${first.game} bet of ${first.amount}, not this ${intent.game} bet of ${intent.amount}, and this one is not in the history`
            : `no bet with nonce ${expected} in the history yet`;
        } else {
          why = 'the bet history could not be read';
        }
      }
    } else if (seeds !== null) {
      why = 'the intent has no seed pair to compare with';
    }
    const t = now();
    if (t > end || (settled && t > deadline)) break;
    // Wake up for the end of the settle period, so the verdict is never later than it needs to be.
    const wait = Math.min(POLL_MS, Math.max(0, (t < settle_until ? settle_until : end) - t));
    await reader.sleep(Math.max(wait, 50), signal);
  }
  return { kind: 'unknown', why };
}
