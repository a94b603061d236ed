/**
 * Lua 5.1's library and printing on Lua 5.4, as scripts in the wild use them,
 * and DiceBot's side functions (print, sleep, alarm, math.random's seed).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { load_lua_strategy } from '../../../../src/autobet/strategies/lua/index.js';
import type { Strategy, StrategyContext } from '../../../../src/autobet/strategies/strategy.js';
import { EngineState, is_dice, test_context } from './helpers.js';

const open: Strategy[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close?.();
});

const HEADER = 'chance = 49.5\nnextbet = 0.000001\nfunction dobet() end\n';

// What the script's top level prints, one string per print() call.
async function printed(code: string, overrides: Partial<StrategyContext> = {}): Promise<string[]> {
  const context = test_context(overrides);
  open.push(await load_lua_strategy(`${HEADER}${code}`, context));
  return context.printed;
}

describe('the Lua 5.1 prelude', () => {
  test.each([
    ['print(unpack({1, 2, 3}))', '1\t2\t3'],
    ['print(math.pow(2, 10), math.pow(2, 0.5) == math.sqrt(2))', '1024\ttrue'],
    ['print(table.getn({1, 2, 3}), table.getn({}))', '3\t0'],
    ['print(math.mod(7, 3), math.fmod(-7, 3), math.mod(5.5, 2))', '1\t-1\t1.5'],
    ['print(math.log10(1000), math.ldexp(0.75, 4), math.atan2(1, 1) == math.pi / 4)', '3\t12\ttrue'],
    ['print(table.maxn({[1] = "a", [7] = "b", x = "c"}), table.maxn({}))', '7\t0'],
    ['print(loadstring("return 1 + 1")())', '2'],
    ['print((loadstring("return (")))', 'nil'],
    ['for w in string.gfind("a b c", "%a") do io_free = (io_free or "") .. w end print(io_free)', 'abc'],
    ['table.foreach({10}, function(k, v) print(k, v) end)', '1\t10'],
  ])('%s', async (code, expected) => {
    expect((await printed(code))[0]).toBe(expected);
  });

  test.each([
    ['string.format("%d", 2.5)', '2'],
    ['string.format("%d", -2.5)', '-2'],
    ['string.format("%5d|%-4i|%x|%X|%o", 3.9, 7.2, 255.0, 255.9, 8.5)', '    3|7   |ff|FF|10'],
    ['string.format("%c%c", 72.9, 105)', 'Hi'],
    ['string.format("%s and %s", 10 / 2, 1 / 3)', '5 and 0.33333333333333'],
    ['string.format("%.2f%% of %s", 12.345, "x")', '12.35% of x'],
    ['("%d"):format(9.99)', '9'],
    ['tostring(10 / 2)', '5'],
    ['tostring(0.1 + 0.2)', '0.3'],
    ['tostring(1e15)', '1e+15'],
    ['tostring(2^53)', '9.007199254741e+15'],
    ['tostring(-0.0)', '-0'],
    ['tostring(math.huge) .. " " .. tostring(-math.huge)', 'inf -inf'],
    ['"x" .. 10 / 2 .. "y" .. 3', 'x5y3'],
    ['"n=" .. 2^3', 'n=8'],
    ['table.concat({1.0, 2.5, "x", 4}, ",")', '1,2.5,x,4'],
    ['table.concat({1, 2, 3}, "-", 2, 3)', '2-3'],
  ])('%s is %s, as Lua 5.1 printed it', async (expression, expected) => {
    expect(await printed(`print(${expression})`)).toEqual([expected]);
  });

  test('print() shows integral floats as integers, nil and booleans as Lua does', async () => {
    expect(await printed('print(10 / 2, 3, 2.5, nil, true, "s")')).toEqual(['5\t3\t2.5\tnil\ttrue\ts']);
  });

  test('a table with __concat still concatenates', async () => {
    expect(await printed('local t = setmetatable({}, { __concat = function(a, b) return "cat" end }) print(t .. "x", "x" .. t)')).toEqual(['cat\tcat']);
  });

  test('a statement the rewrite ends with ) does not swallow a next one starting with (', async () => {
    expect(await printed(`
calls = 0
function f() calls = calls + 1 end
a = 0
a += 1
(f)()
s = "x" .. "y"
(f)()
print(a, calls, s)`)).toEqual(['1\t2\txy']);
  });

  test('strings and comments are never rewritten', async () => {
    expect(await printed(`
local a = "x += 1 != !y"  -- z += 1
local b = [==[
  [[ nested ]] w -= 2 .. 3
]==]
--[[ c *= 3
]]
print(a, b)`)).toEqual(['x += 1 != !y\t  [[ nested ]] w -= 2 .. 3\n']);
  });
});

describe('math.random is seeded from the session\'s seeds', () => {
  const draws = 'local t = {} for i = 1, 8 do t[i] = math.random(1, 1000000) end print(table.concat(t, ","))';

  test('the same seeds draw the same numbers; other seeds other numbers', async () => {
    const a = await printed(draws);
    const b = await printed(draws);
    const c = await printed(draws, { client_seed: 'another-client-seed' });
    expect(a).toEqual(b);
    expect(a[0]).not.toBe(c[0]);
    expect(a[0]!.split(',')).toHaveLength(8);
  });

  test('5.1-style float bounds are floored', async () => {
    const [line] = await printed('local n = math.random(1.5, 3.7) print(n >= 1 and n <= 3, math.type(n))');
    expect(line).toBe('true\tinteger');
  });
});

describe('DiceBot side functions', () => {
  test('alarm() and ching() print a note', async () => {
    expect(await printed('alarm() ching()')).toEqual(['alarm()', 'ching()']);
  });

  // Boxed: an async function would flatten the promise next() returns.
  async function after_sleep(driver: StrategyContext['driver']): Promise<{ answer: unknown }> {
    const context = test_context({ driver });
    const s = await load_lua_strategy('chance = 49.5\nnextbet = 0.000001\nfunction dobet() sleep(5) end\n', context);
    open.push(s);
    const state = new EngineState();
    const first = await s.next(state);
    if (!is_dice(first)) throw new Error('expected a bet');
    state.settle(first, 10);
    return { answer: s.next(state) };
  }

  test('sleep(ms) holds the bet back live and on the sandbox, not in the simulator', async () => {
    const { answer: live } = await after_sleep('live');
    const { answer: sandbox } = await after_sleep('sandbox');
    const { answer: simulated } = await after_sleep('simulator');
    expect(live).toBeInstanceOf(Promise);
    expect(sandbox).toBeInstanceOf(Promise);
    expect(simulated).not.toBeInstanceOf(Promise);
    expect(await live).toEqual(simulated);
  });

  test('sleep() with something that is not a number names it', async () => {
    await expect(printed('sleep("soon")')).rejects.toThrow('sleep(ms) takes a number of milliseconds');
  });
});
