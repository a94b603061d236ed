/**
 * Crash and Slide: one round for everybody, so no per-user seeds. The site
 * seeded Crash in public (https://bitcointalk.org/index.php?topic=5162888.0):
 * a chain of 10,000,000 SHA-256 hashes, each the hash of the previous one's
 * hex, played from the end, whose last hash is {@link CRASH_CHAIN_TERMINAL};
 * a round's point is HMAC_SHA256(key = game hash hex, message = the hash of
 * Bitcoin block 584,500) read as a 32-bit integer n from its first 4 bytes,
 * point = max(1, 2^32 / (n + 1) × 0.99). Slide's formula is the same with a
 * 2 % edge (× 0.98), as the site's calculation page computes it
 * (KyranRana/stake-provably-fair-api, src/test/Slide.test.ts, links
 * calculation?game=slide&seed=…&hash=… for its three vectors).
 *
 * Slide's salt is UNCONFIRMED: those vectors pass the Crash salt as the
 * page's `seed` parameter themselves, so they confirm the formula for that
 * salt, not that live Slide rounds use it (a thread suggests Slide has its
 * own chain, salted with another block). No public source we found names
 * Slide's seeding block, so {@link slide_point} takes the salt as an argument
 * and defaults to the Crash salt.
 */
import { createHash, createHmac } from 'node:crypto';

/** The hash of Bitcoin block 584,500: the salt (HMAC message) of every Crash and Slide round. */
export const CRASH_SALT = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';

/** The last hash of the site's Crash chain, published before the first game. */
export const CRASH_CHAIN_TERMINAL = '78a9757d3be42b74a3f70239078ad9317125fe9ee630d5bdada46de963e56752';

/** A round's multiplier: `point` exact, `shown` rounded down to two decimals as the game displays it. */
export interface ChainPoint {
  point: number;
  shown: number;
}

export function check_hash(name: string, value: unknown): string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
  if (value.length !== 64 || !/^[0-9a-f]+$/.test(value)) throw new RangeError(`${name} must be 64 lower-case hex digits`);
  return value;
}

function chain_point(game_hash: string, edge: number, salt: string): ChainPoint {
  check_hash('game_hash', game_hash);
  check_hash('salt', salt);
  const digest = createHmac('sha256', game_hash).update(salt).digest();
  const n = (((digest[0] as number) << 24) | ((digest[1] as number) << 16) | ((digest[2] as number) << 8) | (digest[3] as number)) >>> 0;
  const point = Math.max(1, (2 ** 32 / (n + 1)) * (1 - edge));
  return { point, shown: Math.floor(point * 100) / 100 };
}

/** The Crash point of the round whose hash is `game_hash` (1 % edge). */
export function crash_point(game_hash: string, salt: string = CRASH_SALT): ChainPoint {
  return chain_point(game_hash, 0.01, salt);
}

/** The Slide point of the round whose hash is `game_hash` (2 % edge). */
export function slide_point(game_hash: string, salt: string = CRASH_SALT): ChainPoint {
  return chain_point(game_hash, 0.02, salt);
}

/** The hash of the round played just before `game_hash`: SHA-256 of its hex. */
export function previous_game_hash(game_hash: string): string {
  return createHash('sha256').update(check_hash('game_hash', game_hash)).digest('hex');
}
