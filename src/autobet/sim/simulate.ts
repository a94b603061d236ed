/**
 * `simulate`: a strategy on outcomes the site's own provably-fair function
 * would have produced, with every limit applied exactly as live (same engine,
 * the simulator's driver). Many sessions on fresh random seed pairs, spread
 * over worker threads, or a replay of given seed pairs from a start nonce.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { check_currency, decimals_for } from '../../operations/validate/currencies.js';
import type { BetLine } from '../engine/events.js';
import { check_limits, type Limits } from '../engine/limits.js';
import type { ReplaySeeds } from '../drivers/sim-driver.js';
import { run_sim_session, type SessionResult } from './sim-session.js';
import { summarise, type SimSummary } from './sim-summary.js';
import { round_policy_fields, type PreparedStrategy } from '../strategies/load.js';
import type { JsDialect } from '../strategies/js-dialect/detect.js';
import type { BotOptions } from '../strategies/js-dialect/options.js';
import type { Strategy } from '../strategies/strategy.js';
import { with_sim_round } from '../drivers/rounds/sim-policy.js';
import { prepare_run_strategy } from '../run/run-setup.js';

/** Options of {@link simulate}. */
export interface SimulateOptions {
  /** A strategy file (`.json`, `.js`/`.mjs`/`.ts`, `.lua`) or a settings object; a {@link Strategy} object runs on one thread only. */
  readonly strategy: string | Record<string, unknown> | Strategy;
  /** The session's limits (none required; `bets` is added as `max_bets`). */
  readonly limits?: Limits;
  /** The balance each session starts with, > 0. */
  readonly start_balance: number;
  /** Bets per session at most (the session's `max_bets`). */
  readonly bets: number;
  /** Sessions on fresh random seed pairs; default 1. Ignored for a replay (one session). */
  readonly sessions?: number;
  /** Replay these seed pairs in order (`resetseed()` moves to the next; past the last: `seeds_exhausted`). */
  readonly seeds?: readonly ReplaySeeds[];
  /**
   * Crash and Slide: replay these round hashes, oldest first (one session;
   * past the last round: `seeds_exhausted`). Without it a crash or slide bet
   * is settled on a random chain.
   */
  readonly chain?: readonly string[];
  /**
   * With `chain`: the hashes of the rounds played before its first (oldest
   * first), whose points a strategy is shown as the site's round history
   * (`state.rounds`), so a replay shows it what a run on the site was shown.
   */
  readonly chain_history?: readonly string[];
  /** Default `btc`. */
  readonly currency?: string;
  /** Worker threads; default the machine's cores. */
  readonly workers?: number;
  readonly signal?: AbortSignal;
  /** Each session's result, as it ends (not in index order across workers). */
  readonly on_session?: (result: SessionResult) => void;
  /** Each bet of a replay (as `autobet --json` prints it). */
  readonly on_bet?: (line: BetLine) => void;
  /** A Lua script's `print`. */
  readonly print?: (line: string) => void;
  /** A Lua or bot script's time limit per call, default 1000 ms. */
  readonly lua_timeout_ms?: number;
  /** How a `.js` strategy file is read: `module` or `bot` (the in-page bots' `dobet()` dialect); default: detected. */
  readonly dialect?: JsDialect;
  /** A `when:` list watching a module, Lua or bot strategy file or a Strategy object (docs/conditions.md); settings hold their own. */
  readonly when?: readonly Record<string, unknown>[];
  /** A bot script's choices where the bots disagree: limbo's input, a 1× bet (js-dialect/options.ts). */
  readonly bot?: BotOptions;
  /** A built-in round policy, as autobet's `round` (rounds/sim-policy.ts); the sessions then run on one thread. */
  readonly round?: Readonly<Record<string, unknown>>;
}

/** What a worker is given to load the strategy itself. */
export type StrategySpec = { readonly file: string } | { readonly settings: Record<string, unknown> };

/** The worker's entry, compiled beside this file; run from the TypeScript sources (tests), there is none. */
const WORKER_URL = new URL('./sim-worker.js', import.meta.url);

function isStrategy(value: unknown): value is Strategy {
  return typeof value === 'object' && value !== null && typeof (value as Strategy).next === 'function';
}

