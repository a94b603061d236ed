/**
 * Bot scripts on the games beside dice, in each dialect: scripts written for
 * these tests, driven bet by bet with outcomes computed here from the
 * provably-fair algorithm (test/support/stake-floats.ts, createHmac) and the
 * published formulas, checked against the bets each dialect's rules give.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { prepare_strategy_file } from '../../../../src/autobet/strategies/load.js';
import { simulate, type BetLine } from '../../../../src/autobet/index.js';
import { load_bot_strategy, type BotOptions } from '../../../../src/autobet/strategies/js-dialect/index.js';
import { detect_dialect } from '../../../../src/autobet/strategies/js-dialect/detect.js';
import { bot_round_step } from '../../../../src/autobet/strategies/js-dialect/round.js';
import { StrategyError, type Strategy, type StrategyAnswer, type StrategyContext } from '../../../../src/autobet/strategies/strategy.js';
import { floats } from '../../../support/stake-floats.js';
import { chain_from, sha, shown_point } from '../../../support/crash-chain.js';
import { EngineState, test_context } from '../lua/helpers.js';

const open: Strategy[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close?.();
});

async function load(source: string, options: { bot?: BotOptions; flavour?: 'bot' | 'mydicebot' } = {}, context: StrategyContext = test_context()): Promise<Strategy> {
  const strategy = await load_bot_strategy(source, context, { file_name: 'test.js', ...options });
  open.push(strategy);
  return strategy;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-games-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const SERVER = 'server-seed-43b';
const CLIENT = 'client-seed-43b';

/** Limbo's published result for one float: max(1, ⌊1e8 / (⌊f × 1e8⌋ + 1) × 0.99 × 100⌋ / 100) (stake.com/provably-fair/game-events). */
function limbo_result(nonce: number): number {
  const f = floats(SERVER, CLIENT, nonce, 1)[0]!;
  return Math.max(1, Math.floor((1e8 / (Math.floor(f * 1e8) + 1)) * 0.99 * 100) / 100);
}

/** A settled bet of any game, as the typed methods return it, counted into `state` the way the engine counts (a win pays above 1×). */
function settle(state: EngineState, game: string, amount: number, multiplier: number, fields: Record<string, unknown>): void {
  state.record(game, amount, amount * multiplier, multiplier, fields, { bet: { nonce: state.bets, clientSeed: { seed: CLIENT }, serverSeed: { seedHash: 'h', seed: null } } });
}

function bet_of(answer: StrategyAnswer): Record<string, unknown> {
  if (!('game' in answer)) throw new Error(`stopped: ${(answer as { stop: string }).stop}`);
  return answer as unknown as Record<string, unknown>;
}

/** Plays `n` limbo bets, each settled with the published result of its nonce; returns [amount, multiplierTarget] per bet asked for. */
async function play_limbo(s: Strategy, n: number): Promise<[number, number][]> {
  const state = new EngineState();
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const b = bet_of(await s.next(state));
    expect(b['game']).toBe('limbo');
    const amount = b['amount'] as number;
    const target = b['multiplierTarget'] as number;
    out.push([amount, target]);
    const result = limbo_result(i);
    settle(state, 'limbo', amount, result >= target ? target : 0, { result, multiplierTarget: target });
  }
  return out;
}

// Written for these tests: a limbo martingale that raises its target after two losses in a row.
const LIMBO_TARGET = `
game = 'limbo'
basebet = 0.00000002
nextbet = basebet
target = 2
function dobet() {
  if (win) { nextbet = basebet; target = 2 }
  else { nextbet = previousbet * 2; if (losestreak >= 2) target = 3 }
}
`;

