/**
 * A `.js` strategy file is read as a bot script when it defines `dobet()` and
 * exports nothing, else as an ES module; `dialect` chooses; a wrong guess's
 * first error says what the file was read as and how to choose the other.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { detect_dialect } from '../../../../src/autobet/strategies/js-dialect/detect.js';
import { prepare_recorded, prepare_strategy_file } from '../../../../src/autobet/strategies/load.js';
import { StrategyError } from '../../../../src/autobet/strategies/strategy.js';
import { test_context } from '../lua/helpers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-dialect-'));
// Node reads these .js files as ES modules, as a user's project with "type": "module" would.
fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

describe('detection', () => {
  test.each([
    ['function dobet() {}\nnextbet = 1', 'bot'],
    ['dobet = function () { nextbet *= 2 }', 'bot'],
    ['var dobet = () => {}', 'bot'],
    ['window.dobet = function () {}', 'bot'],
    ['export default (state) => ({ game: "dice", amount: 1, target: 50, condition: "above" })', 'module'],
    ['import x from "y"\nfunction dobet() {}', 'module'],
    ['export function dobet() {}', 'module'],
    ['const x = 1', 'module'],
    // A bot script with a syntax error is still reported as a bot script.
    ['function dobet( {', 'bot'],
  ] as const)('%s → %s', (text, dialect) => {
    expect(detect_dialect(text).dialect).toBe(dialect);
  });
});

describe('prepare_strategy_file on a .js', () => {
  test('a bot script is kind bot, binds and asks for its first bet', async () => {
    const p = file('bot.js', 'nextbet = 0.00000002\nchance = 49.5\nbethigh = true\nfunction dobet() {}');
    const prepared = await prepare_strategy_file(p);
    expect(prepared.kind).toBe('bot');
    const strategy = await prepared.bind(test_context());
    try {
      expect(await strategy.next({ bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, balance: 1, streak: 0, peak_profit: 0, last: null, currency: 'btc', memory: {} }))
        .toEqual({ game: 'dice', amount: 0.00000002, target: 50.5, condition: 'above' });
    } finally {
      await strategy.close?.();
    }
  });

  test('a bot script that fails names the dialect it was read as and how to choose the other', async () => {
    const p = file('wrong-bot.js', 'nextbet = 0.00000001\nchance = 50\nfunction dobet() {}\nmodule.exports = dobet');
    const prepared = await prepare_strategy_file(p);
    const error = (await prepared.bind(test_context()).catch((e: unknown) => e)) as StrategyError;
    expect(error).toBeInstanceOf(StrategyError);
    expect(error.message).toContain("ReferenceError: 'module' is not defined");
    expect(error.message).toContain('wrong-bot.js was read as an in-page bot script (bot4stake, evilbot, bot2love) because it defines dobet() and exports nothing');
    expect(error.message).toContain('--dialect module');
    expect(error.message).toContain('--dialect mydicebot');
  });

  test('a .js module without a default export names the module dialect and how to choose bot', async () => {
    const p = file('wrong-module.js', 'export const nothing = 1\n');
    const error = (await prepare_strategy_file(p).catch((e: unknown) => e)) as StrategyError;
    expect(error).toBeInstanceOf(StrategyError);
    expect(error.message).toMatch(/^wrong-module\.js has no default export function/);
    expect(error.message).toContain('read as an ES module strategy because it has import/export statements');
    expect(error.message).toContain('--dialect bot');
    expect(error.message).toContain('--dialect mydicebot');
  });

  test('dialect chooses: bot on a file with no dobet() fails as a bot script, with no hint', async () => {
    const p = file('forced.js', 'nextbet = 0.00000001\nchance = 50\n');
    const prepared = await prepare_strategy_file(p, { dialect: 'bot' });
    expect(prepared.kind).toBe('bot');
    const error = (await prepared.bind(test_context()).catch((e: unknown) => e)) as StrategyError;
    expect(error.message).toContain('the script must define a dobet() function');
    expect(error.message).not.toContain('--dialect');
  });

  test('dialect module on a bot script imports it as a module', async () => {
    const p = file('as-module.js', 'export default () => ({ stop: "x" })\n');
    expect((await prepare_strategy_file(p, { dialect: 'module' })).kind).toBe('module');
    const bot = file('bot-as-module.js', 'function dobet() {}\n');
    const error = (await prepare_strategy_file(bot, { dialect: 'module' }).catch((e: unknown) => e)) as StrategyError;
    expect(error.message).toMatch(/^bot-as-module\.js has no default export function/);
  });

  test('a bad dialect, or a dialect for another kind of file, is refused naming the field', async () => {
    const p = file('x.js', 'function dobet() {}');
    const bad = (await prepare_strategy_file(p, { dialect: 'lua' as never }).catch((e: unknown) => e)) as StrategyError;
    expect(bad.field).toBe('dialect');
    const lua = file('x.lua', 'nextbet = 1');
    const other = (await prepare_strategy_file(lua, { dialect: 'bot' }).catch((e: unknown) => e)) as StrategyError;
    expect(other.field).toBe('dialect');
  });

  test('a recorded session is read back in the dialect it was recorded in', async () => {
    const p = file('recorded.js', 'nextbet = 0.00000001\nchance = 50\nfunction dobet() {}');
    // A session records the file and the hash of its text (resume refuses a changed text).
    const recorded = (await prepare_strategy_file(p, { dialect: 'bot' })).source;
    expect((await prepare_recorded('bot', 'recorded.js', recorded)).kind).toBe('bot');
    // Recorded as a module: read as one, whatever a detection would say now.
    const error = (await prepare_recorded('module', 'recorded.js', recorded).catch((e: unknown) => e)) as StrategyError;
    expect(error.message).toMatch(/^recorded\.js does not load: nextbet is not defined/);
  });

  test('the bots\' choices are recorded with the file and a resume reads them back, whatever it is given', async () => {
    const p = file('limbo-chance.js', 'game = "limbo"\nnextbet = 0.00000001\nchance = 33\ntarget = 5\nfunction dobet() {}');
    const state = { bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, balance: 1, streak: 0, peak_profit: 0, last: null, currency: 'btc', memory: {} };
    const first = async (prepared: Awaited<ReturnType<typeof prepare_strategy_file>>) => {
      const s = await prepared.bind(test_context());
      try {
        return await s.next(state);
      } finally {
        await s.close?.();
      }
    };
    const chosen = await prepare_strategy_file(p, { bot: { limbo_input: 'chance' } });
    expect(JSON.parse(chosen.source)).toMatchObject({ bot: { limbo_input: 'chance', one_x: 'win' } });
    // 99 / 33 = 3 (bot4stake); the default reads target (evilbot): 5.
    expect(await first(chosen)).toMatchObject({ game: 'limbo', multiplierTarget: 3 });
    expect(await first(await prepare_strategy_file(p))).toMatchObject({ game: 'limbo', multiplierTarget: 5 });
    expect(await first(await prepare_recorded('bot', 'limbo-chance.js', chosen.source, { bot: { limbo_input: 'target' } }))).toMatchObject({ multiplierTarget: 3 });
  });

  test('a when: list beside a bot script is recorded with the bots\' choices, and a resume keeps both', async () => {
    const p = file('limbo-chance-when.js', 'game = "limbo"\nnextbet = 0.00000001\nchance = 33\ntarget = 5\nfunction dobet() {}');
    const when = [{ multiplier_at_least: 2, action: 'stop' }];
    const chosen = await prepare_strategy_file(p, { bot: { limbo_input: 'chance' }, when });
    // Both in the record: the choice (issue 43) and the list (issue 45), neither dropping the other.
    expect(JSON.parse(chosen.source)).toMatchObject({ bot: { limbo_input: 'chance' }, when });
    const resumed = await prepare_recorded('bot', 'limbo-chance-when.js', chosen.source, { bot: { limbo_input: 'target' } });
    expect(JSON.parse(resumed.source)).toMatchObject({ bot: { limbo_input: 'chance' }, when });
    const state = { bets: 0, wins: 0, losses: 0, profit: 0, wagered: 0, balance: 1, streak: 0, peak_profit: 0, last: null, currency: 'btc', memory: {} };
    const s = await resumed.bind(test_context());
    try {
      // 99 / 33 = 3: the session's choice, not the one the resume was given.
      expect(await s.next(state)).toMatchObject({ game: 'limbo', multiplierTarget: 3 });
    } finally {
      await s.close?.();
    }
  });

  test('the bots\' choices are refused for what is not an in-page bot script, and a bad one names it', async () => {
    const lua = file('y.lua', 'nextbet = 1');
    const mydice = file('y.js', 'basebet = 0.00000001\nfunction dobet() { log(lastbet.roll) }');
    for (const [p, options, field] of [
      [lua, { bot: { one_x: 'loss' } }, 'bot'],
      [mydice, { dialect: 'mydicebot', bot: { one_x: 'loss' } }, 'bot'],
      [file('m.js', 'export default () => ({ stop: "x" })'), { bot: { one_x: 'loss' } }, 'bot'],
      [file('z.js', 'function dobet() {}'), { bot: { limbo_input: 'multiplier' } }, 'limbo_input'],
    ] as const) {
      const error = (await prepare_strategy_file(p, options as never).catch((e: unknown) => e)) as StrategyError;
      expect(error).toBeInstanceOf(StrategyError);
      expect(error.field).toBe(field);
    }
  });
});
