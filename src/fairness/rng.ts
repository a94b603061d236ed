/**
 * The site's random number generator, as published on
 * https://stake.com/provably-fair/implementation ("Random Number Generation",
 * `byteGenerator` and `generateFloats`): bytes are
 * HMAC_SHA256(key = server seed, message = "client seed:nonce:round"), 32 per
 * round, read from a byte `cursor` on (round = ⌊cursor / 32⌋); each float is
 * four consecutive bytes, Σ byte_i / 256^(i+1).
 */
import { createHash } from 'node:crypto';
import { HmacStream, hash_rounds } from './hmac.js';
import { check_number } from '../games/kernel/number.js';

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

export function check_index(name: string, value: unknown): asserts value is number {
  check_number(value, name, { min: 0, integer: true, words: 'must be a non-negative integer', got: 'comma' });
}

/**
 * Checks a server seed as the site reveals it: hex digits, lower case (the
 * site's seeds are 64 of them). An empty or mistyped seed would still give
 * an HMAC, and so an outcome that looks real: refuse it instead.
 */
export function check_server_seed(value: unknown, field = 'server_seed'): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${field} must be a string`);
  if (value.length === 0) throw new RangeError(`${field} is empty: give the revealed server seed (64 hex digits)`);
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 48 || c > 57) && (c < 97 || c > 102)) {
      throw new RangeError(`${field} must be lower-case hex digits as the site reveals it (a character at position ${i} is not)`);
    }
  }
}

// The streams of the seed pairs in use: outcome() and the verifier come back to the same pair bet after bet.
const streams = new Map<string, Map<string, HmacStream>>();
let stream_count = 0;
let last: HmacStream | null = null;

/** The prepared HMAC stream of a seed pair (cached: pads are computed once per pair). */
export function stream_of(server_seed: string, client_seed: string): HmacStream {
  if (last !== null && last.server_seed === server_seed && last.client_seed === client_seed) return last;
  let by_client = streams.get(server_seed);
  let stream = by_client?.get(client_seed);
  if (stream === undefined) {
    if (stream_count >= 256) {
      streams.clear();
      stream_count = 0;
      by_client = undefined;
    }
    if (by_client === undefined) streams.set(server_seed, (by_client = new Map()));
    stream = new HmacStream(server_seed, client_seed);
    by_client.set(client_seed, stream);
    stream_count++;
  }
  last = stream;
  return stream;
}

let scratch = new Int32Array(8 * 64);

/** The HMAC words covering `bytes` stream bytes from `cursor` on, and the round the first word belongs to. */
function stream_words(stream: HmacStream, nonce: number, cursor: number, bytes: number): { words: Int32Array; first: number } {
  const first = Math.floor(cursor / 32);
  const rounds = Math.floor((cursor + Math.max(bytes, 1) - 1) / 32) - first + 1;
  if (scratch.length < rounds * 8) scratch = new Int32Array(rounds * 8);
  hash_rounds(stream, nonce, first, rounds, scratch);
  return { words: scratch, first };
}

/** `count` bytes of the stream of `stream` at `nonce`, from byte `cursor` on. */
export function stream_bytes(stream: HmacStream, nonce: number, cursor: number, count: number): Uint8Array {
  const { words, first } = stream_words(stream, nonce, cursor, count);
  const out = new Uint8Array(count);
  let at = cursor - first * 32;
  for (let i = 0; i < count; i++, at++) out[i] = ((words[at >> 2] as number) >>> (24 - (at & 3) * 8)) & 255;
  return out;
}

/** Floats from whole HMAC words: `count` of them from word `at` on, into `out` (or a new array). */
export function floats_of_words(words: Int32Array, at: number, count: number, out: number[] = new Array<number>(count)): number[] {
  for (let i = 0; i < count; i++) out[i] = ((words[at + i] as number) >>> 0) / TWO_POW_32;
  return out;
}

/**
 * `count` floats of the stream from byte `cursor` on. Each float is exactly
 * uint32 / 2^32 of its four bytes (big-endian), which is what the site's
 * Σ byte_i / 256^(i+1) computes, since every partial sum is exact in a double.
 */
export function stream_floats(stream: HmacStream, nonce: number, cursor: number, count: number): number[] {
  const out = new Array<number>(count);
  if (count === 0) return out;
  const { words, first } = stream_words(stream, nonce, cursor, count * 4);
  const at = cursor - first * 32;
  if ((at & 3) === 0) return floats_of_words(words, at >> 2, count, out);
  // A cursor inside a word: each float takes the last bytes of one word and the first of the next.
  const shift = (at & 3) * 8;
  for (let i = 0; i < count; i++) {
    const w = (at >> 2) + i;
    const value = (((words[w] as number) << shift) | ((words[w + 1] as number) >>> (32 - shift))) >>> 0;
    out[i] = value / TWO_POW_32;
  }
  return out;
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
  return stream_bytes(stream_of(input.server_seed, input.client_seed), input.nonce, cursor, input.count);
}

/**
 * `count` floats in [0, 1) from byte `cursor` on (see {@link stream_floats}).
 * Any string is taken as the key here, as the site's generator takes it;
 * `outcome` and the verifier also insist on a seed the site could have revealed.
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
  return stream_floats(stream_of(input.server_seed, input.client_seed), input.nonce, cursor, count);
}