describe('limbo: target (evilbot, bot2love) or chance (bot4stake, stake-autobot)', () => {
  test('target: each bet as the script sets it, over 40 provably-fair results', async () => {
    const got = await play_limbo(await load(LIMBO_TARGET), 40);
    const want: [number, number][] = [];
    let amount = 2e-8;
    let target = 2;
    let lose_streak = 0;
    for (let i = 0; i < 40; i++) {
      want.push([amount, target]);
      if (limbo_result(i) >= target) {
        amount = 2e-8; target = 2; lose_streak = 0;
      } else {
        lose_streak += 1; amount = Math.round(amount * 2 * 1e8) / 1e8;
        if (lose_streak >= 2) target = 3;
      }
    }
    expect(got.map(([a, t]) => [Number(a.toFixed(8)), t])).toEqual(want);
    expect(new Set(got.map((g) => g[1])).size).toBe(2);
  });

  test('chance: the multiplier is 99 / chance to two decimals; the script\'s target is not read', async () => {
    const s = await load(`
game = 'limbo'
nextbet = 0.00000001
chance = 49.5
target = 50
function dobet() { chance = win ? 49.5 : 30 }
`, { bot: { limbo_input: 'chance' } });
    const got = await play_limbo(s, 30);
    let chance = 49.5;
    const want: number[] = [];
    for (let i = 0; i < 30; i++) {
      // 99 / 49.5 = 2; 99 / 30 = 3.3.
      const target = Math.round((99 / chance) * 100) / 100;
      want.push(target);
      chance = limbo_result(i) >= target ? 49.5 : 30;
    }
    expect(got.map((g) => g[1])).toEqual(want);
    expect(want).toContain(3.3);
  });

  test('a target the site does not take names the script\'s global', async () => {
    for (const [source, options, field] of [
      [`game = 'limbo'\nnextbet = 0.00000001\ntarget = 0.5\nfunction dobet() {}`, {}, 'target'],
      [`game = 'limbo'\nnextbet = 0.00000001\ntarget = 2.005\nfunction dobet() {}`, {}, 'target'],
      [`game = 'limbo'\nnextbet = 0.00000001\nchance = 99.5\nfunction dobet() {}`, { bot: { limbo_input: 'chance' as const } }, 'chance'],
    ] as const) {
      const error = (await load(source, options).catch((e: unknown) => e)) as StrategyError;
      expect(error).toBeInstanceOf(StrategyError);
      expect(error.field).toBe(field);
      expect(error.message).toContain(`game limbo: ${field}`);
    }
  });
});

describe('keno, mines, plinko and wheel with the dialect\'s inputs', () => {
  test('each game\'s inputs as the site takes them, evilbot\'s starting values where the script sets none', async () => {
    const s = await load(`
nextbet = 0.00000001
game = 'keno'
let step = 0
function dobet() {
  step += 1
  if (step === 1) { game = 'keno'; numbers = [0, 7, 39]; risk = 'high' }
  if (step === 2) { game = 'mines'; mines = 3; fields = [4, 5] }
  if (step === 3) { game = 'plinko'; rows = 16; risk = 'medium' }
  if (step === 4) { game = 'wheel'; segments = "30"; risk = 'low' }
  if (step === 5) { game = 'pump' }
  if (step === 6) { pumps = 5; difficulty = 'hard' }
}
`);
    const state = new EngineState();
    const bets: Record<string, unknown>[] = [];
    for (let i = 0; i < 7; i++) {
      const b = bet_of(await s.next(state));
      bets.push(b);
      settle(state, b['game'] as string, b['amount'] as number, 0, {});
    }
    expect(bets).toEqual([
      // keno with evilbot's numbers [1..9] and risk 'low' (index.js l. 3436-3493).
      { game: 'keno', amount: 1e-8, numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9], risk: 'low' },
      { game: 'keno', amount: 1e-8, numbers: [0, 7, 39], risk: 'high' },
      { game: 'mines', amount: 1e-8, minesCount: 3, fields: [4, 5] },
      { game: 'plinko', amount: 1e-8, rows: 16, risk: 'medium' },
      // bot4stake's README writes segments = "10": a string of digits is taken.
      { game: 'wheel', amount: 1e-8, segments: 30, risk: 'low' },
      // pump with evilbot's pumps 1 and difficulty 'easy'; pumps is the site's round.
      { game: 'pump', amount: 1e-8, round: 1, difficulty: 'easy' },
      { game: 'pump', amount: 1e-8, round: 5, difficulty: 'hard' },
    ]);
  });

  test.each([
    ['keno', 'numbers = [0, 40]', 'numbers'],
    ['keno', 'numbers = "1,2"', 'numbers'],
    ['keno', 'risk = "extreme"', 'risk'],
    ['mines', 'mines = 30', 'mines'],
    ['mines', 'fields = [1, 1]', 'fields'],
    ['plinko', 'rows = 20', 'rows'],
    ['wheel', 'segments = 15', 'segments'],
    ['pump', 'pumps = 21; difficulty = "hard"', 'pumps'],
    ['pump', 'difficulty = "insane"', 'difficulty'],
    ['hilo', 'startcard = { rank: "1", suit: "H" }', 'startcard'],
  ])('%s with %s names %s', async (game, line, field) => {
    const error = (await load(`nextbet = 0.00000001\ngame = '${game}'\n${line}\nfunction dobet() {}`).catch((e: unknown) => e)) as StrategyError;
    expect(error).toBeInstanceOf(StrategyError);
    expect(error.phase).toBe('load');
    expect(error.field).toBe(field);
  });
});

