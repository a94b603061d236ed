/**
 * The site's random number generator, as published on
 * https://stake.com/provably-fair/implementation ("Random Number Generation",
 * `byteGenerator` and `generateFloats`): bytes are
 * HMAC_SHA256(key = server seed, message = "client seed:nonce:round"), 32 per
 * round, read from a byte `cursor` on (round = ⌊cursor / 32⌋); each float is
 * four consecutive bytes, Σ byte_i / 256^(i+1).
 */
import { createHash, createHmac } from 'node:crypto';

/** The inputs every outcome is a pure function of. */
export interface SeedInput {
  /** The revealed server seed (the HMAC key), exactly as the site shows it. */
  server_seed: string;
  /** The client seed, exactly as the site shows it. */
  client_seed: string;
  /** The bet's nonce: a non-negative safe integer. */
  nonce: number;
}

/** Inputs of {@link game_floats}. */
export interface FloatsInput extends SeedInput {
  /**
   * Byte offset into the HMAC stream where the first float starts (the site's
   * `cursor`; 0 unless a game says otherwise). Round ⌊cursor/32⌋ is hashed
   * first; a float that straddles a 32-byte boundary takes its remaining bytes
   * from the next round, as the site's generator does.
   */
  cursor?: number;
  /** How many floats to draw. */
  count: number;
}

/** Largest `count` one call draws: 1 << 20 floats (4 MiB of HMAC output); more is surely a mistake. */
export const MAX_FLOATS = 1 << 20;

const TWO_POW_32 = 4294967296;

/** SHA-256 hex of the server seed: the `seedHash` the site shows before the seed is revealed. */
export function server_seed_hash(server_seed: string): string {
  if (typeof server_seed !== 'string') throw new TypeError('server_seed must be a string');
  return createHash('sha256').update(server_seed).digest('hex');
}

/** Checks the seed triple; throws TypeError/RangeError naming the field. */
export function check_seed_input(input: SeedInput): void {
  if (input === null || typeof input !== 'object') throw new TypeError('expected an object with server_seed, client_seed and nonce');
  if (typeof input.server_seed !== 'string') throw new TypeError('server_seed must be a string');
  if (typeof input.client_seed !== 'string') throw new TypeError('client_seed must be a string');
  check_index('nonce', input.nonce);
}

function check_index(name: string, value: unknown): asserts value is number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number`);
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/** The 32 bytes of one HMAC round. */
export function round_bytes(input: SeedInput, round: number): Buffer {
  return createHmac('sha256', input.server_seed).update(`${input.client_seed}:${input.nonce}:${round}`).digest();
}

/**
 * `count` bytes of the stream from byte `cursor` on, with the rounds they came
 * from; this is what the site's verifier page lists before the floats.
 */
export function game_bytes(input: SeedInput & { cursor?: number; count: number }): Uint8Array {
  check_seed_input(input);
  const cursor = input.cursor ?? 0;
  check_index('cursor', cursor);
  check_index('count', input.count);
  if (input.count > MAX_FLOATS * 4) throw new RangeError(`count must be at most ${MAX_FLOATS * 4} bytes`);
  const out = new Uint8Array(input.count);
  let round = Math.floor(cursor / 32);
  let pos = cursor - round * 32;
  let digest = round_bytes(input, round);
  for (let i = 0; i < out.length; i++) {
    if (pos === 32) {
      round += 1;
      pos = 0;
      digest = round_bytes(input, round);
    }
    out[i] = digest[pos++] as number;
  }
  return out;
}

/**
 * `count` floats in [0, 1) from byte `cursor` on. Each float is exactly
 * uint32 / 2^32 of its four bytes (big-endian), which is what the site's
 * Σ byte_i / 256^(i+1) computes, since every partial sum is exact in a double.
 */
export function game_floats(input: FloatsInput): number[] {
  check_seed_input(input);
  const cursor = input.cursor ?? 0;
  check_index('cursor', cursor);
  check_index('count', input.count);
  if (input.count > MAX_FLOATS) throw new RangeError(`count must be at most ${MAX_FLOATS}`);
  return draw_floats(input, cursor, input.count);
}

/** {@link game_floats} without the checks, for callers that already made them. */
export function draw_floats(input: SeedInput, cursor: number, count: number): number[] {
  const out = new Array<number>(count);
  let round = Math.floor(cursor / 32);
  let pos = cursor - round * 32;
  let digest = round_bytes(input, round);
  for (let i = 0; i < count; i++) {
    if (pos <= 28) {
      out[i] = digest.readUInt32BE(pos) / TWO_POW_32;
      pos += 4;
      if (pos === 32 && i + 1 < count) {
        round += 1;
        pos = 0;
        digest = round_bytes(input, round);
      }
      continue;
    }
    // A float straddling two rounds (only with a cursor that is not a multiple of 4).
    let value = 0;
    for (let b = 0; b < 4; b++) {
      if (pos === 32) {
        round += 1;
        pos = 0;
        digest = round_bytes(input, round);
      }
      value = value * 256 + (digest[pos++] as number);
    }
    out[i] = value / TWO_POW_32;
  }
  return out;
}
