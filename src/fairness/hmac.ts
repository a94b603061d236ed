/**
 * HMAC-SHA256 for the site's byte stream, fast: the key's inner and outer
 * pads are compressed once per seed pair (and so is every whole 64-byte block
 * of "client seed:"), so the HMAC of one "client:nonce:round" costs two
 * compressions of a block already in place, no allocation, and four of them
 * run side by side in the lanes of the WebAssembly SIMD compression
 * ({@link ./sha256-wasm.ts}). Exact for every key and message: keys over 64
 * bytes are hashed first (RFC 2104), strings are UTF-8, nonces of any width,
 * messages of any length.
 *
 * One engine per thread (the module's memory); every call is synchronous, so
 * no two callers ever share a lane half-written.
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { BLK, INS, IV, MSG, MSG_BLOCKS, OUTS, ST, WS, sha256_simd_module } from './sha256-wasm.js';

const LANES = 4;
const COLON = 0x3a;
const encoder = new TextEncoder();

/**
 * The compiled module. A scanner worker is handed the main thread's (in its
 * `workerData.sha256_module`), so it shares the code V8 already optimised
 * instead of compiling, and warming up, its own.
 */
export const sha256_module: WebAssembly.Module = given_module() ?? new WebAssembly.Module(sha256_simd_module() as BufferSource);

function given_module(): WebAssembly.Module | null {
  if (isMainThread || workerData === null || typeof workerData !== 'object') return null;
  const given = (workerData as { sha256_module?: unknown }).sha256_module;
  return given instanceof WebAssembly.Module ? given : null;
}

const memory = new WebAssembly.Memory({ initial: 1, maximum: 1 });
const exports = new WebAssembly.Instance(sha256_module, { env: { mem: memory } }).exports as {
  compress(wptr: number): void;
  hmac(nblocks: number): void;
};
const u8 = new Uint8Array(memory.buffer);
const i32 = new Int32Array(memory.buffer);
const ST_WORD = ST >> 2;
const st_view = i32.subarray(ST_WORD, ST_WORD + 32);

// The outer block's padding never changes: 32 bytes of digest, then 0x80, zeros, length 768 bits.
for (let lane = 0; lane < LANES; lane++) {
  i32[(WS >> 2) + 8 * 4 + lane] = 0x80000000 | 0;
  i32[(WS >> 2) + 15 * 4 + lane] = (64 + 32) * 8;
}

/** Where byte k of a lane-0 message goes: words are big-endian, stored as little-endian lanes. */
const MSG_AT = new Uint16Array(64 * MSG_BLOCKS);
for (let k = 0; k < MSG_AT.length; k++) MSG_AT[k] = MSG + (k >> 6) * 256 + ((k & 63) >> 2) * 16 + (3 - (k & 3));

/** SHA-256 of one 64-byte block (at `block[at…]`) from `state`, into `out`, on lane 0. */
function compress_one(state: ArrayLike<number>, block: Uint8Array, at: number, out: Int32Array): void {
  const base = BLK >> 2;
  for (let i = 0; i < 16; i++) {
    const p = at + i * 4;
    i32[base + i * 4] = ((block[p] as number) << 24) | ((block[p + 1] as number) << 16) | ((block[p + 2] as number) << 8) | (block[p + 3] as number);
  }
  for (let i = 0; i < 8; i++) i32[ST_WORD + i * 4] = state[i] as number;
  exports.compress(BLK);
  for (let i = 0; i < 8; i++) out[i] = i32[ST_WORD + i * 4] as number;
}

/** The state after `bytes` (whole blocks only) from `state`. */
function absorb(state: Int32Array, bytes: Uint8Array, blocks: number): Int32Array {
  for (let b = 0; b < blocks; b++) compress_one(state, bytes, b * 64, state);
  return state;
}

/** `bytes` padded as SHA-256 pads a message that already had `before` bytes hashed: whole blocks. */
function padded(bytes: Uint8Array, before: number): Uint8Array {
  const total = before + bytes.length;
  const length = Math.ceil((bytes.length + 9) / 64) * 64;
  const out = new Uint8Array(length);
  out.set(bytes);
  out[bytes.length] = 0x80;
  const bits = total * 8;
  const view = new DataView(out.buffer);
  view.setUint32(length - 8, Math.floor(bits / 4294967296));
  view.setUint32(length - 4, bits >>> 0);
  return out;
}