/** Checks the options; TypeError / RangeError naming the field. */
function check(options: SimulateOptions): { limits: Limits; currency: string; sessions: number; workers: number } {
  if (typeof options !== 'object' || options === null) throw new TypeError('simulate: options must be an object');
  const b = options.start_balance;
  if (typeof b !== 'number' || !Number.isFinite(b) || b <= 0) throw new RangeError(`start_balance must be a number above 0 (got ${String(b)})`);
  const bets = options.bets;
  if (!Number.isInteger(bets) || bets < 1 || bets > 1e12) throw new RangeError(`bets must be a whole number from 1 (got ${String(bets)})`);
  const sessions = options.sessions ?? 1;
  if (!Number.isInteger(sessions) || sessions < 1 || sessions > 1e9) throw new RangeError(`sessions must be a whole number from 1 (got ${String(sessions)})`);
  const workers = options.workers ?? os.availableParallelism();
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) throw new RangeError(`workers must be a whole number from 1 to 256 (got ${String(workers)})`);
  const limits = check_limits({ ...(options.limits ?? {}), max_bets: Math.min(bets, options.limits?.max_bets ?? Infinity) }, false);
  if (options.seeds !== undefined && (!Array.isArray(options.seeds) || options.seeds.length === 0)) throw new RangeError('seeds must be a non-empty list of seed pairs');
  if (options.chain !== undefined && (!Array.isArray(options.chain) || options.chain.length === 0)) throw new RangeError('chain must be a non-empty list of round hashes');
  return { limits, currency: check_currency(options.currency ?? 'btc', 'currency'), sessions, workers };
}

/**
 * Runs the simulation; resolves to the summary once every session ended.
 * @throws TypeError / RangeError (options), StrategyError (phase `load`) before anything runs.
 */
export async function simulate(options: SimulateOptions): Promise<SimSummary> {
  const { limits, currency, sessions, workers } = check(options);
  const signal = options.signal ?? new AbortController().signal;
  const { strategy } = options;
  const prepared: PreparedStrategy = with_sim_round(await prepare_run_strategy(strategy, fileOptions(options), options.round), options.round);
  const results: SessionResult[] = [];
  const collect = (r: SessionResult): void => {
    results.push(r);
    options.on_session?.(r);
  };
  const base = { prepared, limits, start_balance: options.start_balance, currency, signal, ...(options.print === undefined ? {} : { print: options.print }) };
  if (options.seeds !== undefined || options.chain !== undefined) {
    collect(await run_sim_session({
      ...base,
      index: 0,
      seeds: options.seeds === undefined ? { kind: 'random' } : { kind: 'replay', pairs: options.seeds },
      ...(options.chain === undefined ? {} : { chain: { kind: 'replay', hashes: options.chain, ...(options.chain_history === undefined ? {} : { history: options.chain_history }) } }),
      ...(options.on_bet === undefined ? {} : { on_bet: options.on_bet }),
    }));
    return summarise(results, options.start_balance, decimals_for(currency));
  }
  const threads = Math.min(workers, sessions);
  const spec: StrategySpec | null = isStrategy(strategy) || options.round !== undefined ? null : typeof strategy === 'string' ? { file: strategy } : { settings: strategy };
  if (threads > 1 && spec !== null && existsSync(fileURLToPath(WORKER_URL))) {
    await inWorkers(threads, sessions, { spec, limits, start_balance: options.start_balance, currency, ...fileOptions(options) }, signal, collect, options.print);
  } else {
    for (let index = 0; index < sessions && !signal.aborted; index++) collect(await run_sim_session({ ...base, index, seeds: { kind: 'random' } }));
  }
  return summarise(results, options.start_balance, decimals_for(currency));
}

function fileOptions(options: SimulateOptions): { lua_timeout_ms?: number; round_fields?: readonly number[]; dialect?: JsDialect; when?: unknown; bot?: BotOptions } {
  const round_fields = round_policy_fields(options.round);
  return {
    ...(options.when === undefined ? {} : { when: options.when }),
    ...(options.lua_timeout_ms === undefined ? {} : { lua_timeout_ms: options.lua_timeout_ms }),
    ...(round_fields === undefined ? {} : { round_fields }),
    ...(options.dialect === undefined ? {} : { dialect: options.dialect }),
    ...(options.bot === undefined ? {} : { bot: options.bot }),
  };
}

/** What every worker gets; each runs the sessions `i`, `i + threads`, … */
export interface WorkerPlan {
  readonly lua_timeout_ms?: number;
  readonly when?: unknown;
  readonly dialect?: JsDialect;
  readonly bot?: BotOptions;
  readonly spec: StrategySpec;
  readonly limits: Limits;
  readonly start_balance: number;
  readonly currency: string;
  readonly first?: number;
  readonly step?: number;
  readonly sessions?: number;
}

async function inWorkers(
  threads: number, sessions: number, plan: WorkerPlan, signal: AbortSignal, collect: (r: SessionResult) => void, print: ((line: string) => void) | undefined,
): Promise<void> {
  const running: Promise<void>[] = [];
  const all: Worker[] = [];
  const stop = (): void => {
    for (const w of all) w.postMessage('stop');
  };
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(WORKER_URL, { workerData: { ...plan, first: i, step: threads, sessions } });
      all.push(worker);
      running.push(
        new Promise<void>((resolve, reject) => {
          worker.on('message', (m: SessionResult | { print: string }) => {
            if ('print' in m) print?.(m.print);
            else collect(m);
          });
          worker.on('error', reject);
          worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`simulator worker exited with code ${code}`))));
        }),
      );
    }
    await Promise.all(running);
  } finally {
    signal.removeEventListener('abort', stop);
    for (const w of all) void w.terminate();
  }
}
