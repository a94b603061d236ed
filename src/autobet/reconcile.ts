/**
 * Finding out what happened to a bet whose answer was lost, without placing
 * it again. The seed pair's nonce counts the bets placed under it: if it has
 * not moved past the nonce the bet would have taken, and still has not a
 * moment later (a slow request may still be running), the bet was not placed;
 * if it has, the bet with that nonce is read from the bet history and checked
 * against the intent (game and amount) before it is adopted. Anything else is
 * `unknown` once the deadline passes: the engine then stops, naming the
 * identifier, rather than guess.
 */
import type { HouseBet } from '../operations/documents/history.js';
import type { IntentRef, ResolveOutcome, SeedView } from './driver.js';
import type { SettledBet } from './strategy.js';

/** What the reconciliation reads: the seeds, pages of the history, and a clock. */
export interface HistoryReader {
  seeds(signal: AbortSignal): Promise<SeedView | null>;
  history_page(offset: number, limit: number, signal: AbortSignal): Promise<readonly HouseBet[]>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** How long an unmoved nonce must stay unmoved before the bet is taken as never placed. */
export const SETTLE_MS = 1500;
/** History pages read at most when looking for bets (50 bets each). */
export const MAX_HISTORY_PAGES = 20;
const PAGE = 50;

/** A history entry as the typed methods return a bet (with `identifier`), or null for a bet that is not an original. */
export function settled_from_history(entry: HouseBet, identifier: string): SettledBet | null {
  const bet = entry.bet;
  if (bet === null || bet.__typename !== 'CasinoBet' || !('nonce' in bet)) return null;
  const { __typename: _t, state, ...fields } = bet as unknown as Record<string, unknown> & { state: Record<string, unknown> };
  const { __typename: _s, ...gameState } = state ?? {};
  return { ...(fields as object), state: gameState, identifier } as unknown as SettledBet;
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
  const found = new Map<number, SettledBet>();
  for (let page = 0; page < MAX_HISTORY_PAGES; page++) {
    let entries: readonly HouseBet[] | null = null;
    while (entries === null) {
      if (signal.aborted || Date.now() > deadline) return null;
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

/**
 * Whether the bet of `intent` exists, asked until `deadline`. A bet found is
 * returned with the intent's identifier (the history does not carry it).
 */
export async function resolve_intent(reader: HistoryReader, intent: IntentRef, deadline: number, signal: AbortSignal): Promise<ResolveOutcome> {
  let unmovedSince: number | null = null;
  let why = 'the site could not be reached';
  let delay = 250;
  while (!signal.aborted && Date.now() <= deadline) {
    const seeds = await reader.seeds(signal);
    if (seeds !== null && intent.seed_hash !== null && intent.nonce_expected !== null) {
      const expected = intent.nonce_expected;
      if (seeds.server_seed_hash === intent.seed_hash && seeds.nonce <= expected) {
        unmovedSince ??= Date.now();
        why = 'the seed pair\'s nonce has not moved';
        if (Date.now() - unmovedSince >= SETTLE_MS) return { kind: 'not_placed', by: 'nonce' };
        await reader.sleep(Math.min(500, SETTLE_MS), signal);
        continue;
      }
      unmovedSince = null;
      // The nonce moved on (or the pair was rotated since): the bet that took our nonce must be in the history.
      const found = await find_in_history(reader, intent.seed_hash, (n) => n === expected, deadline, signal);
      const bet = found?.get(expected);
      if (bet !== undefined) {
        if (bet.game !== intent.game || bet.amount !== intent.amount) {
          return { kind: 'unknown', why: `the bet with nonce ${expected} is a ${bet.game} bet of ${bet.amount}, not this ${intent.game} bet of ${intent.amount}` };
        }
        return { kind: 'placed', bet: { ...bet, identifier: intent.identifier }, by: 'history' };
      }
      why = found === null ? 'the bet history could not be read' : `no bet with nonce ${expected} in the history yet`;
    } else if (seeds !== null) {
      why = 'the intent has no seed pair to compare with';
    }
    await reader.sleep(delay, signal);
    delay = Math.min(delay * 2, 2000);
  }
  return { kind: 'unknown', why };
}
