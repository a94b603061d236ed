/**
 * The games evilbot names that stakeql plays live only (js-dialect/live-games.ts):
 * scripts written for these tests set the globals, and each planned bet must be
 * the request evilbot's bet function builds from them — written out here by hand
 * from `poky1084/evilbot:index.js` at d559ed9 (the line on each case), never
 * computed by the code under test. The routes are evilbot's too, and each one's
 * body keys are checked against the public wire corpus (test/fixtures/wire-corpus).
 * No site is reachable and the sandbox and the simulator refuse these games by
 * name (their pay tables are not public), so the bets are read where the engine
 * would place them: the strategy's answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { simulate } from '../../../../src/autobet/index.js';
import { load_bot_strategy } from '../../../../src/autobet/strategies/js-dialect/index.js';
import { StrategyError, type Strategy, type StrategyAnswer } from '../../../../src/autobet/strategies/strategy.js';
import type { SessionResult } from '../../../../src/autobet/sim/sim-session.js';
import { CORPUS_DIR, corpus_rest } from '../../../conformance/wire-rule.js';
import { EngineState, test_context } from '../lua/helpers.js';

const open: Strategy[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close?.();
});

async function load(source: string, context = test_context()): Promise<Strategy> {
  const strategy = await load_bot_strategy(source, context, { file_name: 'test.js' });
  open.push(strategy);
  return strategy;
}

function bet_of(answer: StrategyAnswer): Record<string, unknown> {
  if (!('game' in answer)) throw new Error(`stopped: ${(answer as { stop: string }).stop}`);
  return answer as unknown as Record<string, unknown>;
}

async function refusal(source: string): Promise<StrategyError> {
  const error = await load(source).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(StrategyError);
  return error as StrategyError;
}

/**
 * Each game: the script's lines (beside `nextbet = 0.00000001` and an empty
 * `dobet()`), evilbot's route for its function, and the request body it
 * sends without `amount`, `currency`, `identifier` (the engine adds those).
 */
