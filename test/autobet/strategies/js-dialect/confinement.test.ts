/**
 * A bot script runs in a QuickJS context with nothing of the host's: each
 * way out a page script would try is tried here, and the time and memory
 * limits stop a script that would run or grow for ever.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { load_bot_strategy } from '../../../../src/autobet/strategies/js-dialect/index.js';
import { StrategyError, type Strategy } from '../../../../src/autobet/strategies/strategy.js';
import { EngineState, drive, test_context } from '../lua/helpers.js';

const open: Strategy[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close?.();
});

async function load(source: string, context = test_context(), options: { timeout_ms?: number; memory_limit_bytes?: number } = {}): Promise<Strategy> {
  const strategy = await load_bot_strategy(source, context, { file_name: 'escape.js', ...options });
  open.push(strategy);
  return strategy;
}

const HEAD = 'nextbet = 0.00000001\nchance = 49.5\n';

describe('the script reaches nothing of the host', () => {
  test('no process, require, module loader, network, timers or DOM, from globalThis or the Function constructor', async () => {
    const context = test_context();
    await load(`${HEAD}
function dobet() {}
const names = ['process', 'require', 'module', 'exports', 'fetch', 'XMLHttpRequest', 'WebSocket', 'setTimeout', 'setInterval',
  'queueMicrotask', 'document', 'window', 'Deno', 'Bun', 'os', 'std', 'Buffer', 'global', '__dirname']
for (const n of names) log(n, typeof globalThis[n])
const g = Function('return this')()
log('function-this', g === globalThis, typeof g.process)
log('constructor-chain', (function () {}).constructor.constructor('return typeof process')())
log('eval', eval('typeof require'))
`, context);
    const lines = context.printed;
    expect(lines.slice(0, 19).every((l) => l.endsWith(' undefined'))).toBe(true);
    expect(lines.slice(19)).toEqual(['function-this true undefined', 'constructor-chain undefined', 'eval undefined']);
  });

  test('import() loads nothing: its promise never settles into a module', async () => {
    const context = test_context();
    const s = await load(`${HEAD}
var loaded = 'no'
var p = import('node:fs').then(function (m) { loaded = 'yes ' + typeof m.readFileSync }, function (e) { loaded = 'refused' })
function dobet() { log(loaded, typeof p) }
`, context);
    await drive(s, [10, 20, 30]);
    // The host never runs the context's job queue: neither handler runs; no file system either way.
    expect(context.printed).toEqual(['no object', 'no object', 'no object']);
  });

  test('prototype pollution stays in the context', async () => {
    const s = await load(`${HEAD}
Object.prototype.polluted = 'yes'
Array.prototype.push = function () { return 'hijacked' }
JSON.stringify = function () { return '"hijacked"' }
JSON.parse = function () { return [true, 999, 999, 999, 999, 999, 999, 999, 999, 999] }
String.prototype.slice = function () { return 'hijacked' }
function dobet() { nextbet = previousbet * 2 }
`);
    const { bets } = await drive(s, [60, 70]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect([1].push(2)).toBe(2);
    expect(JSON.stringify({ a: 1 })).toBe('{"a":1}');
    // The script's own replacements do not reach what the host reads back: the martingale is as written.
    expect(bets.map((b) => b[0])).toEqual([1e-8, 2e-8, 4e-8]);
  });

  test('tip(), withdraw() and unvault() are refused with a message; fastmode set in dobet() stops the run', async () => {
    for (const call of ['tip("someone", 1)', 'withdraw(1, "addr")', 'unvault(1, "password")']) {
      const s = await load(`${HEAD}function dobet() { ${call} }`);
      const error = (await drive(s, [10]).catch((e: unknown) => e)) as StrategyError;
      expect(error).toBeInstanceOf(StrategyError);
      expect(error.message).toMatch(/\(\) is refused: a stakeql strategy never (moves|takes) money out/);
    }
    const s = await load(`${HEAD}function dobet() { fastmode = true }`);
    const error = (await drive(s, [10]).catch((e: unknown) => e)) as StrategyError;
    expect(error.field).toBe('fastmode');
  });
});

describe('limits', () => {
  test('an endless loop in dobet() stops at the time limit, even inside try/catch', async () => {
    const s = await load(`${HEAD}function dobet() { try { for (;;) {} } catch (e) { nextbet = 1 } }`, test_context(), { timeout_ms: 200 });
    const error = (await drive(s, [10]).catch((e: unknown) => e)) as StrategyError;
    expect(error).toBeInstanceOf(StrategyError);
    expect(error.phase).toBe('run');
    expect(error.message).toBe('dobet() ran longer than its time limit of 200 ms');
  });

  test('an endless loop at the top level fails the load', async () => {
    const error = (await load(`${HEAD}while (true) {}\nfunction dobet() {}`, test_context(), { timeout_ms: 100 }).catch((e: unknown) => e)) as StrategyError;
    expect(error.phase).toBe('load');
    expect(error.message).toContain('time limit of 100 ms');
  });

  test('a getter that loops, read by the host, is bounded by the same limit', async () => {
    const s = await load(`${HEAD}function dobet() { Object.defineProperty(globalThis, 'sneaky', { get() { for (;;) {} }, enumerable: true }) }`, test_context(), { timeout_ms: 200 });
    const state = new EngineState();
    await drive(s, [10], state);
    expect(() => s.save()).toThrow(/time limit of 200 ms/);
  });

  test('a memory bomb stops at the memory cap', async () => {
    const s = await load(`${HEAD}var hoard = []\nfunction dobet() { for (;;) hoard.push(new Float64Array(100000)) }`, test_context(), { memory_limit_bytes: 32 * 1024 * 1024, timeout_ms: 5000 });
    const error = (await drive(s, [10]).catch((e: unknown) => e)) as StrategyError;
    expect(error).toBeInstanceOf(StrategyError);
    expect(error.message).toContain('memory cap of 32 MB');
  });

  test('a memory bomb the script catches stays under the cap, and endless recursion is a RangeError, not a crash', async () => {
    const context = test_context();
    const s = await load(`${HEAD}
function dobet() {
  var a = []
  try { for (;;) a.push(new Array(100000).fill(1)) } catch (e) { a = null; log('caught', String(e)) }
  function f(n) { return f(n + 1) + 1 }
  try { f(0) } catch (e) { log('caught', String(e)) }
}`, context, { memory_limit_bytes: 32 * 1024 * 1024, timeout_ms: 5000 });
    await drive(s, [10, 20]);
    expect(context.printed).toEqual([
      'caught InternalError: out of memory', 'caught InternalError: stack overflow',
      'caught InternalError: out of memory', 'caught InternalError: stack overflow',
    ]);
  });
});
