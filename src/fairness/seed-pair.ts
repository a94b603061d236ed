/**
 * A seed pair prepared once and drawn from many times: what a simulator or a
 * replay needs when it plays thousands of nonces of one pair.
 */
import { hash_first_rounds, type HmacStream } from './hmac.js';
import { game_definition, type GameName, type GameOutcomes, type GameParams } from './outcome.js';
import { MAX_FLOATS, check_index, check_server_seed, floats_of_words, stream_floats, stream_of } from './rng.js';

/** The two seeds of a pair, as the site shows them once the server seed is revealed. */
export interface SeedPair {
  /** The revealed server seed: lower-case hex, as the site reveals it. */
  server_seed: string;
  /** The client seed, any text (hashed as UTF-8). */
  client_seed: string;
}

/**
 * A seed pair with its HMAC key pads computed once (see {@link prepare_seed_pair}).
 * Every method is synchronous and gives exactly what the one-off functions give.
 */
export interface PreparedSeedPair {
  readonly server_seed: string;
  readonly client_seed: string;
  /**
   * `count` floats of nonce `nonce` from byte `cursor` on (default 0): the same
   * as `game_floats({ server_seed, client_seed, nonce, cursor, count })`.
   */
  floats(nonce: number, count: number, cursor?: number): number[];
  /**
   * The outcome of `game` at `nonce`, with the game's parameters (`{ minesCount }`,
   * `{ rows }`, …; none for dice or limbo): the same as
   * `outcome(game, { server_seed, client_seed, nonce, ...params })`.
   */
  outcome<G extends GameName>(game: G, nonce: number, params?: GameParams[G]): GameOutcomes[G];
  /**
   * The outcomes of `game` at nonces `from … from + count − 1`, the same as
   * `count` calls of {@link outcome}; for a game that draws at most 8 floats
   * (the first round of its stream: dice, limbo, wheel, pump short of expert) the nonces are hashed four at a time in the SIMD lanes, which is
   * what a simulator playing one nonce after another wants.
   */
  outcomes<G extends GameName>(game: G, from: number, count: number, params?: GameParams[G]): GameOutcomes[G][];
  /**
   * The first round (32 bytes, the words of 8 floats) of nonces `from … from + count − 1`, hashed four at a time
   * in the SIMD lanes: nonce `from + k`'s words land at `out[k * 8 …]` (`out` holds at least `count × 8`). The
   * floats of any game that draws at most 8 follow from them (`floats_of_words`), whatever its parameters.
   */
  first_rounds(from: number, count: number, out: Int32Array): void;
}

/** Floats in the first round of a nonce's stream (32 bytes): a game that draws no more is hashed in batches. */
const FIRST_ROUND_FLOATS = 8;
/** Nonces hashed in one call of the batch path (whole passes of the four lanes). */
const BATCH = 256;
const batch_words = new Int32Array(BATCH * 8);
const batch_nonces = new Float64Array(BATCH);

class Prepared implements PreparedSeedPair {
  readonly server_seed: string;
  readonly client_seed: string;
  readonly #stream: HmacStream;
  /** The stream in every slot of a batch, made with the pair (a field set later would change every pair's shape). */
  readonly #lanes: HmacStream[];

  constructor(stream: HmacStream) {
    this.#stream = stream;
    this.#lanes = new Array<HmacStream>(BATCH).fill(stream);
    this.server_seed = stream.server_seed;
    this.client_seed = stream.client_seed;
  }

  floats(nonce: number, count: number, cursor = 0): number[] {
    check_index('nonce', nonce);
    check_index('cursor', cursor);
    check_index('count', count);
    if (count > MAX_FLOATS) throw new RangeError(`count must be at most ${MAX_FLOATS}`);
    return stream_floats(this.#stream, nonce, cursor, count);
  }

  outcome<G extends GameName>(game: G, nonce: number, params?: GameParams[G]): GameOutcomes[G] {
    const definition = game_definition(game);
    check_index('nonce', nonce);
    if (params !== undefined && (params === null || typeof params !== 'object')) throw new TypeError('params must be an object');
    const checked = definition.params((params ?? {}) as Record<string, unknown>);
    return definition.translate(stream_floats(this.#stream, nonce, 0, definition.float_count(checked)), checked) as GameOutcomes[G];
  }

  outcomes<G extends GameName>(game: G, from: number, count: number, params?: GameParams[G]): GameOutcomes[G][] {
    const definition = game_definition(game);
    check_index('from', from);
    check_index('count', count);
    check_index('nonce', from + Math.max(0, count - 1));
    if (params !== undefined && (params === null || typeof params !== 'object')) throw new TypeError('params must be an object');
    const checked = definition.params((params ?? {}) as Record<string, unknown>);
    const out: GameOutcomes[G][] = [];
    const floats = definition.float_count(checked);
    if (floats > FIRST_ROUND_FLOATS) {
      for (let n = from; n < from + count; n++) out.push(definition.translate(stream_floats(this.#stream, n, 0, floats), checked) as GameOutcomes[G]);
      return out;
    }
    const streams = this.#streams();
    // One array for a one-float game (its translation keeps no float); a fresh one each nonce otherwise (pump's draw may keep them).
    const one = [0];
    for (let done = 0; done < count; done += BATCH) {
      const k = Math.min(BATCH, count - done);
      for (let j = 0; j < k; j++) batch_nonces[j] = from + done + j;
      hash_first_rounds(streams, batch_nonces, k, batch_words);
      for (let j = 0; j < k; j++) {
        out.push(definition.translate(floats_of_words(batch_words, j * 8, floats, floats === 1 ? one : new Array<number>(floats)), checked) as GameOutcomes[G]);
      }
    }
    return out;
  }

  first_rounds(from: number, count: number, out: Int32Array): void {
    check_index('from', from);
    check_index('count', count);
    check_index('nonce', from + Math.max(0, count - 1));
    if (!(out instanceof Int32Array) || out.length < count * 8) throw new RangeError(`out must be an Int32Array of at least ${count * 8} words`);
    const streams = this.#streams();
    for (let done = 0; done < count; done += BATCH) {
      const k = Math.min(BATCH, count - done);
      for (let j = 0; j < k; j++) batch_nonces[j] = from + done + j;
      hash_first_rounds(streams, batch_nonces, k, batch_words);
      out.set(batch_words.subarray(0, k * 8), done * 8);
    }
  }

  /** This pair's stream in every slot of a batch (the lanes take one stream per nonce). */
  #streams(): HmacStream[] {
    return this.#lanes;
  }
}

/**
 * Prepares a revealed seed pair: the server seed's HMAC pads (and the whole
 * 64-byte blocks of "client seed:") are compressed once, so each nonce after
 * that costs two SHA-256 compressions. Throws TypeError/RangeError naming the
 * field for a seed that is not a string, or a server seed that is empty or
 * not lower-case hex.
 */
export function prepare_seed_pair(pair: SeedPair): PreparedSeedPair {
  if (pair === null || typeof pair !== 'object') throw new TypeError('expected an object with server_seed and client_seed');
  check_server_seed(pair.server_seed);
  if (typeof pair.client_seed !== 'string') throw new TypeError('client_seed must be a string');
  return new Prepared(stream_of(pair.server_seed, pair.client_seed));
}
