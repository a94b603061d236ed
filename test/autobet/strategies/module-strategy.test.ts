/**
 * A JS/TS module strategy (automation.md "Strategies" item 2): its default
 * export is `(state) => next | { stop } | Promise<…>`; what it remembers goes
 * in `state.memory`, journaled with each bet and handed back on resume. A
 * module that does not load is a StrategyError of phase `load` naming the
 * file, before anything is sent; one that throws later stops the run with
 * `error:strategy`. Fixtures in test/autobet/strategies/fixtures/; the module that does
 * not parse is written at test time (lint would refuse it as a fixture).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Money, new_counters, type Counters } from '../../../src/autobet/engine/counters.js';
import { run_engine } from '../../../src/autobet/engine/engine.js';
import type { StopLine } from '../../../src/autobet/engine/events.js';
import { MemoryJournal, type EngineJournal, type IntentRow } from '../../../src/autobet/engine/journal-port.js';
import { check_limits, type Limits } from '../../../src/autobet/engine/limits.js';
import { SqliteJournal } from '../../../src/autobet/run/sqlite-journal.js';
import { prepare_strategy_file } from '../../../src/autobet/strategies/load.js';
import { load_module_strategy } from '../../../src/autobet/strategies/module.js';
import { StrategyError, type Strategy, type StrategyState } from '../../../src/autobet/strategies/strategy.js';
import { buildForChildren } from '../../support/child-build.js';
import { BooksDriver } from '../engine/books-driver.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixture = (name: string): string => path.join(FIXTURES, name);
const btc = new Money(8);

const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-module-strategy-'));
afterAll(() => fs.rmSync(TMP, { recursive: true, force: true }));
const BAD_SYNTAX = path.join(TMP, 'bad-syntax.mjs');
fs.writeFileSync(BAD_SYNTAX, "export default (state) => {\n  return { game: 'dice', amount: 0.00000001 ;\n};\n");

function state(over: Partial<StrategyState> = {}): StrategyState {
  return { bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, balance: 1, streak: 0, peak_profit: 0, last: null, currency: 'btc', memory: {}, ...over };
}

/** A journal that keeps what a durable one would write at each intent: the strategy's state as JSON. */
class JsonJournal extends MemoryJournal {
  override readonly durable = true;
  readonly states: unknown[] = [];
  override intend(intent: IntentRow): void {
    super.intend(intent);
    this.states.push(JSON.parse(intent.strategy_state ?? 'null') as unknown);
  }
}

interface Ran {
  readonly stop: StopLine;
  readonly driver: BooksDriver;
  readonly journal: JsonJournal;
}

/** Runs `strategy` on a books driver from `counters` and `memory` (a resume when they are not fresh). */
async function run(strategy: Strategy, limits: Limits, opts: { outcomes?: number[]; counters?: Counters; memory?: Record<string, unknown>; journal?: EngineJournal } = {}): Promise<Ran> {
  const counters = opts.counters ?? new_counters(100_000_000);
  const driver = new BooksDriver(counters.balance, opts.outcomes ?? []);
  const journal = new JsonJournal();
  const start = await driver.start();
  const stop = await run_engine({
    strategy,
    driver,
    journal: opts.journal ?? journal,
    currency: 'btc',
    money: btc,
    limits: check_limits(limits, true),
    counters,
    memory: opts.memory ?? {},
    last: null,
    seq: counters.bets + 1,
    seeds: start.seeds,
    signal: new AbortController().signal,
    resolve_timeout_ms: 1000,
  });
  return { stop, driver, journal };
}

/** The StrategyError `promise` rejects with. */
async function loadError(promise: Promise<unknown>): Promise<StrategyError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(StrategyError);
  expect((error as StrategyError).phase).toBe('load');
  return error as StrategyError;
}

