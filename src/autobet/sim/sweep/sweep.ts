/**
 * `sweep`: a strategy run over a grid (or a random sample) of its
 * parameters, each cell many simulated sessions, each session on seed pairs
 * derived from one seed. The parts of the cells go to worker threads; a
 * shard computes the cells `index % count`; a results file keeps every
 * finished cell so a killed sweep resumes where it stopped.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { decimals_for } from '../../../operations/validate/currencies.js';
import { cell_ruin, run_cell_sessions, type SweepRunCommon } from './cell-run.js';
import { cell_figures, type SessionSample } from './figures.js';
import { summary_line, type CellLine, type RankOptions, type SweepHeader, type SweepSummary } from './lines.js';
import { ResultsFile, read_results, same_sweep } from './results-file.js';
import { cell_at, cell_count, check_spec, spec_hash, SweepSpecError, type Cell, type SweepSpec } from './spec.js';
import { cell_strategy, load_base, read_strategy, type StrategyBase } from './strategy-params.js';
import type { SweepTask, SweepWorkerData } from './worker.js';

/** Options of {@link sweep}. */
export interface SweepOptions extends RankOptions {
  /** A SPEC file, or the spec as an object (its strategy path relative to `base_dir`). */
  readonly spec: string | Readonly<Record<string, unknown>>;
  /** Where an object spec's relative strategy path is read from; default the working directory. */
  readonly base_dir?: string;
  /** The seed every cell's seeds derive from; default the spec's, else the results file's, else a random one. */
  readonly seed?: string;
  /** Worker threads; default the machine's cores. */
  readonly workers?: number;
  /** Compute only the cells `index % count === index` (0-based). */
  readonly shard?: { readonly index: number; readonly count: number };
  /** The results file: finished cells are appended (fsync'd) and skipped when the sweep runs again. */
  readonly results?: string;
  /** A Lua or bot script's time limit per call. */
  readonly lua_timeout_ms?: number;
  readonly signal?: AbortSignal;
  /** Each finished cell, in index order. */
  readonly on_cell?: (line: CellLine) => void;
  /** After each part of a cell: cells done (resumed ones included) and bets simulated in this run. */
  readonly on_progress?: (progress: SweepProgress) => void;
}

/** Where a sweep stands. */
export interface SweepProgress {
  readonly cells_done: number;
  readonly cells_total: number;
  /** Bets simulated by this run (not the resumed cells'). */
  readonly bets: number;
  readonly elapsed_ms: number;
}

/** What {@link sweep} resolves to. */
export interface SweepResult {
  readonly header: SweepHeader;
  /** This run's (or shard's) cells, in index order. */
  readonly cells: readonly CellLine[];
  /** Of a whole sweep; a shard's is of its own cells. */
  readonly summary: SweepSummary;
  /** Cells taken from the results file rather than computed. */
  readonly resumed: number;
  readonly interrupted: boolean;
}

/** A sweep checked and its strategy loaded: nothing has run yet. */
export interface PreparedSweep {
  readonly spec: SweepSpec;
  readonly base: StrategyBase;
  readonly kind: SweepWorkerData['kind'];
  readonly text: string;
  readonly cells: readonly Cell[];
}

const WORKER_URL = new URL('./worker.js', import.meta.url);

async function read_spec(spec: SweepOptions['spec'], base_dir: string | undefined): Promise<{ value: unknown; dir: string }> {
  if (typeof spec !== 'string') return { value: spec, dir: base_dir ?? process.cwd() };
  let text: string;
  try {
    text = await fs.readFile(spec, 'utf8');
  } catch (error) {
    throw new SweepSpecError('spec', `cannot read ${spec} (${String((error as NodeJS.ErrnoException).code)})`, { cause: error });
  }
  try {
    return { value: JSON.parse(text), dir: path.dirname(path.resolve(spec)) };
  } catch (error) {
    throw new SweepSpecError('spec', `${path.basename(spec)} is not valid JSON (${(error as Error).message})`, { cause: error });
  }
}

/**
 * Reads and checks the spec, loads the strategy, checks that it reads every
 * parameter and that every cell's values are ones it takes.
 * @throws SweepSpecError naming the field; StrategyError when the strategy does not load.
 */
