/**
 * Bot scripts (the in-page bots' `dobet()` dialect), written for these tests,
 * driven bet by bet with dice rolls from the provably-fair algorithm
 * (test/support/stake-floats.ts, createHmac) and checked against the bets
 * the dialect's rules give, worked out here from the same rolls.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { load_bot_strategy } from '../../../../src/autobet/strategies/js-dialect/index.js';
import { StrategyError, type Strategy, type StrategyContext } from '../../../../src/autobet/strategies/strategy.js';
import { floats } from '../../../support/stake-floats.js';
import { EngineState, drive, is_dice, test_context } from '../lua/helpers.js';

const open: Strategy[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close?.();
});

async function load(source: string, context: StrategyContext = test_context()): Promise<Strategy> {
  const strategy = await load_bot_strategy(source, context, { file_name: 'test.js' });
  open.push(strategy);
  return strategy;
}

/** Dice rolls of nonces 0..n-1 of one seed pair: floor(float × 10001) / 100 (Stake's dice). */
function rolls(n: number, server = 'server-seed-43', client = 'client-seed-43'): number[] {
  return Array.from({ length: n }, (_, nonce) => Math.floor(floats(server, client, nonce, 1)[0]! * 10001) / 100);
}

describe('bot scripts produce the bets the dialect gives', () => {
  test('martingale with dobet = function() and previousbet, over 60 provably-fair rolls', async () => {
    const s = await load(`
basebet = 0.00000001
nextbet = basebet
chance = 49.5
bethigh = false
dobet = function () {
  if (win) {
    nextbet = basebet
  } else {
    nextbet = previousbet * 2
  }
}
`);
    const r = rolls(60);
    const { bets } = await drive(s, r);
    const want: [number, number, string][] = [];
    let amount = 1e-8;
    for (let i = 0; i <= r.length; i++) {
      want.push([amount, 49.5, 'below']);
      if (i < r.length) amount = r[i]! < 49.5 ? 1e-8 : Math.round(amount * 2 * 1e8) / 1e8;
    }
    expect(bets.map((b) => [Number(b[0].toFixed(8)), b[1], b[2]])).toEqual(want);
    expect(new Set(bets.map((b) => b[0])).size).toBeGreaterThan(2);
  });

  test('streak globals, bethigh flipped, lastBet.Roll, function helpers and a let counter', async () => {
    const s = await load(`
var unit = 0.000001
let flips = 0
chance = 25
bethigh = true
nextbet = unit
function size(n) { return unit * (1 + n) }
function dobet() {
  if (losestreak >= 2) { bethigh = !bethigh; flips++ }
  nextbet = win ? unit : size(losestreak)
  if (lastBet.Roll > 99.5 || flips > 40) stop()
  log('bet', bets, wins, losses, winstreak, losestreak, currentstreak, flips)
}
`);
    const r = rolls(80, 'srv-2', 'cli-2');
    const { bets, stop, state } = await drive(s, r);
    // The rules, from the rolls: 25 % chance, above 75 or below 25.
    let high = true;
    let flips = 0;
    let streak = 0;
    let amount = 0.000001;
    const want: [number, number, string][] = [];
    let stopped = false;
    for (let i = 0; i <= r.length && !stopped; i++) {
      want.push([amount, high ? 75 : 25, high ? 'above' : 'below']);
      if (i === r.length) break;
      const win = high ? r[i]! > 75 : r[i]! < 25;
      streak = win ? (streak > 0 ? streak + 1 : 1) : streak < 0 ? streak - 1 : -1;
      const lose = streak < 0 ? -streak : 0;
      if (lose >= 2) { high = !high; flips++; }
      amount = win ? 0.000001 : Number((0.000001 * (1 + lose)).toFixed(8));
      if (r[i]! > 99.5 || flips > 40) stopped = true;
    }
    expect(bets.map((b) => [Number(b[0].toFixed(8)), b[1], b[2]])).toEqual(want);
    expect(stop).toBe(stopped ? 'stop() called' : null);
    expect(state.bets).toBe(bets.length - (stopped ? 0 : 1));
  });

  test('log() lines, the counters a script sees and resetstats()', async () => {
    const context = test_context();
    const s = await load(`
nextbet = 0.00001
chance = 50
function dobet() {
  log(bets, wins, losses, currentstreak, profit.toFixed(8), wagered.toFixed(8), balance.toFixed(8), win)
  if (bets === 3) resetstats()
}
`, context);
    const state = new EngineState();
    const r = [10, 60, 70, 20, 30];
    await drive(s, r, state);
    // 50 % below 50: 10 wins (payout ×1.98), 60 and 70 lose, 20 and 30 win.
    const lines = context.printed;
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(`1 1 0 1 ${(0.0000098).toFixed(8)} ${(0.00001).toFixed(8)} ${(1 + 0.0000098).toFixed(8)} true`);
    expect(lines[2]!.split(' ').slice(0, 4)).toEqual(['3', '1', '2', '-2']);
    // After resetstats() at bets 3: the script's counters restart; the engine's do not.
    expect(lines[3]!.split(' ').slice(0, 4)).toEqual(['1', '1', '0', '1']);
    expect(lines[4]!.split(' ').slice(0, 4)).toEqual(['2', '2', '0', '2']);
    expect(state.bets).toBe(5);
  });

  test('lastBet carries the settled bet\'s id, amount and roll, read only when the script asks', async () => {
    const context = test_context();
    const s = await load(`
nextbet = 0.00001
chance = 50
function dobet() {
  if (bets % 2 === 0) log(lastBet.id, lastBet.name, lastBet.amount, lastBet.Roll, lastBet.id)
}
`, context);
    const r = [10, 60, 70, 20];
    await drive(s, r);
    // EngineState names bet n `bet-n`, its user `tester`; the log runs after bets 2 and 4.
    expect(context.printed).toEqual(['bet-2 tester 0.00001 60 bet-2', 'bet-4 tester 0.00001 20 bet-4']);
  });

  test('resetseed() rotates the seed pair before the next bet; vault(amount) moves that much before it', async () => {
    const s = await load(`
nextbet = 0.0001
chance = 49.5
function dobet() {
  if (bets === 2) resetseed()
  if (bets === 3) vault(0.00005)
}
`);
    const state = new EngineState();
    const first = await s.next(state);
    if (!is_dice(first)) throw new Error('expected a bet');
    state.settle(first, 10);
    const second = await s.next(state);
    state.settle(second as never, 10);
    const third = await s.next(state);
    expect(third).toMatchObject({ rotate_seed_pair: true });
    state.settle(third as never, 10);
    const fourth = await s.next(state);
    expect(fourth).toMatchObject({ vault: 0.00005 });
    expect(fourth).not.toHaveProperty('rotate_seed_pair');
  });
});