describe('a bet paid exactly 1x: a win (evilbot, bot4stake) or a loss (as stakeql counts it)', () => {
  // The script logs what it sees after each keno bet.
  const SCRIPT = `
game = 'keno'
nextbet = 0.00000001
numbers = [1, 2, 3, 4]
function dobet() { log(win, wins, losses, currentstreak, winstreak, losestreak, lastBet.win) }
`;
  // Multipliers as keno pays them (classic, 4 picks: 0x, 1x and more exist on the public table).
  const MULTIPLIERS = [0, 1, 1, 3, 0, 1];

  async function run(options: BotOptions): Promise<string[]> {
    const context = test_context();
    const s = await load(SCRIPT, { bot: options }, context);
    const state = new EngineState();
    for (const m of MULTIPLIERS) {
      const b = bet_of(await s.next(state));
      settle(state, 'keno', b['amount'] as number, m, { drawnNumbers: [], selectedNumbers: [1, 2, 3, 4], risk: 'classic' });
    }
    await s.next(state);
    return context.printed;
  }

  test('one_x win: the 1x bets are wins, in win, wins, losses and the streaks', async () => {
    // win wins losses currentstreak winstreak losestreak lastBet.win, after each bet.
    expect(await run({ one_x: 'win' })).toEqual([
      'false 0 1 -1 0 1 false',
      'true 1 1 1 1 0 true',
      'true 2 1 2 2 0 true',
      'true 3 1 3 3 0 true',
      'false 3 2 -1 0 1 false',
      'true 4 2 1 1 0 true',
    ]);
  });

  test('one_x loss: the script counts as the engine does', async () => {
    expect(await run({ one_x: 'loss' })).toEqual([
      'false 0 1 -1 0 1 false',
      'false 0 2 -2 0 2 false',
      'false 0 3 -3 0 3 false',
      'true 1 3 1 1 0 true',
      'false 1 4 -1 0 1 false',
      'false 1 5 -2 0 2 false',
    ]);
  });

  test('a bad choice names it', async () => {
    for (const [options, field] of [[{ limbo_input: 'multiplier' }, 'limbo_input'], [{ one_x: 'maybe' }, 'one_x'], [{ speed: 1 }, 'speed']] as const) {
      const error = (await load(SCRIPT, { bot: options as unknown as BotOptions }).catch((e: unknown) => e)) as StrategyError;
      expect(error).toBeInstanceOf(StrategyError);
      expect(error.field).toBe(field);
    }
  });
});