export async function prepare_sweep(options: Pick<SweepOptions, 'spec' | 'base_dir' | 'seed' | 'lua_timeout_ms'>, fallback_seed?: () => string): Promise<PreparedSweep> {
  const { value, dir } = await read_spec(options.spec, options.base_dir);
  const checked = check_spec(value, dir, (d, f) => path.resolve(d, f));
  const seed = options.seed ?? (checked.seed !== '' ? checked.seed : (fallback_seed?.() ?? randomBytes(8).toString('hex')));
  if (seed === '') throw new SweepSpecError('seed', 'must not be empty');
  const { text, kind } = await read_strategy(checked.strategy);
  const withSeed = { ...checked, seed };
  const spec: SweepSpec = { ...withSeed, hash: spec_hash(withSeed, text) };
  const paths = spec.params.map(([p]) => p);
  const base = await load_base(spec.strategy, kind, text, paths, options.lua_timeout_ms);
  const total = cell_count(spec);
  const cells: Cell[] = [];
  for (let i = 0; i < total; i++) {
    const cell = cell_at(spec, i);
    cell_strategy(base, cell);
    cells.push(cell);
  }
  return { spec, base, kind, text, cells };
}

/** The line of a finished cell. */
export function cell_line(prepared: PreparedSweep, cell: Cell, samples: readonly SessionSample[], ruin: number | null): CellLine {
  const { spec } = prepared;
  const decimals = decimals_for(spec.currency);
  const scale = 10 ** decimals;
  const figures = cell_figures(samples, Math.floor(spec.balance * scale + 1e-6), decimals, spec.max_bust);
  const { bets, ...rest } = figures;
  return { event: 'cell', index: cell.index, params: cell.params, ...rest, ...(ruin === null ? {} : { ruin_exact: ruin }), bets };
}

/** The header of a sweep (or of one shard of it). */
export function sweep_header(spec: SweepSpec, shard: SweepOptions['shard'] | undefined): SweepHeader {
  return {
    event: 'sweep', version: 1, spec_hash: spec.hash, seed: spec.seed, cells: cell_count(spec), shard: shard === undefined ? null : { index: shard.index, count: shard.count },
    sessions: spec.sessions, bets: spec.bets, balance: spec.balance, currency: spec.currency, params: spec.params.map(([p]) => p),
  };
}

function check_options(options: SweepOptions): { workers: number } {
  const workers = options.workers ?? os.availableParallelism();
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) throw new RangeError(`workers must be a whole number from 1 to 256 (got ${String(workers)})`);
  const s = options.shard;
  if (s !== undefined && !(Number.isInteger(s.count) && s.count >= 1 && Number.isInteger(s.index) && s.index >= 0 && s.index < s.count)) {
    throw new SweepSpecError('shard', `must be i/N with 0 <= i < N (got ${String(s.index)}/${String(s.count)})`);
  }
  if (options.max_bust !== undefined && !(options.max_bust >= 0 && options.max_bust <= 1)) throw new RangeError('max_bust must be a share from 0 to 1');
  if (options.min_sessions !== undefined && !(Number.isInteger(options.min_sessions) && options.min_sessions >= 0)) throw new RangeError('min_sessions must be a whole number');
  return { workers };
}

/**
 * Runs the sweep (this shard of it, when `shard` is given).
 * @throws SweepSpecError / RangeError / StrategyError before any cell runs.
 */