const CASES: readonly { name: string; script: string; route: string; game: string; body: Record<string, unknown> }[] = [
  // barsBet(amount, difficulty, tiles): bars/bet { amount, currency, identifier, difficulty, tiles } (l. 12951–12956).
  { name: 'bars', script: "game = 'bars'\ndifficulty = 'hard'\ntiles = [7, 3, 15]", route: 'bars/bet', game: 'bars', body: { difficulty: 'hard', tiles: [7, 3, 15] } },
  // evilbot's starting difficulty "easy" and tiles [2] (l. 3453–3454).
  { name: 'bars, evilbot\'s starting values', script: "game = 'bars'", route: 'bars/bet', game: 'bars', body: { difficulty: 'easy', tiles: [2] } },
  // caseBet(amount, difficulty): cases/bet { currency, amount, difficulty, identifier } (l. 13063–13068).
  { name: 'cases', script: "game = 'cases'\ndifficulty = 'expert'", route: 'cases/bet', game: 'cases', body: { difficulty: 'expert' } },
  // chickenBet(amount, difficulty, round) called with steps: chicken/bet { …, difficulty, round } (l. 12935–12940, l. 15378).
  { name: 'chicken', script: "game = 'chicken'\ndifficulty = 'medium'\nsteps = 7", route: 'chicken/bet', game: 'chicken', body: { difficulty: 'medium', round: 7 } },
  // dartsBet(amount, difficulty): darts/bet { currency, amount, identifier, difficulty } (l. 12999–13004).
  { name: 'darts', script: "game = 'darts'\ndifficulty = 'medium'", route: 'darts/bet', game: 'darts', body: { difficulty: 'medium' } },
  // diamondBet(amount): diamonds/bet { currency, amount, identifier } (l. 13055–13060).
  { name: 'diamonds', script: "game = 'diamonds'", route: 'diamonds/bet', game: 'diamonds', body: {} },
  // dragontowerBet(amount, difficulty, eggs): dragon-tower/bet { amount, currency, identifier, difficulty, eggs } (l. 13113–13118).
  { name: 'dragontower', script: "game = 'dragontower'\ndifficulty = 'hard'\neggs = [0, 1, 1]", route: 'dragon-tower/bet', game: 'dragonTower', body: { difficulty: 'hard', eggs: [0, 1, 1] } },
  // drillBet(amount, target, pick): drill/bet { amount, currency, identifier, target, pick } (l. 12919–12924).
  { name: 'drill', script: "game = 'drill'\ntarget = 2.5\npick = 3", route: 'drill/bet', game: 'drill', body: { target: 2.5, pick: 3 } },
  // molesBet(amount, molesCount, picks) called with moles: moles/autobet { …, molesCount, picks } (l. 12911–12916, l. 15382).
  { name: 'moles', script: "game = 'moles'\nmoles = 6\npicks = [0, 4, 9]", route: 'moles/autobet', game: 'moles', body: { molesCount: 6, picks: [0, 4, 9] } },
  // evilbot's README example, picks repeating, sent as it is (README.md "moles").
  { name: 'moles (README)', script: "game = 'moles'\nmoles = 6\npicks = [0, 1, 1, 1, 2, 6]", route: 'moles/autobet', game: 'moles', body: { molesCount: 6, picks: [0, 1, 1, 1, 2, 6] } },
  // packsBet(amount): packs/bet { amount, currency, identifier } (l. 12943–12948).
  { name: 'packs', script: "game = 'packs'", route: 'packs/bet', game: 'packs', body: {} },
  // PrimeBet(…): primedice-x/bet { target1, target2, target3, target4, condition, … }, target3 and target4 null
  // for rollOutside (l. 13203–13211); the script is evilbot's README example ("primedice X").
  {
    name: 'primedice, rollOutside', script: "game = 'primedice'\ncondition = 'rollOutside'\ntarget1 = 5\ntarget2 = 24\ntarget3 = 45\ntarget4 = 68", route: 'primedice-x/bet', game: 'primediceX',
    body: { target1: 5, target2: 24, target3: null, target4: null, condition: 'rollOutside' },
  },
  // evilbot's starting targets 2, 24, 34, 68 and condition "rollBetweenTwo" (l. 3436–3440): all four sent.
  {
    name: 'primedice, evilbot\'s starting values', script: "game = 'primedice'", route: 'primedice-x/bet', game: 'primediceX',
    body: { target1: 2, target2: 24, target3: 34, target4: 68, condition: 'rollBetweenTwo' },
  },
  // rockpaperBet(amount, guesses): rock-paper-scissors/bet { currency, amount, identifier, guesses } (l. 13089–13094).
  { name: 'rps', script: "game = 'rps'\nguesses = ['rock', 'scissors', 'rock']", route: 'rock-paper-scissors/bet', game: 'rockPaperScissors', body: { guesses: ['rock', 'scissors', 'rock'] } },
  // scarabBet(amount, lines): slots/bet { currency, amount, lines, identifier } (l. 13039–13044).
  { name: 'scarabspin', script: "game = 'scarabspin'\nlines = 5", route: 'slots/bet', game: 'slots', body: { lines: 5 } },
  // snakesBet(amount, difficulty, rollCount) called with rolls: snakes/bet { …, difficulty, rollCount } (l. 13097–13102, l. 15364).
  { name: 'snakes', script: "game = 'snakes'\ndifficulty = 'hard'\nrolls = 3", route: 'snakes/bet', game: 'snakes', body: { difficulty: 'hard', rollCount: 3 } },
  // tarotBet(amount, difficulty): tarot/bet { amount, currency, identifier, difficulty } (l. 12927–12932); evilbot's starting "easy".
  { name: 'tarot', script: "game = 'tarot'", route: 'tarot/bet', game: 'tarot', body: { difficulty: 'easy' } },
  // tomeBet(amount, lines): slots-tome-of-life/bet { currency, amount, lines, identifier } (l. 13047–13052).
  { name: 'tomeoflife', script: "game = 'tomeoflife'\nlines = 20", route: 'slots-tome-of-life/bet', game: 'slotsTomeOfLife', body: { lines: 20 } },
];