describe('module strategy: a default export that keeps a counter in state.memory', () => {
  it('is loaded by its file name and changes memory in place', async () => {
    const s = await load_module_strategy(fixture('counter.mjs'));
    expect(s.name).toBe('counter.mjs');
    const memory: Record<string, unknown> = {};
    expect(await s.next(state({ memory }))).toEqual({ game: 'dice', amount: 0.00000001, target: 50.5, condition: 'above' });
    expect(memory).toEqual({ n: 1, seen_bets: 0 });
    expect(await s.next(state({ bets: 1, memory }))).toMatchObject({ amount: 0.00000002 });
    expect(memory).toEqual({ n: 2, seen_bets: 1 });
    // Everything it remembers is in memory: the strategy object itself has nothing to save.
    expect(s.save()).toBeNull();
  });

  it('prepare_strategy_file takes a .mjs as a module strategy', async () => {
    const prepared = await prepare_strategy_file(fixture('counter.mjs'));
    expect(prepared).toMatchObject({ kind: 'module', name: 'counter.mjs', currency: null });
    // The session records the file and the SHA-256 of its text (resume refuses another text).
    const text = fs.readFileSync(fixture('counter.mjs'), 'utf8');
    expect(JSON.parse(prepared.source)).toEqual({ file: fixture('counter.mjs'), sha256: createHash('sha256').update(text).digest('hex') });
    const s = await prepared.bind({ driver: 'simulator', currency: 'btc', start_balance: 1, client_seed: 'c', server_seed_hash: 'h', print: () => undefined });
    expect(await s.next(state())).toMatchObject({ amount: 0.00000001 });
  });

  it('through the engine: each intent journals the memory after the strategy proposed that bet', async () => {
    const s = await load_module_strategy(fixture('counter.mjs'));
    const r = await run(s, { stop_loss: 1, max_bet: 1, max_bets: 3 });
    expect(r.driver.sent.map((b) => b.amount)).toEqual([1, 2, 3]);
    expect(r.stop.reason).toBe('max_bets');
    expect(r.journal.states).toEqual([
      { strategy: null, memory: { n: 1, seen_bets: 0 } },
      { strategy: null, memory: { n: 2, seen_bets: 1 } },
      { strategy: null, memory: { n: 3, seen_bets: 2 } },
    ]);
  });

  it('a resume from the journaled memory and counters goes on counting, then the strategy stops itself', async () => {
    const s = await load_module_strategy(fixture('counter.mjs'));
    const counters = new_counters(100_000_000);
    const first = await run(s, { stop_loss: 1, max_bet: 1, max_bets: 3 }, { counters });
    expect(counters.bets).toBe(3);
    const journaled = first.journal.states.at(-1) as { memory: Record<string, unknown> };
    // The resumed session: the memory as JSON gave it back, the counters as the journal left them.
    const resumed = await run(s, { stop_loss: 1, max_bet: 1, max_bets: 10 }, { counters, memory: journaled.memory });
    expect(resumed.driver.sent.map((b) => b.amount)).toEqual([4, 5]);
    expect(resumed.stop).toMatchObject({ reason: 'strategy', message: 'counted to 5', bets: 5 });
  });

  it('a promise answer (async module): martingale on limbo, reading the last bet as returned', async () => {
    const s = await load_module_strategy(fixture('async-limbo.mjs'));
    const r = await run(s, { stop_loss: 1, max_bet: 1, max_bets: 6 }, { outcomes: [0, 0, 2, 0, 0, 2] });
    // lose 10, lose 20, win 40, lose 10, lose 20, win 40 (units of 1e-8)
    expect(r.driver.sent.map((b) => [b.game, b.amount])).toEqual([['limbo', 10], ['limbo', 20], ['limbo', 40], ['limbo', 10], ['limbo', 20], ['limbo', 40]]);
    expect(r.driver.profit).toBe(20);
  });

  it('a module that throws after two bets stops the run with error:strategy and its words; nothing is sent for it', async () => {
    const s = await load_module_strategy(fixture('throws-later.mjs'));
    const r = await run(s, { stop_loss: 1, max_bet: 1 });
    expect(r.driver.sent).toHaveLength(2);
    expect(r.journal.intents).toHaveLength(2);
    expect(r.stop).toMatchObject({ reason: 'error:strategy', message: 'strategy gave up on bet 3', bets: 2 });
  });
});

describe('module strategy: memory that is not JSON', () => {
  /**
   * `state.memory` is a plain JSON object (automation.md); a strategy that
   * puts a cycle in it answers garbage, which stops the run with
   * `error:strategy`, not an internal error, and the intent is never written
   * (the engine takes the JSON copy of the state before the request leaves).
   */
  it('a cycle in memory stops the run with error:strategy, nothing sent (the real SQLite journal)', async () => {
    const { open_database, SessionsTable } = await import('../../../src/journal/index.js');
    const db = open_database(path.join(TMP, 'data', 'stakeql.db'));
    try {
      const table = new SessionsTable(db);
      const session = table.create({
        started_at: 0, driver: 'sandbox', profile: null, base_url: 'http://127.0.0.1:1', account: 'test', currency: 'btc', decimals: 8,
        strategy_kind: 'module', strategy_name: 'cyclic-memory.mjs', strategy_source: fixture('cyclic-memory.mjs'), game: null,
        limits: '{}', start_balance_units: 100_000_000, pid: process.pid,
      });
      const s = await load_module_strategy(fixture('cyclic-memory.mjs'));
      const r = await run(s, { stop_loss: 1, max_bet: 1 }, { journal: new SqliteJournal(table, session) });
      expect(r.driver.sent).toEqual([]);
      expect(r.stop.reason).toBe('error:strategy');
    } finally {
      db.close();
    }
  });
});