function digest_bytes(state: Int32Array): Uint8Array {
  const out = new Uint8Array(32);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) view.setInt32(i * 4, state[i] as number);
  return out;
}

/** SHA-256 of `bytes`. */
export function sha256(bytes: Uint8Array): Uint8Array {
  const block = padded(bytes, 0);
  return digest_bytes(absorb(Int32Array.from(IV), block, block.length / 64));
}

/** The inner and outer states of an HMAC key (RFC 2104: a key over 64 bytes is hashed first). */
function key_states(key: Uint8Array): { inner: Int32Array; outer: Int32Array } {
  const k = key.length > 64 ? sha256(key) : key;
  const inner_block = new Uint8Array(64).fill(0x36);
  const outer_block = new Uint8Array(64).fill(0x5c);
  for (let i = 0; i < k.length; i++) {
    inner_block[i] = (inner_block[i] as number) ^ (k[i] as number);
    outer_block[i] = (outer_block[i] as number) ^ (k[i] as number);
  }
  return { inner: absorb(Int32Array.from(IV), inner_block, 1), outer: absorb(Int32Array.from(IV), outer_block, 1) };
}

/**
 * HMAC-SHA256 of any key and message (strings as UTF-8): the general form,
 * for checks and one-off use; the site's stream goes through {@link HmacStream}.
 */
export function hmac_sha256(key: string | Uint8Array, message: string | Uint8Array): Uint8Array {
  const { inner, outer } = key_states(typeof key === 'string' ? encoder.encode(key) : key);
  const data = padded(typeof message === 'string' ? encoder.encode(message) : message, 64);
  const inner_digest = digest_bytes(absorb(inner, data, data.length / 64));
  const tail = padded(inner_digest, 64);
  return digest_bytes(absorb(outer, tail, 1));
}

/**
 * One seed pair made ready for HMAC(server seed, "client seed:nonce:round"):
 * the key's pads and the whole blocks of "client seed:" compressed, the rest
 * of that prefix kept as bytes.
 */
export class HmacStream {
  /** The key (server seed) and the client seed this stream hashes with, as given. */
  readonly server_seed: string;
  readonly client_seed: string;
  /** The inner state after the key's pad and the whole blocks of the prefix. */
  readonly midstate: Int32Array;
  /** The outer state (after the key's outer pad). */
  readonly outer: Int32Array;
  /** The prefix bytes after its whole blocks (fewer than 64). */
  readonly tail: Uint8Array;
  /** Bytes hashed before `tail`: the pad block and the prefix's whole blocks. */
  readonly before: number;

  constructor(server_seed: string, client_seed: string) {
    this.server_seed = server_seed;
    this.client_seed = client_seed;
    const states = key_states(encoder.encode(server_seed));
    const prefix = encoder.encode(`${client_seed}:`);
    const whole = prefix.length >> 6;
    this.midstate = absorb(states.inner, prefix, whole);
    this.outer = states.outer;
    this.tail = prefix.slice(whole * 64);
    this.before = 64 + whole * 64;
  }
}

// What each lane holds, so consecutive nonces rewrite only their digits.
const lane_stream: (HmacStream | null)[] = [null, null, null, null];
const lane_width = new Int32Array(LANES).fill(-1);
const lane_round = new Float64Array(LANES).fill(-1);
const lane_blocks = new Int32Array(LANES);
/** The HMAC words of the last {@link run_lanes}: word i of lane j at `i * 4 + j`. */
export const lane_words = new Int32Array(32);

function digits_of(n: number): number {
  let width = 1;
  while (n >= 10) {
    n = Math.floor(n / 10);
    width++;
  }
  return width;
}

function write_byte(lane: number, k: number, value: number): void {
  u8[(MSG_AT[k] as number) + lane * 4] = value;
}

/**
 * Loads lane `lane` with the message "client:nonce:round" of `stream`;
 * returns how many blocks it takes. Only what changed since the lane's last
 * message is written: a new pair rewrites the states and the prefix, a new
 * nonce width or round the suffix and the length, and every nonce its digits.
 */
