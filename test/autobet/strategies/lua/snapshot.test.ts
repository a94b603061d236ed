/**
 * save()/restore(): a run stopped after any bet and resumed in a fresh VM
 * (the script's plain globals back, the built-ins' and resetstats' state
 * back) asks for the same bets as a run that never stopped.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { load_lua_strategy, type LuaSnapshot } from '../../../../src/autobet/strategies/lua/index.js';
import { StrategyError, type Strategy } from '../../../../src/autobet/strategies/strategy.js';
import { EngineState, LABOUCHERE, drive, is_dice, test_context, type BetTuple } from './helpers.js';

const open: Strategy[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close?.();
});

async function load(source: string, context = test_context()): Promise<Strategy> {
  const strategy = await load_lua_strategy(source, context);
  open.push(strategy);
  return strategy;
}

// Bets for the first `cut` rolls, then a snapshot as the engine journals it:
// after the last result, before the strategy is asked again.
async function run_until(strategy: Strategy, rolls: readonly number[], cut: number): Promise<{ bets: BetTuple[]; state: EngineState; snapshot: unknown }> {
  const state = new EngineState();
  const bets: BetTuple[] = [];
  for (const roll of rolls.slice(0, cut)) {
    const answer = await strategy.next(state);
    if (!is_dice(answer)) throw new Error('expected a bet');
    bets.push([answer.amount, answer.target, answer.condition]);
    state.settle(answer, roll);
  }
  // Through JSON, as the journal stores it.
  return { bets, state, snapshot: JSON.parse(JSON.stringify(strategy.save())) };
}

const KITCHEN_SINK = `
unit = 0.00000100
list = {1, 2, 3}
lowest = math.huge
warmup = true
helper = { factor = 1, nested = { deep = { "a", 2.5 } }, grow = function(self) self.factor = self.factor + 1 end }
chance = 49.5
bethigh = false
nextbet = (list[1] + list[#list]) * unit
function dobet()
  warmup = nil
  if balance < lowest then lowest = balance end
  if win then
    if #list <= 2 then list = {1, 2, 3} else table.remove(list); table.remove(list, 1) end
    helper:grow()
  else
    list[#list + 1] = list[1] + list[#list]
  end
  if bets % 4 == 0 then resetstats() end
  bethigh = !bethigh
  local f = fibonacci(win)
  nextbet = (list[1] + list[#list]) * unit * helper.factor + f
  print(bets, wins, currentstreak, warmup, lowest < math.huge, helper.factor, helper.nested.deep[2])
end
`;

describe('save() and restore()', () => {
  test('labouchere resumed after 3 bets asks for the bets worked out by hand', async () => {
    const rolls = [80, 10, 10, 90, 5, 5];
    const first = await run_until(await load(LABOUCHERE), rolls, 3);
    expect(first.bets).toEqual([[0.000004, 49.5, 'below'], [0.000005, 49.5, 'below'], [0.000005, 49.5, 'below']]);
    const resumed = await load(LABOUCHERE);
    resumed.restore(first.snapshot);
    const { bets } = await drive(resumed, rolls.slice(3), first.state);
    expect(bets).toEqual([
      [0.000004, 49.5, 'below'],
      [0.000005, 49.5, 'below'],
      [0.000005, 49.5, 'below'],
      [0.000004, 49.5, 'below'],
    ]);
  });

  test.each([1, 3, 4, 6, 9])('a run cut after %i bets and resumed asks for the same bets and prints the same as one that never stopped', async (cut) => {
    const rolls = [80, 10, 10, 90, 5, 5, 60, 30, 20, 95, 40, 70];
    const whole_context = test_context();
    const whole = await drive(await load(KITCHEN_SINK, whole_context), rolls);

    const part_context = test_context();
    const part = await run_until(await load(KITCHEN_SINK, part_context), rolls, cut);
    const resumed_context = test_context();
    const resumed = await load(KITCHEN_SINK, resumed_context);
    resumed.restore(part.snapshot);
    const rest = await drive(resumed, rolls.slice(cut), part.state);

    expect([...part.bets, ...rest.bets]).toEqual(whole.bets);
    expect([...part_context.printed.slice(0, cut - 1), ...resumed_context.printed]).toEqual(whole_context.printed);
  });

  test('the snapshot holds the script\'s plain globals only, as JSON', async () => {
    const rolls = [80, 10, 10, 90, 5];
    const { snapshot } = await run_until(await load(KITCHEN_SINK), rolls, 5);
    const s = snapshot as LuaSnapshot;
    expect(Object.keys(s.globals).sort()).toEqual(['bethigh', 'chance', 'helper', 'list', 'lowest', 'nextbet', 'unit']);
    expect(s.globals['lowest']).toBeTypeOf('number');
    expect(s.globals['helper']).toEqual({ t: expect.arrayContaining([['factor', 3], ['nested', { t: [['deep', { t: [[1, 'a'], [2, 2.5]] }]] }]]) });
    // resetstats() at bet 4: the engine's counters then are the offsets.
    expect(s.offsets).toMatchObject({ bets: 4, wins: 2, losses: 2 });
    expect(s.fib_level).toBeGreaterThanOrEqual(1);
  });

  test('math.huge survives the trip through JSON', async () => {
    const s = await load('chance = 49.5\nnextbet = 0.000001\nlow = math.huge\nhigh = -math.huge\nfunction dobet() print(low, high) end\n');
    const snapshot = JSON.parse(JSON.stringify(s.save())) as LuaSnapshot;
    expect(snapshot.globals['low']).toEqual({ n: 'inf' });
    expect(snapshot.globals['high']).toEqual({ n: '-inf' });
  });

  test('cyclic tables are saved without their cycle', async () => {
    const s = await load('chance = 49.5\nnextbet = 0.000001\nnode = { name = "a" }\nnode.self = node\nfunction dobet() end\n');
    const snapshot = JSON.parse(JSON.stringify(s.save())) as LuaSnapshot;
    expect(snapshot.globals['node']).toEqual({ t: [['name', 'a']] });
  });

  test.each([
    [null, 'no version 1'],
    [{ version: 2 }, 'no version 1'],
    [{ version: 1, globals: [] }, 'no globals object'],
    [{ version: 1, globals: {}, offsets: { bets: 'x' } }, 'offsets.bets'],
    [{ version: 1, globals: { x: { t: [['a']] } }, offsets: { bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, streak: 0 }, first_amount: 1, fib_level: 1 }, 'not [key, value]'],
    [{ version: 1, globals: { x: null }, offsets: { bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, streak: 0 }, first_amount: 1, fib_level: 1 }, 'type null'],
  ])('a snapshot save() did not write is refused (%j)', async (snapshot, message) => {
    const s = await load(LABOUCHERE);
    const error = (() => {
      try {
        s.restore(snapshot);
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(StrategyError);
    expect((error as StrategyError).field).toBe('snapshot');
    expect((error as StrategyError).message).toContain(message);
  });
});
