/**
 * `scan(...)`: every nonce of a revealed seed pair whose result meets a
 * condition, across all cores. The range is cut into chunks; workers
 * (`worker_threads`) evaluate them in any order and the main thread hands
 * out hits and merges statistics strictly in nonce order, so the hits, the
 * summary and where a `limit` stops are the same for any number of workers.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sha256_module } from './hmac.js';
import { game_definition } from './outcome.js';
import { check_server_seed, server_seed_hash } from './rng.js';
import {
  SCAN_GAMES,
  empty_stats,
  is_scan_game,
  merge_stats,
  prepare_job,
  scan_chunk,
  type ScanGameName,
  type ScanJob,
  type ScanJobData,
  type ScanStats,
} from './scan-core.js';
import { parse_where } from './scan-where.js';

/** Largest range `scan` takes without `force` (about four minutes on one core). */
export const MAX_SCAN_NONCES = 1_000_000_000;

/** Nonces per unit of work handed to a worker, unless `chunk_size` says otherwise. */
export const SCAN_CHUNK_SIZE = 65_536;

/** Unread hits a scan holds before it waits for the reader. */
const HIGH_WATER = 65_536;

/** Inputs of {@link scan}. */
export interface ScanOptions {
  /** One of {@link SCAN_GAMES}: a game whose outcome is one number. */
  game: ScanGameName;
  /** The revealed server seed (lower-case hex). A seed still hidden behind its hash cannot be scanned. */
  server_seed: string;
  client_seed: string;
  /** `[from, to]`: nonces `from … to − 1`. */
  nonces: readonly [number, number];
  /** `'>=X'`, `'<=X'`, `'==X'` or `'between A B'` (both ends included), on the game's number. */
  where: string;
  /** The game's parameters: `{ segments }` for wheel, `{ rows }` for plinko, `{ difficulty }` for pump. */
  params?: Record<string, unknown>;
  /** Stop after this many hits (the summary then covers the nonces up to the last one). */
  limit?: number;
  /** Worker threads; default the machine's cores. 1 scans on the calling thread, between turns of its event loop. */
  workers?: number;
  /** Stops the scan; the iteration ends and the summary covers what was evaluated. */
  signal?: AbortSignal;
  /** Allow a range of more than {@link MAX_SCAN_NONCES} nonces. */
  force?: boolean;
  /**
   * The hash the site showed for the seed (`seedHash`). When given, the scan
   * checks that `server_seed` hashes to it, and refuses a `server_seed` that
   * IS this hash: the hidden seed's hash is all the site shows before a rotation.
   */
  server_seed_hash?: string;
  /** Nonces per unit of work (default {@link SCAN_CHUNK_SIZE}); the mean's last bits depend on it, nothing else does. */
  chunk_size?: number;
}

/** A nonce whose result met the condition. */
export interface ScanHit {
  nonce: number;
  result: number;
}

/** Why a scan ended: the range was done, `limit` hits were found, or it was stopped. */
export type ScanEnd = 'end' | 'limit' | 'stopped';

/**
 * Over every nonce evaluated, `from … next_nonce − 1`: how many, how many hit,
 * and the results' min, max and mean (null when none was evaluated).
 */
export interface ScanSummary {
  evaluated: number;
  hits: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  from: number;
  next_nonce: number;
  reason: ScanEnd;
  /** SHA-256 of the scanned server seed: compare it with the `seedHash` the site showed. */
  server_seed_hash: string;
}

/**
 * A running scan: iterate it for the hits, in nonce order (once), and await
 * `summary`. The scan starts at once; when `HIGH_WATER` (65,536) hits are
 * waiting unread it pauses until they are read, so iterate the hits (or set
 * a `limit`). Breaking out of the iteration stops the scan.
 */
export interface ScanRun extends AsyncIterable<ScanHit> {
  /** Settles when the scan ends; rejects only if a worker fails. */
  readonly summary: Promise<ScanSummary>;
  /** Nonces evaluated and merged so far (for a progress bar). */
  readonly evaluated: number;
  /** Nonces in the range. */
  readonly total: number;
  /** Worker threads in use (0: the calling thread). */
  readonly workers: number;
}