describe('bad scripts fail at load with the line and the field', () => {
  test.each([
    ['nextbet = 1\nfunction dobet() {}', 'chance must be a number (the script left undefined)'],
    ['chance = 50\nfunction dobet() {}', 'must set nextbet'],
    ['nextbet = 1\nchance = 50', 'dobet()'],
    ['nextbet = 0.00000001\nchance = 120\nfunction dobet() {}', 'chance 120 is outside'],
    ['nextbet = "a lot"\nchance = 50\nfunction dobet() {}', 'nextbet must be a number'],
    ['nextbet = 1\nchance = 50\ngame = "bluesamurai"\nfunction dobet() {}', 'game "bluesamurai" is refused: Blue Samurai is a round over several requests'],
    ['nextbet = 1\nchance = 50\ngame = "sudoku"\nfunction dobet() {}', 'game "sudoku": a bot script plays dice, limbo'],
    ['nextbet = 1\ntarget = 2\ngame = "slide"\nfunction dobet() {}', 'game "slide" is refused: the bots bet slide through makebet()'],
    ['nextbet = 1\nchance = 50\nfastmode = true\nfunction dobet() {}', 'fastmode is refused'],
  ])('%s', async (source, message) => {
    const error = await load(source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StrategyError);
    expect((error as StrategyError).phase).toBe('load');
    expect((error as StrategyError).message).toContain(message);
  });

  test('a syntax error names the line', async () => {
    const error = (await load('nextbet = 1\nchance = 50\nfunction dobet() {\n  if (win { }\n}').catch((e: unknown) => e)) as StrategyError;
    expect(error).toBeInstanceOf(StrategyError);
    expect(error.line).toBe(4);
    expect(error.message).toMatch(/^test\.js:4: /);
  });

  test('a throw in dobet() stops the run with the line', async () => {
    const s = await load('nextbet = 0.00000001\nchance = 50\nfunction dobet() {\n  if (bets === 2) undefinedThing.go()\n}');
    const error = await drive(s, [10, 20]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StrategyError);
    expect((error as StrategyError).phase).toBe('run');
    expect((error as StrategyError).line).toBe(4);
    expect((error as StrategyError).message).toContain('undefinedThing');
  });
});