describe('each game evilbot names and stakeql plays live: the request evilbot\'s function sends', () => {
  test.each(CASES)('$name', async ({ script, game, body }) => {
    const s = await load(`${script}\nnextbet = 0.00000001\nfunction dobet() {}`);
    expect(bet_of(await s.next(new EngineState()))).toEqual({ game, amount: 1e-8, ...body });
  });

  test('flip: guesses is the list of calls FlipBet sends as [FlipConditionEnum!]! (l. 13071–13086; evilbot\'s README "flip")', async () => {
    const s = await load("game = 'flip'\nnextbet = 0.00000001\nguesses = ['tails', 'heads', 'heads']\nfunction dobet() {}");
    expect(bet_of(await s.next(new EngineState()))).toEqual({ game: 'flip', amount: 1e-8, guesses: ['tails', 'heads', 'heads'] });
  });

  test('the body keys agree with every record of the public wire corpus for the route, and flip with FlipBet\'s variables', async () => {
    const rest = corpus_rest();
    let compared = 0;
    for (const { route, body } of CASES) {
      const records = rest.filter((r) => r.route === route);
      expect(records.length, route).toBeGreaterThan(0);
      for (const r of records) {
        expect([...Object.keys(body), 'amount', 'currency', 'identifier'].sort(), r.file).toEqual([...r.body_keys].sort());
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(CASES.length);
    const flip = fs.readdirSync(CORPUS_DIR).filter((f) => f.startsWith('FlipBet.'));
    expect(flip.length).toBeGreaterThan(0);
    for (const f of flip) {
      const text = fs.readFileSync(path.join(CORPUS_DIR, f), 'utf8');
      const head = text.slice(text.indexOf('mutation FlipBet('), text.indexOf(')', text.indexOf('mutation FlipBet(')));
      expect([...head.matchAll(/\$(\w+):/g)].map((m) => m[1]).sort(), f).toEqual(['amount', 'currency', 'guesses', 'identifier']);
    }
  });

  test('what dobet() changes goes into the next bet: the globals are read after each call', async () => {
    // Written for this test: one more roll and a harder difficulty after each loss.
    const s = await load("game = 'snakes'\nnextbet = 0.00000001\ndifficulty = 'easy'\nrolls = 1\nfunction dobet() { if (!win) { rolls += 1; difficulty = 'expert'; nextbet = previousbet * 2 } }");
    const state = new EngineState();
    expect(bet_of(await s.next(state))).toEqual({ game: 'snakes', amount: 1e-8, difficulty: 'easy', rollCount: 1 });
    settle(state, 'snakes', 1e-8, 0, {});
    expect(bet_of(await s.next(state))).toEqual({ game: 'snakes', amount: 2e-8, difficulty: 'expert', rollCount: 2 });
    // Three more losses: rolls 5 is still a bet, rolls 6 is not one snakes takes, and the run stops naming rolls.
    for (const [amount, rolls] of [[4e-8, 3], [8e-8, 4], [16e-8, 5]] as const) {
      settle(state, 'snakes', amount / 2, 0, {});
      expect(bet_of(await s.next(state))).toEqual({ game: 'snakes', amount, difficulty: 'expert', rollCount: rolls });
    }
    settle(state, 'snakes', 16e-8, 0, {});
    const error = (await Promise.resolve().then(() => s.next(state)).catch((e: unknown) => e)) as StrategyError;
    expect(error).toBeInstanceOf(StrategyError);
    expect([error.phase, error.field]).toEqual(['run', 'rolls']);
    expect(error.message).toContain("game snakes: rolls (the site's rollCount) must be 1 to 5");
  });
});

describe('refusals name the script\'s global or the reason', () => {
  test.each([
    // evilbot starts guesses at 1 (l. 3465), which FlipBet's [FlipConditionEnum!]! does not take.
    ["game = 'flip'", 'guesses', 'guesses must be an array of words, e.g. ["heads", "tails"] (the script left 1)'],
    ["game = 'flip'\nguesses = ['heads', 'edge']", 'guesses', 'game flip: guesses must hold only heads | tails'],
    ["game = 'rps'\nguesses = 'rock'", 'guesses', 'guesses must be an array of words, e.g. ["rock", "paper", "scissors"] (the script left "rock")'],
    ["game = 'rps'\nguesses = [{}]", 'guesses', 'guesses[0] must be a string (the script left object)'],
    ["game = 'bars'\ntiles = [1, 1]", 'tiles', 'game bars: tiles must not repeat a number'],
    ["game = 'bars'\ntiles = 4", 'tiles', 'tiles must be an array of whole numbers (the script left 4)'],
    ["game = 'chicken'\nsteps = 21", 'steps', "game chicken: steps (the site's round) must be 1 to 20"],
    ["game = 'snakes'\nrolls = 6", 'rolls', "game snakes: rolls (the site's rollCount) must be 1 to 5"],
    ["game = 'snakes'\nrolls = 1.5", 'rolls', 'rolls must be a whole number (the script left 1.5)'],
    ["game = 'darts'\ndifficulty = 'insane'", 'difficulty', 'game darts: difficulty must be'],
    ["game = 'cases'\ndifficulty = 3", 'difficulty', 'difficulty must be a string (the script left 3)'],
    ["game = 'drill'\npick = 0", 'pick', 'game drill: pick must be 1 to'],
    ["game = 'drill'\ntarget = 'x'", 'target', 'target must be a number (the script left "x")'],
    ["game = 'moles'\nmoles = 0", 'moles', "game moles: moles (the site's molesCount) must be 1 to 100"],
    ["game = 'moles'\nmoles = 6\npicks = [0, 100]", 'picks', 'game moles: picks must hold integers 0 to 99'],
    ["game = 'primedice'\ncondition = 'rollBetween'\ntarget1 = 50\ntarget2 = 10", 'target2', 'game primediceX: target2 must be above target1'],
    ["game = 'primedice'\ncondition = 'rollAbove'", 'condition', 'game primediceX: condition must be'],
    ["game = 'primedice'\ntarget3 = null", 'target3', 'target3 must be a number (the script left null)'],
    ["game = 'scarabspin'\nlines = 21", 'lines', 'game slots: lines must be 1 to 20'],
    ["game = 'tomeoflife'\nlines = 'five'", 'lines', 'lines must be a whole number (the script left "five")'],
    ["game = 'dragontower'\ndifficulty = 'hard'\neggs = [2]", 'eggs', 'game dragonTower: eggs must hold tile indexes 0 to 1'],
  ])('%s', async (script, field, message) => {
    const error = await refusal(`${script}\nnextbet = 0.00000001\nfunction dobet() {}`);
    expect(error.field).toBe(field);
    expect(error.phase).toBe('load');
    expect(error.message).toContain(message);
  });

  test('bluesamurai and videopoker are refused with the reason; another name lists the games', async () => {
    const samurai = await refusal("game = 'bluesamurai'\nnextbet = 0.00000001\nfunction dobet() {}");
    expect(samurai.field).toBe('game');
    expect(samurai.message).toContain('game "bluesamurai" is refused: Blue Samurai is a round over several requests (slots-samurai/bet, then slots-samurai/next');
    expect(samurai.message).toContain('stakeql does not play it at all');
    const poker = await refusal("game = 'videopoker'\nnextbet = 0.00000001\nfunction dobet() {}");
    expect(poker.field).toBe('game');
    expect(poker.message).toContain('game "videopoker" is refused: video poker is a round');
    expect(poker.message).toContain("video poker's pay table is in no public source");
    // A name only the prototype of a plain object has is no game either.
    for (const name of ['constructor', 'Sudoku']) {
      const other = await refusal(`game = '${name}'\nnextbet = 0.00000001\nfunction dobet() {}`);
      expect(other.field).toBe('game');
      expect(other.message).toContain(`game "${name}": a bot script plays dice, limbo, keno`);
      for (const g of ['flip', 'rps', 'primedice', 'scarabspin', 'tomeoflife', 'dragontower', 'moles', 'slide']) expect(other.message).toContain(g);
    }
  });
});

/** A settled bet of `game` with the site's `state`, counted as the engine counts (a win pays above 1×). */
function settle(state: EngineState, game: string, amount: number, multiplier: number, fields: Record<string, unknown>): void {
  state.record(game, amount, amount * multiplier, multiplier, fields, { bet: { nonce: state.bets, clientSeed: { seed: 'c' }, serverSeed: { seedHash: 'h', seed: null } } });
}

describe('lastBet after a bet, as evilbot\'s data() sets it', () => {
  test.each([
    // l. 13436–13440: Roll the last round hit, counted from 1; target state.molesCount.
    { dialect: 'moles', game: 'moles', m: 2, state: { molesCount: 6, rounds: [{ hit: true }, { hit: false }, { hit: true }, { hit: false }] }, printed: '3 6 true' },
    // l. 13745–13756: Roll the rounds paid 1× or more (rounds an object keyed by round).
    { dialect: 'snakes', game: 'snakes', m: 0, state: { rounds: { 0: { payoutMultiplier: 1.2 }, 1: { payoutMultiplier: 0 }, 2: { payoutMultiplier: 1 } } }, printed: '2 0 false' },
    // l. 13477–13478: Roll state._deathPoint.
    { dialect: 'chicken', game: 'chicken', m: 0, state: { _deathPoint: 7, difficulty: 'easy' }, printed: '7 0 false' },
    // l. 13513–13514: Roll state.result.
    { dialect: 'primedice', game: 'primediceX', m: 2, state: { result: 42.17 }, printed: '42.17 0 true' },
    // l. 13734–13735: Roll state.result.
    { dialect: 'cases', game: 'cases', m: 1, state: { result: 1, difficulty: 'easy' }, printed: '1 0 true' },
    // l. 13452–13454: Roll the multiplier, target state.target.
    { dialect: 'drill', game: 'drill', m: 2.5, state: { target: 2.5, pick: 1 }, printed: '2.5 2.5 true' },
    // l. 13774–13776: Roll the multiplier, target the lines.
    { dialect: 'tomeoflife', game: 'slotsTomeOfLife', m: 0.5, state: { lines: 20 }, printed: '0.5 20 false' },
    // l. 13489–13491: Roll the multiplier; target the tiles (here their count, lastBet.target is a number).
    { dialect: 'bars', game: 'bars', m: 3, state: { tiles: [1, 2, 3], difficulty: 'easy' }, printed: '3 3 true' },
  ])('$dialect: $printed', async ({ dialect, game, m, state: fields, printed }) => {
    const context = test_context();
    const s = await load(`game = '${dialect}'\nnextbet = 0.00000001\nfunction dobet() { log(lastBet.Roll, lastBet.target, win) }`, context);
    const state = new EngineState();
    await s.next(state);
    settle(state, game, 1e-8, m, fields);
    await s.next(state);
    expect(context.printed).toEqual([printed]);
  });
});

describe('sim of a live-only game is refused by its name', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-live-bot-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('every mapped game: no bet, the run stops naming the game whose pay table is not public', async () => {
    const games = [...new Map(CASES.map((c) => [c.game, c])).values()];
    games.push({ name: 'flip', script: "game = 'flip'\nguesses = ['heads']", route: '', game: 'flip', body: {} });
    expect(games.length).toBe(16);
    for (const { script, game } of games) {
      const file = path.join(dir, `${game}.js`);
      fs.writeFileSync(file, `${script}\nnextbet = 0.00000001\nfunction dobet() {}`);
      const sessions: SessionResult[] = [];
      await simulate({ strategy: file, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 3 }, start_balance: 1, bets: 3, on_session: (r) => sessions.push(r) });
      expect(sessions, game).toHaveLength(1);
      expect(sessions[0]!.bets).toBe(0);
      expect(sessions[0]!.reason).toBe('error:strategy');
      expect(sessions[0]!.message).toContain(`the simulator cannot play this ${game} bet: ${game}'s pay table is not public`);
    }
  });
});
