/**
 * What a script may not do: reach files, processes, modules, the debug
 * library or bytecode; run forever; eat the machine's memory; move money out.
 * Each is refused with a clear error naming the script's line.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { load_lua_strategy, type LuaStrategyOptions } from '../../../../src/autobet/strategies/lua/index.js';
import { StrategyError, type Strategy } from '../../../../src/autobet/strategies/strategy.js';
import { EngineState, drive, is_dice, test_context } from './helpers.js';

const open: Strategy[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close?.();
});

const HEADER = 'chance = 49.5\nnextbet = 0.000001\n';

async function load(source: string, options: LuaStrategyOptions = {}, context = test_context()): Promise<Strategy> {
  const strategy = await load_lua_strategy(source, context, { file_name: 'bot.lua', ...options });
  open.push(strategy);
  return strategy;
}

async function load_error(source: string, options: LuaStrategyOptions = {}): Promise<StrategyError> {
  const error = await load(source, options).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(StrategyError);
  return error as StrategyError;
}

// The error of the first dobet() (a script that fails after its first bet).
async function run_error(body: string, options: LuaStrategyOptions = {}): Promise<StrategyError> {
  const s = await load(`${HEADER}function dobet()\n${body}\nend\n`, options);
  const state = new EngineState();
  const first = await s.next(state);
  if (!is_dice(first)) throw new Error('expected a first bet');
  state.settle(first, 10);
  const error = await Promise.resolve().then(() => s.next(state)).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(StrategyError);
  return error as StrategyError;
}

describe('the script reaches no file, process, module or debug hook', () => {
  test.each([
    ['io.write("x")', 'io is not available'],
    ['io.open("/etc/passwd")', 'io is not available'],
    ['require("socket")', 'require is not available'],
    ['dofile("/etc/passwd")', 'dofile is not available'],
    ['loadfile("/etc/passwd")', 'loadfile is not available'],
    ['debug.sethook()', 'debug is not available'],
    ['package.loadlib("x", "y")', 'package is not available'],
    ['os.execute("touch /tmp/pwned")', 'os.execute is not available'],
    ['os.exit(1)', 'os.exit is not available'],
    ['os.remove("/tmp/x")', 'os.remove is not available'],
    ['os.getenv("HOME")', 'os.getenv is not available'],
    ['string.dump(print)', "attempt to call a nil value (field 'dump')"],
  ])('%s at the top level is a load error on its line', async (call, message) => {
    const error = await load_error(`${HEADER}\n${call}\n`);
    expect(error.phase).toBe('load');
    expect(error.message).toContain(message);
    expect(error.line).toBe(4);
    expect(error.message).toMatch(/^bot\.lua:4: /);
  });

  test('os.clock, os.time and os.date exist', async () => {
    const context = test_context();
    await load(`${HEADER}print(type(os.clock()), type(os.time()), type(os.date("%Y")))\nfunction dobet() end\n`, {}, context);
    expect(context.printed).toEqual(['number\tnumber\tstring']);
  });

  test('load refuses bytecode; loaded code gets the same rewrite and the script\'s own environment', async () => {
    const context = test_context();
    await load(`${HEADER}
local f, err = load(string.char(27) .. "Lua" .. string.rep("x", 40))
print(f, string.find(err, "binary", 1, true) ~= nil)
loadstring("shared = 41 shared += 1")()
print(shared, rawequal(_G, _ENV), _G.nextbet)
function dobet() end
`, {}, context);
    expect(context.printed).toEqual(['nil\ttrue', '42\ttrue\t1e-06']);
  });
});

describe('a time limit per call stops a script that runs forever', () => {
  test('an endless loop at the top level is a load error naming its line', async () => {
    const error = await load_error(`${HEADER}local n = 0\nwhile true do\n  n = n + 1\nend\nfunction dobet() end\n`, { timeout_ms: 100 });
    expect(error.phase).toBe('load');
    expect(error.message).toContain('time limit of 100 ms');
    expect(error.line).toBeGreaterThanOrEqual(4);
    expect(error.line).toBeLessThanOrEqual(6);
  });

  test('an endless loop in dobet() stops the run, even when the script swallows errors with pcall', async () => {
    const error = await run_error('  while true do\n    pcall(function() while true do end end)\n  end', { timeout_ms: 100 });
    expect(error.phase).toBe('run');
    expect(error.message).toContain('dobet() ran longer than its time limit of 100 ms');
    expect([4, 5]).toContain(error.line);
  });

  test('a loop inside a coroutine is stopped too', async () => {
    const error = await run_error('  local co = coroutine.create(function() while true do end end)\n  print(coroutine.resume(co))', { timeout_ms: 100 });
    expect(error.message).toContain('time limit');
  });
});

describe('a memory cap stops a script that eats memory', () => {
  test('a string doubling forever', async () => {
    const error = await load_error(`${HEADER}local s = "x"\nwhile true do s = s .. s end\nfunction dobet() end\n`, {
      timeout_ms: 20_000,
      memory_limit_bytes: 8 * 1024 * 1024,
    });
    expect(error.phase).toBe('load');
    expect(error.message).toContain("memory cap of 8 MB");
  });

  test('a table growing forever in dobet(), even under pcall', async () => {
    const error = await run_error('  local t = {}\n  pcall(function() for i = 1, 1e9 do t[i] = i end end)', {
      timeout_ms: 20_000,
      memory_limit_bytes: 8 * 1024 * 1024,
    });
    expect(error.phase).toBe('run');
    expect(error.message).toContain('memory cap of 8 MB');
  });

  test('string.rep past the cap', async () => {
    const error = await load_error(`${HEADER}big = string.rep("x", 100 * 1024 * 1024)\nfunction dobet() end\n`, { memory_limit_bytes: 16 * 1024 * 1024 });
    expect(error.message).toContain('memory cap of 16 MB');
  });
});

describe('a strategy never moves money out', () => {
  test.each(['withdraw(1, "bc1qaddress")', 'tip("someone", 1)'])('%s stops the run naming the line', async (call) => {
    const error = await run_error(`  nextbet = 0.000002\n  ${call}`);
    expect(error.phase).toBe('run');
    expect(error.message).toContain('never moves money out');
    expect(error.line).toBe(5);
  });

  // invest() moves money into the vault, which stays in the account (tested on the sandbox in vault.test.ts); a bad amount stops.
  test.each(['invest(-1)', 'invest("1")', 'invest(0/0)'])('%s stops the run naming the line', async (call) => {
    const error = await run_error(`  nextbet = 0.000002\n  ${call}`);
    expect(error.message).toContain('invest(amount) takes a positive number');
    expect(error.line).toBe(5);
  });
});

describe('errors name the script\'s line, also after rewrites on that line', () => {
  test('a runtime error on a line with +=, != and !', async () => {
    const error = await run_error('  count = 0\n  if !win then count += 1 end if count != 0 then x = "a" .. undefined_value .. "b" end');
    expect(error.message).toContain('attempt to concatenate a nil value');
    expect(error.line).toBe(5);
    expect(error.message).toMatch(/^bot\.lua:5: /);
  });

  test('a bad argument to a library function the prelude wraps names the script\'s line', async () => {
    const error = await run_error('  local a = 1\n  print(string.format("%d", "ten"))');
    expect(error.message).toMatch(/^bot\.lua:5: bad argument #2 to 'format'/);
    expect(error.line).toBe(5);
  });

  test('error(message, 0) still names the line; a table error is said to be one', async () => {
    expect((await run_error('\n  error("no position", 0)')).message).toBe('bot.lua:5: no position');
    const table_error = await run_error('  error({ code = 1 })');
    expect(table_error.message).toBe('dobet() raised a non-string error');
    expect(table_error.line).toBeNull();
  });

  test('error() raised by the script', async () => {
    const error = await run_error('  local a = 1\n\n  a += 1 error("custom failure " .. a)');
    expect(error.message).toBe('bot.lua:6: custom failure 2');
    expect(error.line).toBe(6);
  });
});

describe('bad scripts and bad values', () => {
  test('a script that does not parse is a load error naming the line', async () => {
    const error = await load_error(`${HEADER}function dobet()\n  if win then\n    x = = 1\n  end\nend\n`);
    expect(error.phase).toBe('load');
    expect(error.line).toBe(5);
    expect(error.message).toMatch(/^bot\.lua:5: /);
  });

  test('an unclosed block names the line it opened on', async () => {
    const error = await load_error(`${HEADER}function dobet()\n  if win then\n    x = 1\nend\n`);
    expect(error.message).toContain("'end' expected (to close 'function' at line 3)");
  });

  test('a syntax error Lua finds past the rewrite keeps its line', async () => {
    const error = await load_error(`${HEADER}x = 1\nlocal y <unknown> = 2\nfunction dobet() end\n`);
    expect(error.phase).toBe('load');
    expect(error.line).toBe(4);
  });

  test('a script that never sets nextbet and chance', async () => {
    const error = await load_error('bethigh = true\nfunction dobet() end\n');
    expect(error.phase).toBe('load');
    expect(error.field).toBe('nextbet');
    expect(error.message).toContain('must set nextbet and chance');
  });

  test('a script that sets chance but not nextbet... and one without dobet()', async () => {
    expect((await load_error('nextbet = 0.000001\nfunction dobet() end\n')).field).toBe('chance');
    expect((await load_error(HEADER)).field).toBe('dobet');
  });

  test.each([
    ['chance = 99', 'chance', 'chance 99 is outside'],
    ['chance = 0.001', 'chance', 'chance 0.001 is outside'],
    ['nextbet = 0.000000001', 'nextbet', 'rounds down to 0'],
    ['nextbet = -1', 'nextbet', 'rounds down to -1'],
    ['nextbet = "0.0001"', 'nextbet', 'the string "0.0001"'],
    ['nextbet = 0/0', 'nextbet', 'finite number'],
    ['currency = "doge"', 'currency', 'the script set it to "doge"'],
  ])('a first bet that is no bet (%s) is a load error', async (line, field, message) => {
    const error = await load_error(`${HEADER}${line}\nfunction dobet() end\n`);
    expect(error.phase).toBe('load');
    expect(error.field).toBe(field);
    expect(error.message).toContain(message);
  });

  test.each([
    ['nextbet = nil', 'nextbet', 'nextbet must be a number (the script left nil)'],
    ['nextbet = 0.0000000099', 'nextbet', 'rounds down to 0'],
    ['chance = 98.01', 'chance', 'chance 98.01 is outside'],
    ['chance = {}', 'chance', 'a table'],
  ])('a later bet that is no bet (%s) stops the run naming the value, never clamped', async (line, field, message) => {
    const error = await run_error(`  ${line}`);
    expect(error.phase).toBe('run');
    expect(error.field).toBe(field);
    expect(error.message).toContain(message);
  });

  test('the amount is rounded down to the currency\'s unit and the chance to 2 decimals', async () => {
    const s = await load('chance = 49.555\nnextbet = 0.123456789\nfunction dobet() nextbet = 0.0000000199 chance = 12.344 bethigh = true end\n');
    const { bets } = await drive(s, [99]);
    // bethigh is true before the first bet, as in DiceBot.
    expect(bets).toEqual([[0.12345678, 50.44, 'above'], [0.00000001, 87.66, 'above']]);
  });

  test('decimals follow the run\'s currency (usd: 2)', async () => {
    const s = await load('chance = 49.5\nnextbet = 1.239\nfunction dobet() end\n', {}, test_context({ currency: 'usd' }));
    const { bets } = await drive(s, [], new EngineState(100, 'usd'));
    expect(bets).toEqual([[1.23, 50.5, 'above']]);
  });

  test('a UTF-8 BOM and a #! first line are skipped as loadfile does, lines kept', async () => {
    const error = await run_error('  error("here")');
    expect(error.line).toBe(4);
    const s = await load(`\uFEFF#!/usr/bin/env lua\n${HEADER}function dobet()\n  error("here")\nend\n`);
    const state = new EngineState();
    const first = await s.next(state);
    if (!is_dice(first)) throw new Error('expected a bet');
    state.settle(first, 10);
    expect(() => s.next(state)).toThrow('bot.lua:5: here');
  });

  test('bad options are refused', async () => {
    await expect(load_lua_strategy(HEADER, test_context(), { timeout_ms: 0 })).rejects.toThrow(RangeError);
    await expect(load_lua_strategy(HEADER, test_context(), { memory_limit_bytes: Number.NaN })).rejects.toThrow(RangeError);
    await expect(load_lua_strategy(42 as unknown as string, test_context())).rejects.toThrow(TypeError);
  });
});
