/**
 * The Crash/Slide hash chain walked fast, on the WebAssembly SHA-256 that
 * stakeql/fairness builds: it lives here, not in the game's pure folder,
 * because games/crash/ imports only node: built-ins (test/cli/module-graph).
 * The plain createHash/createHmac forms in games/crash/outcome.ts stay the
 * reference the tests compare this with.
 */
import { CRASH_CHAIN_TERMINAL, CRASH_SALT, check_hash } from '../games/crash/outcome.js';
import { sha256_module } from './hmac.js';
import { IV, ST } from './sha256-wasm.js';

/**
 * How many rounds before the end of the chain `game_hash` lies: the number of
 * `previous_game_hash` steps (games/crash/outcome.ts) that reach `terminal` (for the site's
 * Crash chain, the game's number), or null when `max_steps` steps do not.
 * Synchronous and CPU-bound: about 750,000 steps a second on the build machine.
 */
export function hash_chain_distance(game_hash: string, terminal: string = CRASH_CHAIN_TERMINAL, max_steps = 10_000_000): number | null {
  check_hash('game_hash', game_hash);
  check_hash('terminal', terminal);
  if (!Number.isSafeInteger(max_steps) || max_steps < 0) throw new RangeError('max_steps must be a non-negative integer');
  // On words in WebAssembly memory ({@link ChainWalk}): a fraction of the work of a string a step.
  return new ChainWalk(game_hash, 0, CRASH_SALT).find(terminal, max_steps);
}

/*
 * Walking a Crash or Slide hash chain fast: the same arithmetic as the
 * functions above (a round's hash is the SHA-256 of the next round's hex; its
 * point the HMAC-SHA256 keyed by its hex over the salt's hex), on 32-bit
 * words in the memory of the WebAssembly SHA-256 compression stakeql/fairness
 * already builds (src/fairness/sha256-wasm.ts), with no string and no
 * allocation a round. The HMAC is written out (RFC 2104): the key, 64 bytes of
 * hex, is exactly one block, so it is XORed with the pads as it is. The
 * compression hashes four blocks side by side: {@link ChainWalk.points} puts
 * four rounds' HMACs in its lanes (the chain's own steps are sequential, one
 * lane). games/crash/outcome.ts keeps the plain createHmac form, the reference
 * the tests compare this with.
 */
const memory = new WebAssembly.Memory({ initial: 1, maximum: 1 });
const wasm = new WebAssembly.Instance(sha256_module, { env: { mem: memory } }).exports as { compress(wptr: number): void };
const mem = new Int32Array(memory.buffer);
const ST_AT = ST >> 2;
/** Blocks of 16 words × 4 lanes (word i of lane j at `i * 4 + j`), past the addresses the module itself uses. */
const STEP = 2048 >> 2;
const PAD_64 = 2304 >> 2;
const INNER_KEY = 2560 >> 2;
const SALT = 2816 >> 2;
const PAD_128 = 3072 >> 2;
const OUTER_KEY = 3328 >> 2;
const OUTER_TAIL = 3584 >> 2;
const IPAD = 0x36363636;
const OPAD = 0x5c5c5c5c;
/** The padding blocks: a 64-byte message (the chain step), a 128-byte one (pad ‖ salt), 96 bytes (pad ‖ inner digest). */
for (let lane = 0; lane < 4; lane++) {
  mem[PAD_64 + lane] = 0x80000000 | 0;
  mem[PAD_64 + 60 + lane] = 64 * 8;
  mem[PAD_128 + lane] = 0x80000000 | 0;
  mem[PAD_128 + 60 + lane] = 128 * 8;
  mem[OUTER_TAIL + 32 + lane] = 0x80000000 | 0;
  mem[OUTER_TAIL + 60 + lane] = 96 * 8;
}
/** A byte as its two hex digits' ASCII codes, high digit first. */
const HEX_PAIR = new Uint16Array(256);
for (let b = 0; b < 256; b++) HEX_PAIR[b] = ('0123456789abcdef'.charCodeAt(b >> 4) << 8) | '0123456789abcdef'.charCodeAt(b & 15);
/** The salt whose words are in the SALT block now (walkers share the memory). */
let salt_in_block: Int32Array | null = null;

/** 64 hex digits as 16 big-endian words of their ASCII codes. */
function hex_words(hex: string): Int32Array {
  const out = new Int32Array(16);
  for (let i = 0; i < 16; i++) {
    out[i] = (hex.charCodeAt(4 * i) << 24) | (hex.charCodeAt(4 * i + 1) << 16) | (hex.charCodeAt(4 * i + 2) << 8) | hex.charCodeAt(4 * i + 3);
  }
  return out;
}

/** The compression's state set to SHA-256's initial value, in every lane. */
function initial_state(): void {
  for (let i = 0; i < 8; i++) {
    const v = IV[i] as number;
    const at = ST_AT + i * 4;
    mem[at] = v;
    mem[at + 1] = v;
    mem[at + 2] = v;
    mem[at + 3] = v;
  }
}

/**
 * A position on a chain, moved towards the chain's start one round at a
 * time ({@link step}): the round played just before. Synchronous; walkers
 * share one memory, so none is used from inside another's call.
 */