describe('module strategy: load errors name the file (phase load, before any bet)', () => {
  it('a module that does not parse', async () => {
    const error = await loadError(load_module_strategy(BAD_SYNTAX));
    expect(error.message).toMatch(/^bad-syntax\.mjs does not load: /);
  });

  it('no default export, or a default export that is not a function', async () => {
    for (const name of ['no-default.mjs', 'default-object.mjs']) {
      const error = await loadError(load_module_strategy(fixture(name)));
      expect(error.message).toMatch(new RegExp(`^${name.replace('.', '\\.')} has no default export function`));
    }
  });

  it('a module whose top level throws', async () => {
    const error = await loadError(load_module_strategy(fixture('throws-top.mjs')));
    expect(error.message).toBe('throws-top.mjs does not load: top level refused to load');
  });

  it('a module whose import is missing', async () => {
    const error = await loadError(load_module_strategy(fixture('missing-import.mjs')));
    expect(error.message).toMatch(/^missing-import\.mjs does not load: /);
  });

  it('a file that does not exist, or is not a strategy by its extension', async () => {
    const missing = path.join(TMP, 'nowhere.mjs');
    expect((await loadError(prepare_strategy_file(missing))).message).toBe(`no such file: ${missing}`);
    fs.writeFileSync(path.join(TMP, 'strategy.txt'), 'export default () => ({})');
    expect((await loadError(prepare_strategy_file(path.join(TMP, 'strategy.txt')))).message).toMatch(/^strategy\.txt: a strategy is a \.json settings file/);
  });
});

/** What a child Node process made of each module: loaded (and its first answer) or the error. */
interface ChildLoad {
  readonly file: string;
  readonly answer?: unknown;
  readonly error?: { readonly name: string; readonly phase: string; readonly message: string };
}

describe('module strategy: loaded by Node itself (no vitest transform)', () => {
  it('loads the counter, refuses each bad module naming it, and says plainly when this Node cannot import TypeScript', async () => {
    const dist = await buildForChildren();
    const files = [fixture('counter.mjs'), BAD_SYNTAX, fixture('no-default.mjs'), fixture('throws-top.mjs'), fixture('missing-import.mjs'), fixture('typed.ts')];
    const script = `
      const { load_module_strategy } = await import(${JSON.stringify(pathToFileURL(path.join(dist, 'autobet/strategies/module.js')).href)});
      for (const file of ${JSON.stringify(files)}) {
        try {
          const s = await load_module_strategy(file);
          const answer = await s.next({ bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, balance: 1, streak: 0, peak_profit: 0, last: null, currency: 'btc', memory: {} });
          console.log(JSON.stringify({ file, answer }));
        } catch (e) {
          console.log(JSON.stringify({ file, error: { name: e.name, phase: e.phase, message: e.message } }));
        }
      }`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    const loads = out.trim().split('\n').map((line) => JSON.parse(line) as ChildLoad);
    expect(loads.map((l) => path.basename(l.file))).toEqual(files.map((f) => path.basename(f)));
    const [counter, syntax, noDefault, top, missing, typed] = loads as [ChildLoad, ChildLoad, ChildLoad, ChildLoad, ChildLoad, ChildLoad];
    expect(counter.answer).toEqual({ game: 'dice', amount: 0.00000001, target: 50.5, condition: 'above' });
    for (const [load, start] of [[syntax, 'bad-syntax.mjs does not load: '], [noDefault, 'no-default.mjs has no default export function'], [top, 'throws-top.mjs does not load: top level refused to load'], [missing, 'missing-import.mjs does not load: ']] as const) {
      expect(load.error).toMatchObject({ name: 'StrategyError', phase: 'load' });
      expect(load.error?.message.startsWith(start), load.error?.message).toBe(true);
    }
    // Node 22.18+ strips types by itself; older ones cannot import .ts at all, and the error says what to do.
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    if (major > 22 || (major === 22 && minor >= 18)) {
      expect(typed.answer).toEqual({ game: 'dice', amount: 0.00000001, target: 50.5, condition: 'above' });
    } else {
      expect(typed.error).toMatchObject({ name: 'StrategyError', phase: 'load' });
      expect(typed.error?.message).toMatch(/^typed\.ts: this Node \(v[\d.]+\) cannot import TypeScript; use Node 22\.18 or later, or compile it to \.mjs$/);
    }
  }, 120_000);
});