export async function sweep(options: SweepOptions): Promise<SweepResult> {
  const { workers } = check_options(options);
  const existingSeed = (): string => {
    const read = options.results === undefined ? null : read_results(options.results, 'results');
    return read?.header.seed ?? randomBytes(8).toString('hex');
  };
  const prepared = await prepare_sweep(options, existingSeed);
  const { spec } = prepared;
  const header = sweep_header(spec, options.shard);
  const existing = options.results === undefined ? null : read_results(options.results, 'results');
  if (existing !== null && !same_sweep(existing.header, header)) {
    throw new SweepSpecError('results', `${options.results} holds another sweep (its spec, seed or shard differ): remove it or name another results file`);
  }
  const mine = prepared.cells.filter((c) => options.shard === undefined || c.index % options.shard.count === options.shard.index);
  const done = new Map<number, CellLine>();
  for (const c of existing?.cells ?? []) done.set(c.index, c);
  const file = options.results === undefined ? null : new ResultsFile(options.results, header, existing);
  const signal = options.signal ?? new AbortController().signal;
  const started = performance.now();
  const out: CellLine[] = [];
  let next_out = 0;
  let bets = 0;
  const emit = (): void => {
    while (next_out < mine.length && done.has(mine[next_out]!.index)) {
      const line = done.get(mine[next_out]!.index)!;
      out.push(line);
      options.on_cell?.(line);
      next_out++;
    }
  };
  const resumed = mine.filter((c) => done.has(c.index)).length;
  const progress = (): void => options.on_progress?.({ cells_done: done.size, cells_total: mine.length, bets, elapsed_ms: performance.now() - started });
  emit();
  const todo = mine.filter((c) => !done.has(c.index));
  const finish = (cell: Cell, samples: SessionSample[], ruin: number | null): void => {
    const line = cell_line(prepared, cell, samples, ruin);
    file?.append(line);
    done.set(cell.index, line);
    emit();
  };
  try {
    const common: SweepRunCommon = { seed: spec.seed, balance: spec.balance, bets: spec.bets, currency: spec.currency };
    const threads = Math.min(workers, todo.length * spec.sessions);
    if (threads > 1 && existsSync(fileURLToPath(WORKER_URL))) {
      await in_workers(prepared, todo, threads, common, signal, options.lua_timeout_ms, finish, (n) => {
        bets += n;
        progress();
      });
    } else {
      for (const cell of todo) {
        if (signal.aborted) break;
        const strategy = cell_strategy(prepared.base, cell);
        const samples = await run_cell_sessions(strategy, cell, 0, spec.sessions, common, signal);
        if (signal.aborted) break;
        for (const s of samples) bets += s.bets;
        finish(cell, samples, cell_ruin(strategy, common));
        progress();
      }
    }
  } finally {
    file?.close();
  }
  const rank = { ...(options.max_bust === undefined ? {} : { max_bust: options.max_bust }), ...(options.min_sessions === undefined ? {} : { min_sessions: options.min_sessions }) };
  return { header, cells: out, summary: summary_line(header, out, rank), resumed, interrupted: signal.aborted };
}

/** Parts of each cell to the worker threads, as each asks for more; a cell ends when all its parts are back. */
async function in_workers(
  prepared: PreparedSweep, todo: readonly Cell[], threads: number, common: SweepRunCommon, signal: AbortSignal, timeout_ms: number | undefined,
  finish: (cell: Cell, samples: SessionSample[], ruin: number | null) => void, on_bets: (n: number) => void,
): Promise<void> {
  const sessions = prepared.spec.sessions;
  // Few cells: split each so every thread has work; many: a whole cell per task (fewer messages).
  const chunk = todo.length >= threads * 4 ? sessions : Math.max(1, Math.ceil(sessions / (threads * 4)));
  const tasks: SweepTask[] = [];
  for (const cell of todo) for (let from = 0; from < sessions; from += chunk) tasks.push({ task: tasks.length, cell, from, to: Math.min(sessions, from + chunk) });
  const parts = new Map<number, { left: number; samples: SessionSample[][]; ruin: number | null }>();
  for (const cell of todo) parts.set(cell.index, { left: Math.ceil(sessions / chunk), samples: [], ruin: null });
  const data: SweepWorkerData = {
    strategy: prepared.spec.strategy, kind: prepared.kind, text: prepared.text, paths: prepared.spec.params.map(([p]) => p), common, ...(timeout_ms === undefined ? {} : { timeout_ms }),
  };
  let next = 0;
  const all: Worker[] = [];
  const stop = (): void => {
    for (const w of all) w.postMessage('stop');
  };
  signal.addEventListener('abort', stop, { once: true });
  try {
    await Promise.all(Array.from({ length: threads }, () => new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER_URL, { workerData: data });
      all.push(worker);
      const give = (): void => {
        if (signal.aborted || next >= tasks.length) {
          worker.postMessage('stop');
          return;
        }
        worker.postMessage(tasks[next++]);
      };
      worker.on('message', (m: { ready: true } | { task: number; samples: SessionSample[]; ruin: number | null } | { task: number; error: string }) => {
        if ('ready' in m) return give();
        if ('error' in m) {
          reject(new Error(`sweep worker: ${m.error}`));
          return;
        }
        const task = tasks[m.task]!;
        let n = 0;
        for (const s of m.samples) n += s.bets;
        on_bets(n);
        const part = parts.get(task.cell.index)!;
        part.samples[task.from / chunk] = m.samples;
        if (task.from === 0) part.ruin = m.ruin;
        if (--part.left === 0 && !signal.aborted) finish(task.cell, part.samples.flat(), part.ruin);
        give();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 || signal.aborted ? resolve() : reject(new Error(`sweep worker exited with code ${code}`))));
    })));
  } finally {
    signal.removeEventListener('abort', stop);
    for (const w of all) void w.terminate();
  }
}