describe('mydicebot\'s JS mode', () => {
  // Written for these tests in mydicebot's own spelling: camel case (it lower-cases the text), lastbet, currentroll.
  const SCRIPT = `
baseBet = 0.000000016
chance = 49.5
betHigh = false
function dobet() {
  if (win) { nextBet = baseBet } else { nextBet = previousBet * 2 }
  if (currentStreak <= -3) betHigh = !betHigh
  console.log(currentroll, lastbet.roll, lastbet.amount, lastbet.chance, lastbet.high, lastbet.id, lastbet.nonce)
}
`;

  test('replayed bet by bet against provably-fair rolls: amounts to the nearest 1e-8, its target formula, previousbet as the script set it', async () => {
    const context = test_context();
    const s = await load(SCRIPT, { flavour: 'mydicebot' }, context);
    const state = new EngineState();
    const rolls = Array.from({ length: 30 }, (_, nonce) => Math.floor(floats(SERVER, CLIENT, nonce, 1)[0]! * 10001) / 100);
    const got: [number, number, string][] = [];
    for (const roll of rolls) {
      const b = bet_of(await s.next(state)) as unknown as { game: 'dice'; amount: number; target: number; condition: 'above' | 'below' };
      got.push([b.amount, b.target, b.condition]);
      state.settle(b, roll);
    }
    // mydicebot: nextbet = basebet after the top level; the unrounded nextbet doubles; Math.round(nextbet × 1e8) satoshi is sent;
    // low: (⌊chance × 10000⌋ − 1) / 10000 to two decimals = 49.50; high: (999999 − ⌊chance × 10000⌋ + 1) / 10000 = 50.50.
    const want: [number, number, string][] = [];
    let nextbet = 0.000000016;
    let high = false;
    let streak = 0;
    for (const roll of rolls) {
      const target = high ? 50.5 : 49.5;
      want.push([Math.round(nextbet * 1e8) / 1e8, target, high ? 'above' : 'below']);
      const won = high ? roll > target : roll < target;
      streak = won ? (streak > 0 ? streak + 1 : 1) : (streak < 0 ? streak - 1 : -1);
      nextbet = won ? 0.000000016 : nextbet * 2;
      if (streak <= -3) high = !high;
    }
    expect(got).toEqual(want);
    // 1.6e-8 is sent as 2e-8 (nearest), where the poky dialect would floor it to 1e-8.
    expect(got[0]![0]).toBe(2e-8);
    // currentroll and lastbet after the first bet: its roll, the amount sent, the chance and side it was placed at, its id and nonce.
    expect(context.printed[0]).toBe(`${rolls[0]} ${rolls[0]} 2e-8 49.5 false bet-1 0`);
  });

  test('detection both ways, and a wrong guess names the dialect read and how to choose another', async () => {
    expect(detect_dialect(SCRIPT).dialect).toBe('mydicebot');
    expect(detect_dialect(SCRIPT).reason).toContain('baseBet');
    expect(detect_dialect('nextbet = 1\nchance = 50\nfunction dobet() { log(lastBet.Roll) }').dialect).toBe('bot');
    // Names of both: the in-page bots' win, and the reason says so.
    const both = detect_dialect('nextbet = 1\nfunction dobet() { if (currentroll > 50) log(wagered) }');
    expect(both.dialect).toBe('bot');
    expect(both.reason).toContain('wagered');
    expect(detect_dialect('nextbet = 1\nchance = 50\nfunction dobet() {}').dialect).toBe('bot');

    // A mydicebot guess that fails (its text is lower-cased, so Math is math): the first error says so and how to choose the others.
    const file = path.join(dir, 'guess.js');
    fs.writeFileSync(file, 'basebet = 0.00000001\nchance = 50\nfunction dobet() { nextbet = Math.max(previousbet, lastbet.amount) }');
    const prepared = await prepare_strategy_file(file);
    expect(prepared.kind).toBe('mydicebot');
    const s = await prepared.bind(test_context());
    open.push(s);
    const state = new EngineState();
    state.settle(bet_of(await s.next(state)) as never, 10);
    const error = (await Promise.resolve().then(() => s.next(state)).catch((e: unknown) => e)) as StrategyError;
    expect(error).toBeInstanceOf(StrategyError);
    expect(error.message).toContain("'math' is not defined");
    expect(error.message).toContain('guess.js was read as a mydicebot JS-mode script because it defines dobet(), exports nothing and uses mydicebot\'s lastbet');
    expect(error.message).toContain('--dialect bot');
    // Chosen: the same text as an in-page bot script has Math (and no lastbet).
    expect((await prepare_strategy_file(file, { dialect: 'bot' })).kind).toBe('bot');
  });

  test('stopped and resumed in a fresh context: the same bets as without a stop', async () => {
    const script = 'basebet = 0.00000001\nchance = 49.5\nvar n = 0\nfunction dobet() { n += 1; nextbet = win ? basebet : previousbet * 2; betHigh = n % 4 === 0 }';
    const rolls = Array.from({ length: 12 }, (_, nonce) => Math.floor(floats(SERVER, CLIENT, nonce, 1)[0]! * 10001) / 100);
    const play = async (s: Strategy, state: EngineState, from: number, to: number) => {
      const out: unknown[] = [];
      for (let i = from; i < to; i++) {
        const b = bet_of(await s.next(state)) as never as { game: 'dice'; amount: number; target: number; condition: 'above' | 'below' };
        out.push([b.amount, b.target, b.condition]);
        state.settle(b, rolls[i]!);
      }
      return out;
    };
    const whole = await play(await load(script, { flavour: 'mydicebot' }), new EngineState(), 0, 12);
    const state = new EngineState();
    const first = await load(script, { flavour: 'mydicebot' });
    const before = await play(first, state, 0, 5);
    // Saved after the 5th bet settled, before the script is asked about it: as the journal keeps it.
    const snapshot = JSON.parse(JSON.stringify(first.save())) as { dialect: string };
    expect(snapshot.dialect).toBe('mydicebot');
    const second = await load(script, { flavour: 'mydicebot' });
    second.restore(snapshot);
    expect([...before, ...(await play(second, state, 5, 12))]).toEqual(whole);
    // A snapshot of the other dialect is refused.
    const other = await load('nextbet = 0.00000001\nchance = 50\nfunction dobet() {}');
    expect(() => other.restore(snapshot)).toThrow(/bot dialect/);
  });

  test('mydicebot refuses what it does not have: a per-game input is the script\'s own variable, game is not read', async () => {
    const s = await load('basebet = 0.00000001\nchance = 50\ngame = "limbo"\nfunction dobet() {}', { flavour: 'mydicebot' });
    // (⌊50 × 10000⌋ − 1) / 10000 = 49.9999, written with toFixed(2): 50.
    expect(bet_of(await s.next(new EngineState()))).toEqual({ game: 'dice', amount: 1e-8, target: 50, condition: 'below' });
  });
});

