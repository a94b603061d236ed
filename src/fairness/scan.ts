/**
 * `scan(...)`: every nonce of a revealed seed pair whose result meets a
 * condition, across all cores. The range is cut into chunks; workers
 * (`worker_threads`) evaluate them in any order and the main thread hands
 * out hits and merges statistics strictly in nonce order, so the hits, the
 * summary and where a `limit` stops are the same for any number of workers.
 */
import type { Worker } from 'node:worker_threads';
import { empty_stats, merge_stats, prepare_job, scan_chunk, type ScanJob, type ScanStats } from './scan-core.js';
import { plan_of, type Plan, type ScanOptions } from './scan-plan.js';
import { lease_workers, release_workers, workers_available } from './scan-pool.js';

export { MAX_SCAN_NONCES, SCAN_CHUNK_SIZE, type ScanOptions } from './scan-plan.js';

/** Unread hits a scan holds before it waits for the reader. */
const HIGH_WATER = 65_536;

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
    const parallel = threads > 1 && workers_available();
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
    const pool = lease_workers(threads, this.#plan.data);
    const idle = [...pool];
    // Threads with a chunk in flight, or broken: ended rather than pooled when the scan stops.
    const ended = new Set<Worker>();
    let failure: Error | null = null;
    let dispatched = 0;
    let emitted = 0;
    // Results wait in order; a worker far ahead stays idle rather than fill memory.
    const window = threads * 4;
    const dispatch = () => {
      while (idle.length > 0 && dispatched < chunks && dispatched < emitted + window && !this.#stopped && failure === null) {
        const [from, to] = this.#chunk_bounds(dispatched);
        const worker = idle.pop() as Worker;
        ended.add(worker);
        worker.postMessage({ index: dispatched, from, to });
        dispatched++;
      }
    };
    const listeners = pool.map((worker) => {
      const on_message = (result: ChunkResult) => {
        results.set(result.index, result);
        ended.delete(worker);
        idle.push(worker);
        dispatch();
        this.#wake_producer();
      };
      const on_error = (error: Error) => {
        ended.add(worker);
        failure ??= error;
        this.#wake_producer();
      };
      const on_exit = (code: number) => {
        ended.add(worker);
        failure ??= new Error(`scan worker exited with code ${code}`);
        this.#wake_producer();
      };
      worker.on('message', on_message).on('error', on_error).on('exit', on_exit);
      return () => worker.off('message', on_message).off('error', on_error).off('exit', on_exit);
    });
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
      for (const remove of listeners) remove();
      await release_workers(pool, ended);
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
