/**
 * Verifying the stored Crash and Slide bets (rows as src/history/record.ts
 * `chain_row_of` writes them, their round looked up: `server_seed` the
 * round's hash, `client_seed` the salt, `nonce` the round's number).
 *
 * - Each bet against its round: the point the hash gives (the published
 *   algorithm, src/games/crash) decides the payout: a bet paid its
 *   `cashoutAt` needs the point to reach it, a bet paid nothing needs the
 *   point below it, and a manual Crash cashout must be below both.
 * - The bets against each other: every round's hash is the SHA-256 of the
 *   next round's, so walking the chain down from the newest stored bet must
 *   pass each older bet's hash, exactly `number` apart when the site gave
 *   the numbers (within {@link DEFAULT_MAX_CHAIN_GAP} steps when not). A
 *   hash off the chain fails as `chain`; the older bets are walked to from
 *   the last hash on it.
 */
import { judge_chain_payout } from '../fairness/chain-verify.js';
import { ChainWalk } from '../fairness/chain-walk.js';
import { CRASH_SALT } from '../games/crash/outcome.js';
import type { SqliteDatabase } from '../database/database.js';
import type { StoredBet } from './record.js';

/** The most chain steps looked through between two stored bets whose round numbers are unknown. */
export const DEFAULT_MAX_CHAIN_GAP = 1_000_000;

/** Whether a stored bet is a Crash or Slide one (verified here, not with a seed pair). */
export function is_chain_game(game: string): game is 'crash' | 'slide' {
  return game === 'crash' || game === 'slide';
}

const edge_of = (game: string): number => (game === 'crash' ? 0.01 : 0.02);

/** The verdict on one stored Crash or Slide bet's payout. */
export interface ChainOutcome {
  readonly ok: boolean;
  readonly expected: Record<string, number>;
  readonly recorded: Record<string, unknown>;
  readonly note: string | null;
}

/**
 * The bet's payout against the point its round's hash gives.
 * @throws RangeError / TypeError when the stored hash or salt is not 64 hex digits (a row changed by hand).
 */
export function verify_chain_outcome(bet: StoredBet): ChainOutcome {
  const point = new ChainWalk(bet.server_seed as string, edge_of(bet.game), bet.client_seed ?? CRASH_SALT).shown();
  const cashout_at = bet.state?.['cashoutAt'];
  const paid = bet.payout_multiplier;
  const recorded = { payoutMultiplier: paid, cashoutAt: cashout_at };
  if (typeof cashout_at !== 'number') return { ok: false, expected: { point }, recorded, note: 'no cashoutAt stored' };
  const { ok, expected } = judge_chain_payout(bet.game, paid, cashout_at, point);
  if (expected !== null) return { ok, expected: { point, payoutMultiplier: expected }, recorded, note: null };
  // Cashed out by hand (Crash only) before the round busted: below its point and its target.
  return { ok, expected: { point }, recorded, note: ok ? null : `paid ${paid}: neither its cashoutAt, 0, nor a cashout below the point` };
}

interface ChainRow {
  id: string;
  site: string;
  game: string;
  nonce: number | null;
  server_seed: string;
  client_seed: string | null;
}

/**
 * The stored Crash and Slide bets (of `where`) whose hash is not on the
 * chain the newer ones walk down, with why; one pass per site and game,
 * newest first, holding one hash at a time.
 */
export function chain_breaks(db: SqliteDatabase, and: string, params: ReadonlyArray<string | number>, max_gap: number): Map<string, string> {
  const breaks = new Map<string, string>();
  // The newest bet whose hash the walk reached (or started from), and the walk standing on its hash.
  let anchor: ChainRow | null = null;
  let walk: ChainWalk | null = null;
  const rows = db.prepare(`SELECT id, site, game, nonce, server_seed, client_seed FROM bets ${and} game IN ('crash', 'slide')
    AND server_seed IS NOT NULL ORDER BY site, game, time_ms DESC, nonce DESC, iid_num DESC`).iterate(params) as Iterable<ChainRow>;
  for (const row of rows) {
    if (anchor === null || walk === null || anchor.site !== row.site || anchor.game !== row.game) {
      walk = walker_at(row);
      anchor = walk === null ? null : row;
      continue;
    }
    const note = link(walk, anchor, row, max_gap);
    if (note === null) anchor = row;
    else {
      breaks.set(row.id, note);
      // One hash off the chain says nothing of the older ones: they are walked to from the last hash on it.
      walk = walker_at(anchor);
    }
  }
  return breaks;
}

/** A walk standing on `row`'s hash, or null when it is not one (the outcome check names that bet). */
function walker_at(row: ChainRow): ChainWalk | null {
  try {
    return new ChainWalk(row.server_seed, edge_of(row.game), row.client_seed ?? CRASH_SALT);
  } catch {
    return null;
  }
}

/** Walks `walk` (standing on `newer`'s hash) down to `older`'s; null when it lands there, else why not. */
function link(walk: ChainWalk, newer: ChainRow, older: ChainRow, max_gap: number): string | null {
  if (!/^[0-9a-f]{64}$/.test(older.server_seed)) return 'not a round hash';
  if (newer.nonce !== null && older.nonce !== null) {
    const steps = newer.nonce - older.nonce;
    if (steps < 0) return `round #${older.nonce} was settled after round #${newer.nonce}`;
    for (let i = 0; i < steps; i++) walk.step();
    return walk.is(Buffer.from(older.server_seed, 'latin1'))
      ? null
      : `round #${older.nonce}'s hash is not ${steps} SHA-256 steps below round #${newer.nonce}'s (bet ${newer.id})`;
  }
  return walk.find(older.server_seed, max_gap) === null ? `its round's hash is not within ${max_gap} SHA-256 steps below bet ${newer.id}'s round` : null;
}
