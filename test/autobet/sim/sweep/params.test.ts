/**
 * A parameter reaches the strategy whatever its kind: the same martingale
 * written as a module (`export const params`), a Lua script and a bot script
 * (top-level globals), swept over its multiplier, gives the same cell lines
 * kind for kind (the same derived seeds, the same bets), and the two cells
 * differ from each other.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep, type CellLine } from '../../../../src/autobet/sim/sweep/index.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sweep-params-'));
  fs.writeFileSync(path.join(dir, 'm.lua'), 'chance = 49.5\nbethigh = true\nbase = 0.00000001 -- the base bet\nmult = 5\nnextbet = base\nfunction dobet()\n  if win then nextbet = base else nextbet = previousbet * mult end\nend\n');
  fs.writeFileSync(path.join(dir, 'b.js'), 'var basebet = 0.00000001\nvar mult = 5\nchance = 49.5\nbethigh = true\nnextbet = basebet\nfunction dobet() {\n  nextbet = win ? basebet : previousbet * mult\n}\n');
  fs.writeFileSync(path.join(dir, 'm.mjs'), [
    'export const params = { mult: 5 };',
    'export default (state) => {',
    '  const last = state.last;',
    '  const amount = last === null || last.payoutMultiplier > 1 ? 0.00000001 : Math.round(last.amount * params.mult * 1e8) / 1e8;',
    "  return { game: 'dice', amount, target: 50.5, condition: 'above' };",
    '};',
  ].join('\n'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const figures = (c: CellLine) => {
  const { index: _i, params: _p, ...rest } = c;
  return rest;
};

describe('sweep parameters of every strategy kind', () => {
  it('module, Lua and bot script: the same lines for the same multiplier, different ones for another', async () => {
    const run = async (strategy: string, param: string) => (await sweep({
      spec: { strategy, params: { [param]: [2, 3] }, sessions: 8, bets: 60, balance: 0.00001, seed: 'kinds' }, base_dir: dir, workers: 1,
    })).cells;
    const [module, lua, bot] = await Promise.all([run('m.mjs', 'mult'), run('m.lua', 'mult'), run('b.js', 'mult')]);
    for (const cells of [lua, bot]) expect(cells.map(figures)).toEqual(module.map(figures));
    expect(module.map((c) => c.params['mult'])).toEqual([2, 3]);
    expect(figures(module[0]!)).not.toEqual(figures(module[1]!));
  });
});
