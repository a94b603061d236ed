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
import { createHash, createHmac, hash } from 'node:crypto';

/** The hash of Bitcoin block 584,500: the salt (HMAC message) of every Crash and Slide round. */
export const CRASH_SALT = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';

/** The last hash of the site's Crash chain, published before the first game. */
export const CRASH_CHAIN_TERMINAL = '78a9757d3be42b74a3f70239078ad9317125fe9ee630d5bdada46de963e56752';

/** A round's multiplier: `point` exact, `shown` rounded down to two decimals as the game displays it. */
export interface ChainPoint {
  point: number;
  shown: number;
}

function check_hash(name: string, value: unknown): string {
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

/**
 * How many rounds before the end of the chain `game_hash` lies: the number of
 * {@link previous_game_hash} steps that reach `terminal` (for the site's
 * Crash chain, the game's number), or null when `max_steps` steps do not.
 * Synchronous and CPU-bound: about 750,000 steps a second on the build machine.
 */
export function hash_chain_distance(game_hash: string, terminal: string = CRASH_CHAIN_TERMINAL, max_steps = 10_000_000): number | null {
  check_hash('game_hash', game_hash);
  check_hash('terminal', terminal);
  if (!Number.isSafeInteger(max_steps) || max_steps < 0) throw new RangeError('max_steps must be a non-negative integer');
  // On bytes in reused buffers ({@link ChainWalk}): a fraction of the work of a string a step.
  return new ChainWalk(game_hash, 0, CRASH_SALT).find(terminal, max_steps);
}

/*
 * Walking a Crash or Slide hash chain fast: the same arithmetic as the
 * functions above (a round's hash is the SHA-256 of the next round's hex; its
 * point the HMAC-SHA256 keyed by its hex over the salt's hex), on bytes in
 * buffers reused from round to round instead of hex strings. The HMAC is
 * written out (RFC 2104): the key, 64 bytes of hex, is exactly SHA-256's
 * block, so it is used as it is, XORed with the pads, and each round costs
 * three one-shot `crypto.hash` calls and no key object (createHmac builds
 * one per call, the larger part of its cost). The functions above keep the
 * plain createHmac form, the reference the tests compare this with.
 */
const HEX = Buffer.from('0123456789abcdef', 'latin1');
const IPAD = 0x36;
const OPAD = 0x5c;

/**
 * A position on a chain, moved towards the chain's start one round at a
 * time ({@link step}): the round played just before. Not thread-safe and not
 * reentrant: one walker per loop.
 */
export class ChainWalk {
  /** The current round's hash as hex bytes (the HMAC key and the next SHA-256's message). */
  readonly #hex = Buffer.alloc(64);
  /** (key ⊕ ipad) ‖ salt: the inner hash's whole message. */
  readonly #inner = Buffer.alloc(128);
  /** (key ⊕ opad) ‖ inner digest: the outer hash's message. */
  readonly #outer = Buffer.alloc(96);
  /** 1 − the house edge (0.99 Crash, 0.98 Slide). */
  readonly #keep: number;

  /**
   * @param game_hash the round to start at (64 lower-case hex digits)
   * @param edge the house edge: 0.01 for Crash, 0.02 for Slide
   * @param salt the HMAC message as hex text (Crash: the hash of Bitcoin block 584,500)
   * @throws TypeError / RangeError naming a malformed hash or salt
   */
  constructor(game_hash: string, edge: number, salt: string) {
    this.#hex.write(check_hash('game_hash', game_hash), 'latin1');
    this.#inner.write(check_hash('salt', salt), 64, 'latin1');
    if (typeof edge !== 'number' || !(edge >= 0 && edge < 1)) throw new RangeError('edge must be from 0 to below 1');
    this.#keep = 1 - edge;
  }

  /** The current round's hash (hex). */
  get hash(): string {
    return this.#hex.toString('latin1');
  }

  /** Whether the current round's hash is `hex_bytes` (64 bytes of lower-case hex, e.g. `Buffer.from(hash, 'latin1')`). */
  is(hex_bytes: Uint8Array): boolean {
    return this.#hex.equals(hex_bytes);
  }

  /** The current round's exact point: max(1, 2^32 / (n + 1) × (1 − edge)), n the HMAC's first 4 bytes. */
  point(): number {
    const hex = this.#hex;
    const inner = this.#inner;
    const outer = this.#outer;
    for (let i = 0; i < 64; i++) {
      const k = hex[i] as number;
      inner[i] = k ^ IPAD;
      outer[i] = k ^ OPAD;
    }
    hash('sha256', inner, 'buffer').copy(outer, 64);
    const mac = hash('sha256', outer, 'buffer');
    const n = mac.readUInt32BE(0);
    return Math.max(1, (2 ** 32 / (n + 1)) * this.#keep);
  }

  /** The current round's point as the game shows it: rounded down to two decimals. */
  shown(): number {
    return Math.floor(this.point() * 100) / 100;
  }

  /** Moves to the round played just before: the SHA-256 of this round's hex. */
  step(): void {
    const digest = hash('sha256', this.#hex, 'buffer');
    const hex = this.#hex;
    for (let i = 0; i < 32; i++) {
      const b = digest[i] as number;
      hex[2 * i] = HEX[b >> 4] as number;
      hex[2 * i + 1] = HEX[b & 15] as number;
    }
  }

  /**
   * Steps until the current hash is `target` (hex), at most `max_steps`
   * steps; the number of steps taken, or null when they did not reach it
   * (the walker then stands `max_steps` rounds on).
   */
  find(target: string, max_steps: number): number | null {
    const wanted = Buffer.from(check_hash('target', target), 'latin1');
    if (!Number.isSafeInteger(max_steps) || max_steps < 0) throw new RangeError('max_steps must be a non-negative integer');
    for (let steps = 0; ; steps++) {
      if (this.#hex.equals(wanted)) return steps;
      if (steps === max_steps) return null;
      this.step();
    }
  }
}