describe('round() answers as the round player\'s steps', () => {
  const view = (game: string, state: unknown) => ({ game, state, actions: [], stake: 1, amount: 1, multiplier: 1 });
  test('hilo: evilbot\'s numbers, HILO_BET_HIGH and HILO_BET_LOW by the last card', () => {
    const on = (rank: string) => view('hilo', { startCard: { rank: '5', suit: 'H' }, rounds: [{ card: { rank, suit: 'S' } }] });
    expect(bot_round_step(on('A'), 5, null)).toBe('higher');
    expect(bot_round_step(on('K'), 5, null)).toBe('equal');
    expect(bot_round_step(on('7'), 5, null)).toBe('higherEqual');
    expect(bot_round_step(on('A'), 4, null)).toBe('equal');
    expect(bot_round_step(on('K'), 4, null)).toBe('lower');
    expect(bot_round_step(on('Q'), 4, null)).toBe('lowerEqual');
    expect(bot_round_step(view('hilo', { startCard: { rank: 'K', suit: 'H' }, rounds: [] }), 4, null)).toBe('lower');
    expect(bot_round_step(on('2'), 2, null)).toBe('equal');
    expect(bot_round_step(on('2'), 7, null)).toBe('skip');
    expect(bot_round_step(on('2'), 3, null)).toBe('cashout');
    expect(() => bot_round_step(on('2'), 6, null)).toThrow(/HILO_BET_HIGH/);
  });

  test('blackjack: evilbot\'s strings and bot2love\'s constants', () => {
    expect(bot_round_step(view('blackjack', {}), 'BLACKJACK_NOINSURANCE', null)).toBe('noInsurance');
    expect(bot_round_step(view('blackjack', {}), 'BLACKJACK_DOUBLE', null)).toBe('double');
    expect(bot_round_step(view('blackjack', {}), 'hit', null)).toBe('hit');
    const error = (() => { try { bot_round_step(view('blackjack', {}), 'BLACKJACK_SURRENDER', null); return null; } catch (e) { return e; } })() as StrategyError;
    expect(error).toBeInstanceOf(StrategyError);
    expect(error.field).toBe('round');
  });
});

