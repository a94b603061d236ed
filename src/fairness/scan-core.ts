/**
 * What the scanner evaluates, and the loop that does it: the games whose
 * result is one number, and one chunk of nonces hashed four at a time. The
 * main thread and every worker run this same code, so a scan gives the same
 * hits and statistics however many workers share it.
 */
import { HMAC_LANES, lane_words, load_lane, run_lanes, type HmacStream } from './hmac.js';
import type { ScanSpec } from '../games/kernel/rules.js';
import { GAMES, type ScannedGame } from '../games/registry.js';
import { game_definition } from './outcome.js';
import { stream_floats, stream_of } from './rng.js';

/** How one game's outcome reduces to the number the scanner compares. */
type ScanGame = Omit<ScanSpec, 'params'>;

/** The registry's games that have a scan (src/games/<game>/rules.ts `scan`). */
const REGISTRY_SCANS = Object.fromEntries(
  Object.values(GAMES).flatMap((game) => ('scan' in game ? [[game.name, game.scan]] : [])),
) as Record<ScannedGame, ScanSpec>;

/**
 * The games the scanner knows: those whose outcome is one number. Plinko,
 * Wheel and Pump pay by tables, so their number is the bucket, the segment
 * and the pumps survived, not a multiplier.
 */
const SCAN_SPECS: Readonly<Record<ScanGameName, ScanGame>> = {
  ...REGISTRY_SCANS,
};

/** A game the scanner knows. */
export type ScanGameName = ScannedGame;

/** Each scanned game's outcome parameters (`rows`, `segments`, `difficulty`), as the site's variables name them. */
export const SCAN_PARAMS: Readonly<Record<ScanGameName, readonly string[]>> = Object.freeze({
  ...(Object.fromEntries(Object.entries(REGISTRY_SCANS).map(([name, spec]) => [name, spec.params])) as Record<ScannedGame, readonly string[]>),
});

/** The games `scan` knows, each with the number it is scanned on, in words. */
export const SCAN_GAMES: Readonly<Record<ScanGameName, string>> = Object.freeze(
  Object.fromEntries(Object.entries(SCAN_SPECS).map(([name, spec]) => [name, spec.result])) as Record<ScanGameName, string>,
);

/** Whether `game` is one the scanner knows. */
export function is_scan_game(game: unknown): game is ScanGameName {
  return typeof game === 'string' && Object.hasOwn(SCAN_SPECS, game);
}

/** Everything one chunk needs; plain data, so it crosses to a worker as is. */
export interface ScanJobData {
  readonly server_seed: string;
  readonly client_seed: string;
  readonly game: ScanGameName;
  /** The game's parameters, already checked. */
  readonly params: Record<string, unknown>;
  readonly low: number;
  readonly high: number;
}

/** A job ready to run: the seed pair's HMAC prepared once. */
export interface ScanJob extends ScanJobData {
  readonly stream: HmacStream;
  readonly spec: ScanGame;
  readonly float_count: number;
}

export function prepare_job(data: ScanJobData): ScanJob {
  const float_count = game_definition(data.game).float_count(data.params as never);
  return { ...data, stream: stream_of(data.server_seed, data.client_seed), spec: SCAN_SPECS[data.game], float_count };
}

/** Statistics over the nonces of a chunk (or of a whole scan, merged in nonce order). */
export interface ScanStats {
  evaluated: number;
  hits: number;
  min: number;
  max: number;
  sum: number;
}

export function empty_stats(): ScanStats {
  return { evaluated: 0, hits: 0, min: Infinity, max: -Infinity, sum: 0 };
}

/** Adds `part` (the nonces right after those of `into`) to `into`. */
export function merge_stats(into: ScanStats, part: ScanStats): void {
  into.evaluated += part.evaluated;
  into.hits += part.hits;
  if (part.min < into.min) into.min = part.min;
  if (part.max > into.max) into.max = part.max;
  into.sum += part.sum;
}

const TWO_POW_32 = 4294967296;

/**
 * Evaluates nonces `from … to − 1`: returns their statistics and pushes each
 * hit onto `hits` as two numbers, nonce then result.
 */
export function scan_chunk(job: ScanJob, from: number, to: number, hits: number[]): ScanStats {
  const { low, high, params, stream } = job;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  const single = job.spec.single;
  if (single !== null) {
    for (let n = from; n < to; n += HMAC_LANES) {
      const lanes = Math.min(HMAC_LANES, to - n);
      for (let j = 0; j < lanes; j++) load_lane(j, stream, n + j, 0);
      run_lanes(lanes);
      for (let j = 0; j < lanes; j++) {
        // Word 0 of round 0: the first float.
        const value = single(((lane_words[j] as number) >>> 0) / TWO_POW_32, params);
        if (value < min) min = value;
        if (value > max) max = value;
        sum += value;
        if (value >= low && value <= high) {
          hits.push(n + j, value);
          count++;
        }
      }
    }
  } else {
    for (let n = from; n < to; n++) {
      const value = job.spec.value(stream_floats(stream, n, 0, job.float_count), params);
      if (value < min) min = value;
      if (value > max) max = value;
      sum += value;
      if (value >= low && value <= high) {
        hits.push(n, value);
        count++;
      }
    }
  }
  return { evaluated: to - from, hits: count, min, max, sum };
}