export function load_lane(lane: number, stream: HmacStream, nonce: number, round: number): number {
  const tail = stream.tail;
  if (lane_stream[lane] !== stream) {
    lane_stream[lane] = stream;
    lane_width[lane] = -1;
    for (let i = 0; i < 8; i++) {
      i32[(INS >> 2) + i * 4 + lane] = stream.midstate[i] as number;
      i32[(OUTS >> 2) + i * 4 + lane] = stream.outer[i] as number;
    }
    for (let k = 0; k < tail.length; k++) write_byte(lane, k, tail[k] as number);
  }
  let width: number;
  if (nonce < 10) width = 1;
  else if (nonce < 100_000) width = nonce < 100 ? 2 : nonce < 1000 ? 3 : nonce < 10_000 ? 4 : 5;
  else width = digits_of(nonce);
  if (width !== lane_width[lane] || round !== lane_round[lane]) {
    lane_width[lane] = width;
    lane_round[lane] = round;
    const round_text = String(round);
    let k = tail.length + width;
    write_byte(lane, k++, COLON);
    for (let i = 0; i < round_text.length; i++) write_byte(lane, k++, round_text.charCodeAt(i));
    const blocks = (k + 9 + 63) >> 6;
    lane_blocks[lane] = blocks;
    write_byte(lane, k++, 0x80);
    const end = blocks * 64 - 8;
    while (k < end) write_byte(lane, k++, 0);
    const bits = (stream.before + tail.length + width + 1 + round_text.length) * 8;
    const hi = Math.floor(bits / 4294967296);
    for (let i = 0; i < 4; i++) write_byte(lane, end + i, (hi >>> (24 - i * 8)) & 255);
    for (let i = 0; i < 4; i++) write_byte(lane, end + 4 + i, (bits >>> (24 - i * 8)) & 255);
  }
  // The nonce's decimal digits, last first.
  let n = nonce;
  const offset = lane * 4;
  for (let k = tail.length + width - 1; k >= tail.length; k--) {
    const q = n < 2147483648 ? (n / 10) | 0 : Math.floor(n / 10);
    u8[(MSG_AT[k] as number) + offset] = 48 + (n - q * 10);
    n = q;
  }
  return lane_blocks[lane] as number;
}

/**
 * Hashes lanes 0…`count − 1` as loaded; their HMACs land in {@link lane_words}.
 * Lanes of different lengths (a nonce width or a round count crossing a block
 * edge) run in one pass per length.
 */
export function run_lanes(count: number): void {
  const blocks = lane_blocks[0] as number;
  let same = true;
  for (let lane = 1; lane < count; lane++) if (lane_blocks[lane] !== blocks) same = false;
  if (same) {
    exports.hmac(blocks);
    lane_words.set(st_view);
    return;
  }
  for (let b = 1; b <= MSG_BLOCKS; b++) {
    exports.hmac(b);
    for (let lane = 0; lane < count; lane++) {
      if (lane_blocks[lane] !== b) continue;
      for (let i = 0; i < 8; i++) lane_words[i * 4 + lane] = st_view[i * 4 + lane] as number;
    }
  }
}

/** How many lanes one pass hashes. */
export const HMAC_LANES = LANES;

/**
 * The HMACs of rounds `first … first + count − 1` of one nonce into `out`
 * (8 words a round, round r at `(r − first) * 8`), four rounds a pass.
 */
export function hash_rounds(stream: HmacStream, nonce: number, first: number, count: number, out: Int32Array): void {
  for (let r = 0; r < count; r += LANES) {
    const lanes = Math.min(LANES, count - r);
    for (let j = 0; j < lanes; j++) load_lane(j, stream, nonce, first + r + j);
    run_lanes(lanes);
    for (let j = 0; j < lanes; j++) {
      for (let i = 0; i < 8; i++) out[(r + j) * 8 + i] = lane_words[i * 4 + j] as number;
    }
  }
}

/**
 * Round 0 of `count` (stream, nonce) pairs, any mix of seed pairs, four lanes
 * a pass: the words of pair k land at `out[k * 8 …]`. For a verifier or a
 * replay that has many bets in hand, one pass of the lanes serves four of them.
 */
export function hash_first_rounds(streams: readonly HmacStream[], nonces: ArrayLike<number>, count: number, out: Int32Array): void {
  for (let k = 0; k < count; k += LANES) {
    const lanes = Math.min(LANES, count - k);
    for (let j = 0; j < lanes; j++) load_lane(j, streams[k + j] as HmacStream, nonces[k + j] as number, 0);
    run_lanes(lanes);
    for (let j = 0; j < lanes; j++) {
      for (let i = 0; i < 8; i++) out[(k + j) * 8 + i] = lane_words[i * 4 + j] as number;
    }
  }
}
