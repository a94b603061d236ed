/**
 * Walking a Crash or Slide hash chain fast: the same arithmetic as
 * outcome.ts (a round's hash is the SHA-256 of the next round's hex; its
 * point the HMAC-SHA256 keyed by its hex over the salt's hex), on bytes in
 * buffers reused from round to round instead of hex strings. The HMAC is
 * written out (RFC 2104): the key, 64 bytes of hex, is exactly SHA-256's
 * block, so it is used as it is, XORed with the pads, and each round costs
 * three one-shot `crypto.hash` calls and no key object (createHmac builds
 * one per call, the larger part of its cost). outcome.ts keeps the plain
 * createHmac form as the reference the tests compare this with.
 */
import { hash } from 'node:crypto';

const HEX = Buffer.from('0123456789abcdef', 'latin1');
const IPAD = 0x36;
const OPAD = 0x5c;
const HEX_DIGITS = /^[0-9a-f]{64}$/;

function check_hash(name: string, value: unknown): string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
  if (!HEX_DIGITS.test(value)) throw new RangeError(`${name} must be 64 lower-case hex digits`);
  return value;
}

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
