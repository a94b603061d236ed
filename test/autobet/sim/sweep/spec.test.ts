/**
 * Bad specs are refused before any work, naming the field: an unknown path,
 * an empty range or list, a parameter the strategy does not read (settings,
 * module, Lua, bot script), a value the strategy refuses. "Before any work":
 * the results file is never created.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep, SweepSpecError } from '../../../../src/autobet/sim/sweep/index.js';
import { cell_at, cell_count, check_spec } from '../../../../src/autobet/sim/sweep/spec.js';

let dir: string;
const MART = { game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } };
const base = { sessions: 2, bets: 5, balance: 0.0001, seed: 's' };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sweep-spec-'));
  fs.writeFileSync(path.join(dir, 'mart.json'), JSON.stringify(MART));
  fs.writeFileSync(path.join(dir, 'mart.lua'), 'chance = 49.5\nbethigh = true\nbase = 0.00000001 -- the base bet\nnextbet = base\nfunction dobet()\n  if win then nextbet = base else nextbet = previousbet * 2 end\nend\n');
  fs.writeFileSync(path.join(dir, 'bot.js'), 'var basebet = 0.00000001\nchance = 49.5\nnextbet = basebet\nfunction dobet() {\n  nextbet = win ? basebet : previousbet * 2\n}\n');
  fs.writeFileSync(path.join(dir, 'mod.mjs'), "export const params = { base: 0.00000001 };\nexport default (state) => ({ game: 'dice', amount: params.base, target: 50.5, condition: 'above' });\n");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function refused(spec: Record<string, unknown>): Promise<SweepSpecError> {
  const results = path.join(dir, `r-${Math.random().toString(36).slice(2)}.jsonl`);
  const error = await sweep({ spec, base_dir: dir, results, workers: 1 }).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(SweepSpecError);
  expect(fs.existsSync(results)).toBe(false);
  return error as SweepSpecError;
}

describe('sweep specs', () => {
  it.each([
    ['an unknown settings path', { strategy: 'mart.json', params: { 'on_loss.increse_pct': [50] } }, 'params.on_loss.increse_pct'],
    ['a settings field the game does not take', { strategy: 'mart.json', params: { 'bet.multiplierTarget': [2] } }, 'params.bet.multiplierTarget'],
    ['a value the strategy refuses', { strategy: 'mart.json', params: { 'bet.target': [50.5, 150] } }, 'params.bet.target'],
    ['an empty range', { strategy: 'mart.json', params: { 'on_loss.increase_pct': { from: 100, to: 50, step: 10 } } }, 'params.on_loss.increase_pct'],
    ['a range with no step', { strategy: 'mart.json', params: { 'on_loss.increase_pct': { from: 50, to: 100, step: 0 } } }, 'params.on_loss.increase_pct.step'],
    ['an empty list', { strategy: 'mart.json', params: { 'on_loss.increase_pct': [] } }, 'params.on_loss.increase_pct'],
    ['an empty distribution', { strategy: 'mart.json', params: { 'on_loss.increase_pct': { dist: 'uniform', min: 3, max: 3 } }, search: { random: 4 } }, 'params.on_loss.increase_pct'],
    ['a distribution in a grid', { strategy: 'mart.json', params: { 'on_loss.increase_pct': { dist: 'uniform', min: 1, max: 3 } } }, 'params.on_loss.increase_pct'],
    ['a Lua global the script does not set', { strategy: 'mart.lua', params: { basebet: [1e-8] } }, 'params.basebet'],
    ['a bot-script global the script does not set', { strategy: 'bot.js', params: { base: [1e-8] } }, 'params.base'],
    ['a module param it does not declare', { strategy: 'mod.mjs', params: { chance: [50] } }, 'params.chance'],
    ['a misspelt spec field', { strategy: 'mart.json', params: { 'on_loss.increase_pct': [50] }, sesions: 3 }, 'sesions'],
    ['no params', { strategy: 'mart.json', params: {} }, 'params'],
    ['a missing strategy file', { strategy: 'nope.json', params: { 'on_loss.increase_pct': [50] } }, 'strategy'],
  ])('%s: refused naming the field', async (_what, spec, field) => {
    const error = await refused({ ...base, ...spec });
    expect(error.field).toBe(field);
    expect(error.message.startsWith(`${field}:`)).toBe(true);
  });

  it('sessions, bets and balance are checked too', async () => {
    expect((await refused({ ...base, strategy: 'mart.json', params: { 'bet.target': [60] }, sessions: 0 })).field).toBe('sessions');
    expect((await refused({ ...base, strategy: 'mart.json', params: { 'bet.target': [60] }, balance: -1 })).field).toBe('balance');
  });

  it('a grid is every combination, the last parameter fastest; a range keeps its step\'s decimals', () => {
    const spec = check_spec({ ...base, strategy: 'x.json', params: { a: { from: 0.1, to: 0.3, step: 0.1 }, b: ['x', 'y'] } }, dir, path.resolve);
    expect(cell_count({ ...spec })).toBe(6);
    expect(Array.from({ length: 6 }, (_, i) => cell_at(spec, i).params)).toEqual([
      { a: 0.1, b: 'x' }, { a: 0.1, b: 'y' }, { a: 0.2, b: 'x' }, { a: 0.2, b: 'y' }, { a: 0.3, b: 'x' }, { a: 0.3, b: 'y' },
    ]);
  });

  it('a random search draws each value from the seed: the same cells again, inside the bounds', () => {
    const spec = check_spec({ ...base, strategy: 'x.json', params: { a: { dist: 'uniform', min: 10, max: 20 }, b: [1, 2, 3] }, search: { random: 50 } }, dir, path.resolve);
    const cells = Array.from({ length: 50 }, (_, i) => cell_at(spec, i).params);
    expect(Array.from({ length: 50 }, (_, i) => cell_at(spec, i).params)).toEqual(cells);
    for (const c of cells) {
      expect(c['a']).toBeGreaterThanOrEqual(10);
      expect(c['a']).toBeLessThan(20);
      expect([1, 2, 3]).toContain(c['b']);
    }
    expect(new Set(cells.map((c) => c['b'])).size).toBe(3);
    const other = check_spec({ ...base, seed: 't', strategy: 'x.json', params: { a: { dist: 'uniform', min: 10, max: 20 } }, search: { random: 5 } }, dir, path.resolve);
    expect(cell_at(other, 0).params['a']).not.toBe(cells[0]!['a']);
  });
});