describe('roulette (chips) and baccarat (nextbet as { player, banker, tie }, or the globals)', () => {
  /** The pocket of a single-zero wheel: ⌊float × 37⌋ (stake.com/provably-fair/game-events, "Roulette"). */
  const pocket = (nonce: number) => Math.floor(floats(SERVER, CLIENT, nonce, 1)[0]! * 37);
  const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
  /** The European table, written out here: straight 36×, colour and parity 2×, the dozen 3×; 0 loses every outside chip. */
  const pays = (value: string, p: number): number => {
    if (value.startsWith('number')) return Number(value.slice(6)) === p ? 36 : 0;
    if (p === 0) return 0;
    if (value === 'colorRed') return RED.has(p) ? 2 : 0;
    if (value === 'parityOdd') return p % 2 === 1 ? 2 : 0;
    if (value === 'range2536') return p >= 25 ? 3 : 0;
    throw new Error(value);
  };

  // Written for this test: red martingale with a straight-up chip on 17; a dozen chip after two losses in a row.
  const ROULETTE = `
game = 'roulette'
var base = 0.00000002
chips = [{ value: 'colorRed', amount: base }, { value: 'number17', amount: 0.00000001 }]
function dobet() {
  log(lastBet.Roll, win)
  if (win) chips = [{ value: 'colorRed', amount: base }, { value: 'number17', amount: 0.00000001 }]
  else {
    chips[0].amount = chips[0].amount * 2
    if (losestreak === 2) chips = chips.concat([{ value: 'range2536', amount: 0.00000001 }])
  }
}
`;

  test('each spin the chips the script leaves, sorted into the site\'s lists, staked at their total, over 30 provably-fair pockets', async () => {
    const context = test_context();
    const s = await load(ROULETTE, {}, context);
    const state = new EngineState();
    const got: Record<string, unknown>[] = [];
    for (let i = 0; i < 30; i++) {
      const b = bet_of(await s.next(state));
      got.push(b);
      const chips = [...((b['colors'] ?? []) as { value: string; amount: number }[]), ...((b['numbers'] ?? []) as { value: string; amount: number }[]), ...((b['ranges'] ?? []) as { value: string; amount: number }[])];
      const paid = chips.reduce((sum, c) => sum + c.amount * pays(c.value, pocket(i)), 0);
      settle(state, 'roulette', b['amount'] as number, paid / (b['amount'] as number), { result: pocket(i), numbers: b['numbers'] ?? [] });
    }
    await s.next(state);
    // The same script, run here: evilbot's win is payoutMultiplier >= 1.
    const want: Record<string, unknown>[] = [];
    const printed: string[] = [];
    let red = 2e-8;
    let dozen = false;
    let lose_streak = 0;
    for (let i = 0; i < 30; i++) {
      const bet: Record<string, unknown> = { game: 'roulette', amount: Math.round((red + 1e-8 + (dozen ? 1e-8 : 0)) * 1e8) / 1e8, colors: [{ value: 'colorRed', amount: red }], numbers: [{ value: 'number17', amount: 1e-8 }] };
      if (dozen) bet['ranges'] = [{ value: 'range2536', amount: 1e-8 }];
      want.push(bet);
      const p = pocket(i);
      const paid = red * pays('colorRed', p) + 1e-8 * pays('number17', p) + (dozen ? 1e-8 * pays('range2536', p) : 0);
      const won = paid / (bet['amount'] as number) >= 1;
      printed.push(`${p} ${won}`);
      if (won) { red = 2e-8; dozen = false; lose_streak = 0; } else { red = Math.round(red * 2 * 1e8) / 1e8; lose_streak += 1; if (lose_streak >= 2) dozen = true; }
    }
    expect(got).toEqual(want);
    expect(context.printed).toEqual(printed);
    expect(want.some((b) => 'ranges' in b)).toBe(true);
  });

  test.each([
    ['chips = []', /chips is empty/],
    ['chips = [{ value: "colorGreen", amount: 1 }]', /chips\[0\]\.value must be/],
    ['chips = [{ value: "colorRed", amount: "1" }]', /chips\[0\]\.amount must be a number/],
    ['chips = [{ value: "colorRed", amount: 0.000000001 }]', /chips\[0\]\.amount 1e-9 rounds down to 0/],
    ['chips = [{ value: "colorRed", amount: 1 }, { value: "colorRed", amount: 1 }]', /chips \(the site's colors\) must not place colorRed twice/],
    ['chips = { value: "colorRed", amount: 1 }', /chips must be an array/],
  ])('roulette with %s names chips', async (line, message) => {
    const error = (await load(`game = 'roulette'\n${line}\nfunction dobet() {}`).catch((e: unknown) => e)) as StrategyError;
    expect(error).toBeInstanceOf(StrategyError);
    expect(error.field).toBe('chips');
    expect(error.message).toMatch(message);
  });

  const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  const value = (rank: string) => (rank === 'A' ? 1 : ['10', 'J', 'Q', 'K'].includes(rank) ? 0 : Number(rank));
  /** Baccarat's side, from six cards RANKS[⌊f × 52⌋ >> 2] (the game-events page) dealt by punto banco's rule, written out here. */
  function baccarat(nonce: number): 'player' | 'banker' | 'tie' {
    const six = floats(SERVER, CLIENT, nonce, 6).map((f) => value(RANKS[Math.floor(f * 52) >> 2]!));
    const score = (h: number[]) => h.reduce((a, b) => a + b, 0) % 10;
    const player = [six[0]!, six[2]!];
    const banker = [six[1]!, six[3]!];
    if (score(player) < 8 && score(banker) < 8) {
      let draws: boolean;
      if (score(player) <= 5) {
        player.push(six[4]!);
        const t = six[4]!;
        const b = score(banker);
        draws = b <= 2 || (b === 3 && t !== 8) || (b === 4 && t >= 2 && t <= 7) || (b === 5 && t >= 4 && t <= 7) || (b === 6 && (t === 6 || t === 7));
      } else draws = score(banker) <= 5;
      if (draws) banker.push(six[5]!);
    }
    return score(player) > score(banker) ? 'player' : score(banker) > score(player) ? 'banker' : 'tie';
  }
  const PAYS = { player: 2, banker: 1.95, tie: 9 } as const;

  test('baccarat: evilbot\'s nextbet object, the side the script follows, over 40 provably-fair deals', async () => {
    // Written for this test: bet the side that won last (player first), doubling after a loss; a tie chip after a tie.
    const s = await load(`
game = 'baccarat'
nextbet = { player: 0.00000002, banker: 0, tie: 0 }
var side = 'player', stake = 0.00000002
function dobet() {
  if (lastBet.Roll !== 'tie') { stake = win ? 0.00000002 : stake * 2; side = lastBet.Roll }
  nextbet = { player: 0, banker: 0, tie: lastBet.Roll === 'tie' ? 0.00000001 : 0 }
  nextbet[side] = stake
}
`);
    const state = new EngineState();
    const got: Record<string, unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      const b = bet_of(await s.next(state));
      got.push(b);
      const r = baccarat(i);
      const paid = r === 'tie' ? (b['tie'] as number) * 9 + (b['player'] as number) + (b['banker'] as number) : (b[r] as number) * PAYS[r];
      settle(state, 'baccarat', b['amount'] as number, paid / (b['amount'] as number), { result: r });
    }
    const want: Record<string, unknown>[] = [];
    let side: 'player' | 'banker' = 'player';
    let stake = 2e-8;
    let tie = 0;
    for (let i = 0; i < 40; i++) {
      const bet = { game: 'baccarat', player: side === 'player' ? stake : 0, banker: side === 'banker' ? stake : 0, tie };
      want.push({ ...bet, amount: Math.round((stake + tie) * 1e8) / 1e8 });
      const r = baccarat(i);
      const paid = r === 'tie' ? tie * 9 + stake : bet[r] * PAYS[r];
      const won = paid / (stake + tie) >= 1;
      if (r !== 'tie') { stake = won ? 2e-8 : Math.round(stake * 2 * 1e8) / 1e8; side = r; }
      tie = r === 'tie' ? 1e-8 : 0;
    }
    expect(got).toEqual(want);
    expect(new Set(got.map((b) => (b['banker'] as number) > 0))).toEqual(new Set([true, false]));
  });

  test('baccarat: bot4stake\'s player, banker and tie globals when nextbet is a number; a bet staking nothing names the global', async () => {
    const s = await load(`game = 'baccarat'\nnextbet = 0\nplayer = 0.00000001\ntie = 0.00000002\nfunction dobet() {}`);
    expect(bet_of(await s.next(new EngineState()))).toEqual({ game: 'baccarat', amount: 3e-8, player: 1e-8, banker: 0, tie: 2e-8 });
    for (const [source, field, message] of [
      [`game = 'baccarat'\nnextbet = { player: 0, banker: 0 }\nfunction dobet() {}`, 'nextbet', /nextbet \{ player, banker, tie \} stakes nothing/],
      [`game = 'baccarat'\nnextbet = { player: 'x' }\nfunction dobet() {}`, 'nextbet', /nextbet\.player must be a number/],
      [`game = 'baccarat'\nnextbet = { banker: -1 }\nfunction dobet() {}`, 'nextbet', /nextbet\.banker must be 0 or more/],
      [`game = 'baccarat'\nfunction dobet() {}`, 'player', /player, banker and tie stake nothing/],
    ] as const) {
      const error = (await load(source).catch((e: unknown) => e)) as StrategyError;
      expect(error).toBeInstanceOf(StrategyError);
      expect(error.field).toBe(field);
      expect(error.message).toMatch(message);
    }
  });

  test('dragon tower: nextbet, difficulty and eggs in one request, as stakeql plays it live; a bad egg names eggs', async () => {
    const s = await load(`game = 'dragontower'\nnextbet = 0.00000001\ndifficulty = 'hard'\neggs = [0, 1, 1]\nfunction dobet() {}`);
    expect(bet_of(await s.next(new EngineState()))).toEqual({ game: 'dragonTower', amount: 1e-8, difficulty: 'hard', eggs: [0, 1, 1] });
    // evilbot's starting eggs [0] and difficulty 'easy'.
    const d = await load(`game = 'dragontower'\nnextbet = 0.00000001\nfunction dobet() {}`);
    expect(bet_of(await d.next(new EngineState()))).toEqual({ game: 'dragonTower', amount: 1e-8, difficulty: 'easy', eggs: [0] });
    const error = (await load(`game = 'dragontower'\nnextbet = 0.00000001\ndifficulty = 'hard'\neggs = [2]\nfunction dobet() {}`).catch((e: unknown) => e)) as StrategyError;
    expect(error).toBeInstanceOf(StrategyError);
    expect(error.field).toBe('eggs');
    expect(error.message).toContain('game dragonTower: eggs must hold tile indexes 0 to 1');
  });
});

describe('crash: one bet a round with its cash-out set before it leaves', () => {
  // Rounds of a chain, each point from the published algorithm (test/support/crash-chain.ts, createHmac).
  const points = chain_from('crash-43c', 40).map((h) => shown_point(h, 0.01));
  const settle_crash = (state: EngineState, b: Record<string, unknown>, point: number) => {
    const cashout = b['cashoutAt'] as number;
    settle(state, 'crash', b['amount'] as number, point >= cashout ? cashout : 0, { cashoutAt: cashout, point, hash: 'h', gameId: 'g' });
  };

  test('evilbot\'s target (or bot4stake\'s 99 / chance) as cashoutAt, nextbet as the amount, lastBet.Roll the round\'s point, over 40 rounds', async () => {
    // Written for this test: martingale at 2x; after two losses in a row cash out at 3x until a win.
    const context = test_context();
    const s = await load(`
game = 'crash'
nextbet = 0.00000001
target = 2
function dobet() {
  log(lastBet.Roll, lastBet.target, win)
  if (win) { nextbet = 0.00000001; target = 2 } else { nextbet = previousbet * 2; if (losestreak >= 2) target = 3 }
}
`, {}, context);
    const state = new EngineState();
    const got: Record<string, unknown>[] = [];
    for (const point of points) {
      const b = bet_of(await s.next(state));
      got.push(b);
      settle_crash(state, b, point);
    }
    await s.next(state);
    const want: Record<string, unknown>[] = [];
    const printed: string[] = [];
    let amount = 1e-8;
    let target = 2;
    let streak = 0;
    for (const point of points) {
      want.push({ game: 'crash', amount, cashoutAt: target });
      const won = point >= target;
      printed.push(`${point} ${target} ${won}`);
      streak = won ? 0 : streak + 1;
      if (won) { amount = 1e-8; target = 2; } else { amount = Math.round(amount * 2 * 1e8) / 1e8; if (streak >= 2) target = 3; }
    }
    expect(got).toEqual(want);
    expect(context.printed).toEqual(printed);
    expect(new Set(want.map((b) => b['cashoutAt']))).toEqual(new Set([2, 3]));

    // bot4stake's README: chance = 99 / target; with limbo_input 'chance' the cash-out is 99 / chance to two decimals.
    const c = await load(`game = 'crash'\nnextbet = 0.00000001\nchance = 33\ntarget = 50\nfunction dobet() {}`, { bot: { limbo_input: 'chance' } });
    expect(bet_of(await c.next(new EngineState()))).toEqual({ game: 'crash', amount: 1e-8, cashoutAt: 3 });
  });

  test('through the engine in sim on a given chain: each round paid by its published point, the script\'s martingale', async () => {
    const file = path.join(dir, 'crash.js');
    fs.writeFileSync(file, "game = 'crash'\nnextbet = 0.00000002\ntarget = 1.5\nfunction dobet() { nextbet = win ? 0.00000002 : previousbet * 2 }");
    const hashes = chain_from(sha('crash-43c-sim'), 30);
    const lines: BetLine[] = [];
    await simulate({ strategy: file, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 30 }, start_balance: 1, bets: 30, chain: hashes, on_bet: (l) => lines.push(l) });
    expect(lines).toHaveLength(30);
    // An even number of satoshi: 1.5× of it is a whole number of them.
    let amount = 2e-8;
    lines.forEach((l, i) => {
      const point = shown_point(hashes[i]!, 0.01);
      expect([l.game, l.amount, (l.state as { cashoutAt: number }).cashoutAt, (l.state as { point: number }).point]).toEqual(['crash', amount, 1.5, point]);
      expect(l.payout).toBeCloseTo(point >= 1.5 ? amount * 1.5 : 0, 12);
      amount = point >= 1.5 ? 2e-8 : Math.round(amount * 2 * 1e8) / 1e8;
    });
    expect(new Set(lines.map((l) => l.payout > 0))).toEqual(new Set([true, false]));
  });

  test('progress(), cashout() and makebet() are refused with a message; a cash-out the site does not take names target', async () => {
    const progress = (await load(`game = 'crash'\nnextbet = 0.00000001\ntarget = 2\nfunction progress() {}\nfunction dobet() {}`).catch((e: unknown) => e)) as StrategyError;
    expect(progress).toBeInstanceOf(StrategyError);
    expect(progress.field).toBe('progress');
    expect(progress.message).toContain('progress() is refused');
    for (const call of ['cashout()', 'makebet(nextbet, 2, "a")']) {
      const s = await load(`game = 'crash'\nnextbet = 0.00000001\ntarget = 2\nfunction dobet() { ${call} }`);
      const state = new EngineState();
      settle_crash(state, bet_of(await s.next(state)), points[0]!);
      const error = (await Promise.resolve().then(() => s.next(state)).catch((e: unknown) => e)) as StrategyError;
      expect(error).toBeInstanceOf(StrategyError);
      expect(error.message).toContain(`${call.slice(0, call.indexOf('('))}() is refused`);
    }
    const low = (await load(`game = 'crash'\nnextbet = 0.00000001\ntarget = 1\nfunction dobet() {}`).catch((e: unknown) => e)) as StrategyError;
    expect(low).toBeInstanceOf(StrategyError);
    expect(low.field).toBe('target');
    expect(low.message).toContain("game crash: target (the site's cashoutAt) must be from 1.01");
  });
});