function check_count(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number`);
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  return value;
}

function check_hash_pair(server_seed: string, hash: unknown): void {
  if (typeof hash !== 'string') throw new TypeError('server_seed_hash must be a string');
  check_server_seed(hash, 'server_seed_hash');
  if (hash.length !== 64) throw new RangeError('server_seed_hash must be 64 hex digits, as the site shows seedHash');
  if (server_seed === hash) {
    throw new RangeError('server_seed is the seed hash (server_seed_hash), not the seed: a server seed can be scanned only once the site reveals it (rotate the seed pair first)');
  }
  if (server_seed_hash(server_seed) !== hash) throw new RangeError('server_seed does not hash to server_seed_hash: it is not the seed that hash was shown for');
}

/** The checked inputs of a scan. */
interface Plan {
  readonly data: ScanJobData;
  readonly from: number;
  readonly to: number;
  readonly limit: number | null;
  readonly workers: number;
  readonly chunk: number;
  readonly seed_hash: string;
}

function plan_of(options: ScanOptions): Plan {
  if (options === null || typeof options !== 'object') throw new TypeError('scan expects an options object');
  const game: unknown = options.game;
  if (!is_scan_game(game)) {
    const got = typeof game === 'string' ? JSON.stringify(game.slice(0, 40)) : typeof game;
    throw new RangeError(`game must be one whose result is a number: ${Object.keys(SCAN_GAMES).join(', ')}; got ${got}`);
  }
  check_server_seed(options.server_seed);
  if (typeof options.client_seed !== 'string') throw new TypeError('client_seed must be a string');
  if (options.server_seed_hash !== undefined) check_hash_pair(options.server_seed, options.server_seed_hash);
  const range = options.nonces;
  if (!Array.isArray(range) || range.length !== 2) throw new TypeError('nonces must be [from, to] (to excluded)');
  const from = check_count('nonces[0]', range[0], 0);
  const to = check_count('nonces[1]', range[1], 0);
  if (to < from) throw new RangeError(`nonces: the range ${from}..${to} is reversed (from must come first; to is excluded)`);
  if (to === from) throw new RangeError(`nonces: the range ${from}..${to} is empty (to is excluded)`);
  if (to - from > MAX_SCAN_NONCES && options.force !== true) {
    throw new RangeError(`nonces: ${to - from} nonces is more than ${MAX_SCAN_NONCES.toLocaleString('en')}; pass force: true (--force on the command line) to scan them anyway`);
  }
  const where = parse_where(options.where);
  if (options.params !== undefined && (options.params === null || typeof options.params !== 'object')) throw new TypeError('params must be an object');
  const params = game_definition(game).params({ ...(options.params ?? {}) }) as Record<string, unknown>;
  const limit = options.limit === undefined ? null : check_count('limit', options.limit, 1);
  const workers = options.workers === undefined ? availableParallelism() : check_count('workers', options.workers, 1);
  const chunk = options.chunk_size === undefined ? SCAN_CHUNK_SIZE : check_count('chunk_size', options.chunk_size, 1);
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) throw new TypeError('signal must be an AbortSignal');
  return {
    data: { server_seed: options.server_seed, client_seed: options.client_seed, game, params, low: where.low, high: where.high },
    from,
    to,
    limit,
    workers: Math.min(workers, 256),
    chunk,
    seed_hash: server_seed_hash(options.server_seed),
  };
}

const WORKER_URL = new URL('./scan-worker.js', import.meta.url);

/** A chunk's result as a worker posts it. */
interface ChunkResult {
  index: number;
  stats: ScanStats;
  hits: Float64Array;
}

class Run implements ScanRun {
  readonly summary: Promise<ScanSummary>;
  readonly total: number;
  workers = 0;
  readonly #plan: Plan;
  readonly #totals: ScanStats = empty_stats();
  #next_nonce: number;
  #reason: ScanEnd = 'end';
  #stopped = false;
  #done = false;
  #error: unknown = undefined;
  #iterated = false;
  #job: ScanJob | null = null;
  readonly #queue: ScanHit[] = [];
  #head = 0;
  #reader: (() => void) | null = null;
  #producer: (() => void) | null = null;

  constructor(plan: Plan, signal: AbortSignal | undefined) {
    this.#plan = plan;
    this.total = plan.to - plan.from;
    this.#next_nonce = plan.from;
    const chunks = Math.ceil(this.total / plan.chunk);
    const threads = Math.min(plan.workers, chunks);
    // The compiled worker sits beside this file; run from the TypeScript sources (tests), there is none.
    const parallel = threads > 1 && existsSync(fileURLToPath(WORKER_URL));
    const stop = () => this.#stop();
    if (signal?.aborted === true) this.#stop();
    signal?.addEventListener('abort', stop, { once: true });
    this.summary = (async () => {
      try {
        if (!this.#stopped) await (parallel ? this.#parallel(chunks, threads) : this.#single(chunks));
        return this.#summary();
      } catch (error) {
        this.#error = error;
        throw error;
      } finally {
        signal?.removeEventListener('abort', stop);
        this.#done = true;
        this.#wake_reader();
      }
    })();
    // A caller that only iterates still sees a failure there; no unhandled rejection.
    this.summary.catch(() => undefined);
  }

  get evaluated(): number {
    return this.#totals.evaluated;
  }

  #summary(): ScanSummary {
    const t = this.#totals;
    const any = t.evaluated > 0;
    return {
      evaluated: t.evaluated,
      hits: t.hits,
      min: any ? t.min : null,
      max: any ? t.max : null,
      mean: any ? t.sum / t.evaluated : null,
      from: this.#plan.from,
      next_nonce: this.#next_nonce,
      reason: this.#reason,
      server_seed_hash: this.#plan.seed_hash,
    };
  }

  #stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#reason === 'end') this.#reason = 'stopped';
    this.#wake_producer();
  }

  #wake_reader(): void {
    const wake = this.#reader;
    this.#reader = null;
    wake?.();
  }

  #wake_producer(): void {
    const wake = this.#producer;
    this.#producer = null;
    wake?.();
  }

  #wait_producer(): Promise<void> {
    return new Promise((resolve) => (this.#producer = resolve));
  }

  #chunk_bounds(index: number): [number, number] {
    const from = this.#plan.from + index * this.#plan.chunk;
    return [from, Math.min(this.#plan.to, from + this.#plan.chunk)];
  }

  #main_job(): ScanJob {
    this.#job ??= prepare_job(this.#plan.data);
    return this.#job;
  }

  /** Statistics of the nonces `from … upto` of a chunk handed out only in part. */
  #close_partial(from: number, upto: number): void {
    merge_stats(this.#totals, scan_chunk(this.#main_job(), from, upto + 1, []));
    this.#next_nonce = upto + 1;
  }

  /** Hands out a chunk's hits in order and merges its statistics; true when the scan must end here. */
  async #emit(from: number, to: number, stats: ScanStats, hits: ArrayLike<number>): Promise<boolean> {
    const before = this.#totals.hits;
    for (let i = 0; i < hits.length; i += 2) {
      while (this.#queue.length - this.#head >= HIGH_WATER && !this.#stopped) await this.#wait_producer();
      if (this.#stopped) {
        // Stopped inside this chunk: the summary runs up to the last hit handed out.
        if (i > 0) this.#close_partial(from, hits[i - 2] as number);
        return true;
      }
      const nonce = hits[i] as number;
      this.#queue.push({ nonce, result: hits[i + 1] as number });
      this.#wake_reader();
      if (this.#plan.limit !== null && before + i / 2 + 1 === this.#plan.limit) {
        this.#reason = 'limit';
        this.#stopped = true;
        this.#close_partial(from, nonce);
        return true;
      }
    }
    merge_stats(this.#totals, stats);
    this.#next_nonce = to;
    return this.#stopped;
  }

  async #single(chunks: number): Promise<void> {
    const job = this.#main_job();
    for (let index = 0; index < chunks && !this.#stopped; index++) {
      const [from, to] = this.#chunk_bounds(index);
      const hits: number[] = [];
      const stats = scan_chunk(job, from, to, hits);
      if (await this.#emit(from, to, stats, hits)) return;
      // Let the reader, timers and signal handlers run between chunks.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  async #parallel(chunks: number, threads: number): Promise<void> {
    const results = new Map<number, ChunkResult>();
    const idle: Worker[] = [];
    const pool: Worker[] = [];
    let failure: Error | null = null;
    let dispatched = 0;
    let emitted = 0;
    // Results wait in order; a worker far ahead stays idle rather than fill memory.
    const window = threads * 4;
    const dispatch = () => {
      while (idle.length > 0 && dispatched < chunks && dispatched < emitted + window && !this.#stopped && failure === null) {
        const [from, to] = this.#chunk_bounds(dispatched);
        (idle.pop() as Worker).postMessage({ index: dispatched, from, to });
        dispatched++;
      }
    };
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(WORKER_URL, { workerData: { job: this.#plan.data, sha256_module } });
      worker.on('message', (result: ChunkResult) => {
        results.set(result.index, result);
        idle.push(worker);
        dispatch();
        this.#wake_producer();
      });
      worker.on('error', (error) => {
        failure ??= error;
        this.#wake_producer();
      });
      worker.on('exit', (code) => {
        if (code !== 0 && !this.#stopped) failure ??= new Error(`scan worker exited with code ${code}`);
        this.#wake_producer();
      });
      pool.push(worker);
      idle.push(worker);
    }
    this.workers = threads;
    try {
      dispatch();
      while (emitted < chunks && !this.#stopped) {
        const result = results.get(emitted);
        if (result === undefined) {
          if (failure !== null) throw failure;
          await this.#wait_producer();
          continue;
        }
        results.delete(emitted);
        const [from, to] = this.#chunk_bounds(emitted);
        emitted++;
        dispatch();
        if (await this.#emit(from, to, result.stats, result.hits)) return;
      }
    } finally {
      this.#stopped = true;
      await Promise.all(pool.map((worker) => worker.terminate()));
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<ScanHit> {
    if (this.#iterated) throw new TypeError("a scan's hits can be iterated once");
    this.#iterated = true;
    return {
      next: () => this.#next(),
      return: async () => {
        this.#stop();
        return { done: true, value: undefined };
      },
    };
  }

  async #next(): Promise<IteratorResult<ScanHit>> {
    for (;;) {
      if (this.#head < this.#queue.length) {
        const hit = this.#queue[this.#head++] as ScanHit;
        if (this.#head === this.#queue.length) {
          this.#queue.length = 0;
          this.#head = 0;
        }
        if (this.#queue.length - this.#head < HIGH_WATER / 2) this.#wake_producer();
        return { done: false, value: hit };
      }
      if (this.#done) {
        if (this.#error !== undefined) throw this.#error;
        return { done: true, value: undefined };
      }
      await new Promise<void>((resolve) => (this.#reader = resolve));
    }
  }
}

/**
 * Scans nonces `from … to − 1` of a revealed seed pair for those whose result
 * meets `where`. Checks every input first and throws TypeError/RangeError
 * naming the field, before anything is evaluated: an unknown game or one
 * whose outcome is not one number, a server seed that is not hex, a reversed
 * or empty range, more than {@link MAX_SCAN_NONCES} nonces without `force`, a
 * malformed `where`, a seed given as its own hash (when `server_seed_hash`
 * says so).
 */
export function scan(options: ScanOptions): ScanRun {
  const plan = plan_of(options);
  return new Run(plan, options.signal);
}