export class ChainWalk {
  /** The current round's hash as hex: 16 words of ASCII (the HMAC key and the next SHA-256's message). */
  readonly #words: Int32Array;
  readonly #salt: Int32Array;
  /** 1 − the house edge (0.99 Crash, 0.98 Slide). */
  readonly #keep: number;

  /**
   * @param game_hash the round to start at (64 lower-case hex digits)
   * @param edge the house edge: 0.01 for Crash, 0.02 for Slide
   * @param salt the HMAC message as hex text (Crash: the hash of Bitcoin block 584,500)
   * @throws TypeError / RangeError naming a malformed hash, salt or edge
   */
  constructor(game_hash: string, edge: number, salt: string) {
    this.#words = hex_words(check_hash('game_hash', game_hash));
    this.#salt = hex_words(check_hash('salt', salt));
    if (typeof edge !== 'number' || !(edge >= 0 && edge < 1)) throw new RangeError('edge must be from 0 to below 1');
    this.#keep = 1 - edge;
  }

  /** The current round's hash (hex). */
  get hash(): string {
    let text = '';
    for (let i = 0; i < 16; i++) {
      const w = this.#words[i] as number;
      text += String.fromCharCode(w >>> 24, (w >>> 16) & 255, (w >>> 8) & 255, w & 255);
    }
    return text;
  }

  /** Whether the current round's hash is `hex_bytes` (64 bytes of lower-case hex, e.g. `Buffer.from(hash, 'latin1')`). */
  is(hex_bytes: Uint8Array): boolean {
    if (hex_bytes.length !== 64) return false;
    for (let i = 0; i < 16; i++) {
      const w = ((hex_bytes[4 * i] as number) << 24) | ((hex_bytes[4 * i + 1] as number) << 16) | ((hex_bytes[4 * i + 2] as number) << 8) | (hex_bytes[4 * i + 3] as number);
      if (w !== this.#words[i]) return false;
    }
    return true;
  }

  /** The current round's exact point: max(1, 2^32 / (n + 1) × (1 − edge)), n the HMAC's first 4 bytes. */
  point(): number {
    this.#load_key(0);
    this.#hmac();
    return this.#point_of(0);
  }

  /** The current round's point as the game shows it: rounded down to two decimals. */
  shown(): number {
    return Math.floor(this.point() * 100) / 100;
  }

  /**
   * The exact points of the next `out.length` rounds, this one first, into
   * `out`; the walk then stands on the round after them. Four rounds' HMACs
   * share each compression: the fast way through a long chain.
   */
  points(out: Float64Array): void {
    for (let at = 0; at < out.length; at += 4) {
      const lanes = Math.min(4, out.length - at);
      for (let lane = 0; lane < lanes; lane++) {
        this.#load_key(lane);
        this.step();
      }
      this.#hmac();
      for (let lane = 0; lane < lanes; lane++) out[at + lane] = this.#point_of(lane);
    }
  }

  /** Moves to the round played just before: the SHA-256 of this round's hex. */
  step(): void {
    const words = this.#words;
    for (let i = 0; i < 16; i++) mem[STEP + i * 4] = words[i] as number;
    initial_state();
    wasm.compress(STEP << 2);
    wasm.compress(PAD_64 << 2);
    for (let i = 0; i < 8; i++) {
      const d = mem[ST_AT + i * 4] as number;
      words[2 * i] = ((HEX_PAIR[d >>> 24] as number) << 16) | (HEX_PAIR[(d >>> 16) & 255] as number);
      words[2 * i + 1] = ((HEX_PAIR[(d >>> 8) & 255] as number) << 16) | (HEX_PAIR[d & 255] as number);
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
      if (this.is(wanted)) return steps;
      if (steps === max_steps) return null;
      this.step();
    }
  }

  /** The current round's key, XORed with the pads, into `lane` of the HMAC's key blocks. */
  #load_key(lane: number): void {
    const words = this.#words;
    for (let i = 0; i < 16; i++) {
      const k = words[i] as number;
      mem[INNER_KEY + i * 4 + lane] = k ^ IPAD;
      mem[OUTER_KEY + i * 4 + lane] = k ^ OPAD;
    }
  }

  /** HMAC of the keys in the four lanes over the salt: the digests' words in the state. */
  #hmac(): void {
    if (salt_in_block !== this.#salt) {
      for (let i = 0; i < 16; i++) {
        const v = this.#salt[i] as number;
        mem[SALT + i * 4] = v;
        mem[SALT + i * 4 + 1] = v;
        mem[SALT + i * 4 + 2] = v;
        mem[SALT + i * 4 + 3] = v;
      }
      salt_in_block = this.#salt;
    }
    initial_state();
    wasm.compress(INNER_KEY << 2);
    wasm.compress(SALT << 2);
    wasm.compress(PAD_128 << 2);
    for (let i = 0; i < 32; i++) mem[OUTER_TAIL + i] = mem[ST_AT + i] as number;
    initial_state();
    wasm.compress(OUTER_KEY << 2);
    wasm.compress(OUTER_TAIL << 2);
  }

  /** The point of the HMAC in `lane`. */
  #point_of(lane: number): number {
    const n = (mem[ST_AT + lane] as number) >>> 0;
    return Math.max(1, (2 ** 32 / (n + 1)) * this.#keep);
  }
}
