/**
 * Slide through makebet() with the option makebet: 'one_per_round': a slide
 * script of our own that queues two or three bets a dobet() and sits a round
 * out after a double loss, run in the simulator on a chain and replayed here
 * bet by bet against each round's point from the published algorithm
 * (test/support/crash-chain.ts, createHmac); the option off by default
 * (refused naming it); a bad makebet() argument refused naming it; and a run
 * stopped after any bet and resumed from its snapshot placing the rest of the
 * queue, none twice (unit level: save()/restore() as the engine's resume calls them).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { simulate, type BetLine } from '../../../../src/autobet/index.js';
import { load_bot_strategy, type BotOptions } from '../../../../src/autobet/strategies/js-dialect/index.js';
import { StrategyError, type Strategy, type StrategyAnswer, type StrategyContext } from '../../../../src/autobet/strategies/strategy.js';
import { chain_from, sha, shown_point } from '../../../support/crash-chain.js';
import { EngineState, test_context } from '../lua/helpers.js';

const open: Strategy[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close?.();
});

const ON: BotOptions = { makebet: 'one_per_round' };

async function load(source: string, bot?: BotOptions, context: StrategyContext = test_context()): Promise<Strategy> {
  const strategy = await load_bot_strategy(source, context, { file_name: 'slide.js', ...(bot === undefined ? {} : { bot }) });
  open.push(strategy);
  return strategy;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-slide-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Written for these tests: a safe leg at 1.5x doubled after it loses, a long shot at 3x, a 10x leg after the
// long shot won; after a round where both the safe leg and the long shot lost, one round sat out.
const SCRIPT = `
game = 'slide'
var base = 0.00000002
var safe = base
var waited = false
function dobet() {
  if (id.safe === false && id.long === false && !waited) { waited = true; log('wait', bets); return }
  waited = false
  if (id.safe === false) safe = safe * 2
  else if (id.safe === true) safe = base
  makebet(safe, 1.5, 'safe')
  makebet(base, 3, 'long')
  if (id.long === true) makebet(base * 2, 10, 'moon')
  log(bets, wins, losses, Math.round(balance * 1e8), Math.round(previousbet * 1e8), id.safe, id.long, id.moon)
}
`;

/** The script's rule over the given rounds' points, in satoshi: each bet, the rounds sat out, each line it logs. */
function model(points: readonly number[], n: number): { bets: { amount: number; cashout: number; point: number }[]; printed: string[] } {
  const BASE = 2;
  let safe = BASE;
  let waited = false;
  let id: Record<string, boolean> = {};
  let bets = 0;
  let wins = 0;
  let losses = 0;
  let balance = 1e8;
  let previous = 0;
  let round = 0;
  const out: { amount: number; cashout: number; point: number }[] = [];
  const printed: string[] = [];
  const dobet = (): [number, number, string][] => {
    if (id['safe'] === false && id['long'] === false && !waited) {
      waited = true;
      printed.push(`wait ${bets}`);
      return [];
    }
    waited = false;
    if (id['safe'] === false) safe *= 2;
    else if (id['safe'] === true) safe = BASE;
    const q: [number, number, string][] = [[safe, 1.5, 'safe'], [BASE, 3, 'long']];
    if (id['long'] === true) q.push([BASE * 2, 10, 'moon']);
    printed.push(`${bets} ${wins} ${losses} ${balance} ${previous} ${id['safe']} ${id['long']} ${id['moon']}`);
    return q;
  };
  let queue = dobet();
  while (out.length < n) {
    if (queue.length === 0) {
      // The round sat out: its point is taken, nothing is bet in it.
      round += 1;
      queue = dobet();
      continue;
    }
    id = {};
    for (const [amount, cashout, ident] of queue) {
      if (out.length >= n) break;
      const point = points[round++]!;
      const won = point >= cashout;
      out.push({ amount, cashout, point });
      bets += 1;
      if (won) wins += 1;
      else losses += 1;
      balance += won ? Math.floor(amount * cashout) - amount : -amount;
      previous = amount;
      id[ident] = won;
    }
    if (out.length < n) queue = dobet();
  }
  return { bets: out, printed };
}

/** A slide bet settled on a round of `point`, counted into `state` as the engine counts. */
function settle_slide(state: EngineState, answer: StrategyAnswer, point: number): void {
  if (!('game' in answer) || answer.game !== 'slide' || 'skip' in answer) throw new Error(`expected a slide bet, got ${JSON.stringify(answer)}`);
  const { amount, cashoutAt } = answer as unknown as { amount: number; cashoutAt: number };
  const multiplier = point >= cashoutAt ? cashoutAt : 0;
  const payout = Math.floor(Math.round(amount * 1e8) * multiplier) / 1e8;
  state.record('slide', amount, payout, multiplier, { cashoutAt, point, hash: 'h', gameId: `g-${state.bets + 1}` });
}

const ERROR = (e: unknown): StrategyError => {
  expect(e).toBeInstanceOf(StrategyError);
  return e as StrategyError;
};

describe('slide through makebet(), one bet a round (makebet: one_per_round)', () => {
  test('in sim on a chain: each queued bet in its own round, in order, paid by the round\'s published point; id and the globals follow every bet', async () => {
    const file = path.join(dir, 'slide.js');
    fs.writeFileSync(file, SCRIPT);
    const hashes = chain_from(sha('slide-43d-sim'), 80);
    const points = hashes.map((h) => shown_point(h, 0.02));
    const n = 30;
    const lines: BetLine[] = [];
    const printed: string[] = [];
    await simulate({
      strategy: file, bot: ON, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: n }, start_balance: 1, bets: n, chain: hashes,
      on_bet: (l) => lines.push(l), print: (l) => printed.push(l),
    });
    const want = model(points, n);
    expect(lines).toHaveLength(n);
    lines.forEach((l, i) => {
      const w = want.bets[i]!;
      const s = l.state as { cashoutAt: number; point: number };
      expect([l.game, Math.round(l.amount * 1e8), s.cashoutAt, s.point], `bet ${i + 1}`).toEqual(['slide', w.amount, w.cashout, w.point]);
      expect(Math.round(l.payout * 1e8), `bet ${i + 1}`).toBe(w.point >= w.cashout ? Math.floor(w.amount * w.cashout) : 0);
    });
    // What dobet() saw each time it ran (the last line is after the last bet, when the run had already stopped, or not run).
    expect(want.printed.length).toBeGreaterThan(10);
    expect(printed.slice(0, want.printed.length - 1)).toEqual(want.printed.slice(0, -1));
    // The run covered what it is for: three-bet batches, a round sat out, wins and losses on each leg.
    expect(new Set(want.bets.map((b) => b.cashout))).toEqual(new Set([1.5, 3, 10]));
    expect(want.printed.some((p) => p.startsWith('wait'))).toBe(true);
    expect(new Set(lines.map((l) => l.payout > 0))).toEqual(new Set([true, false]));
  });

  test('off by default: game slide and makebet() are refused, naming the option that runs them', async () => {
    const load_error = ERROR(await load(SCRIPT).catch((e: unknown) => e));
    expect(load_error.field).toBe('game');
    expect(load_error.message).toContain('game "slide" is refused');
    expect(load_error.message).toContain('makebet one_per_round (--makebet one_per_round)');
    expect(load_error.message).toContain('each makebet() bet in a round of its own');
    // makebet() in a dice script without the option: the refusal names it too.
    const s = await load(`chance = 49.5\nnextbet = 0.00000001\nfunction dobet() { makebet(nextbet, 2, 'a') }`);
    const state = new EngineState();
    state.settle(s.next(state) as never, 10);
    const run_error = ERROR(await Promise.resolve().then(() => s.next(state)).catch((e: unknown) => e));
    expect(run_error.message).toContain('makebet() is refused');
    expect(run_error.message).toContain('--makebet one_per_round');
    // A bad choice names the option.
    const bad = ERROR(await load(SCRIPT, { makebet: 'all_at_once' } as unknown as BotOptions).catch((e: unknown) => e));
    expect(bad.field).toBe('makebet');
  });

  test('a bad makebet() argument is refused naming it: amount, target (or chance), identifier; and makebet() outside slide', async () => {
    const cases: [string, BotOptions, string, string][] = [
      [`makebet('0.1', 2, 'a')`, ON, 'makebet.amount', 'amount must be a finite number (the script passed string)'],
      [`makebet(0.000000001, 2, 'a')`, ON, 'makebet.amount', 'amount 1e-9 rounds down to 0 btc'],
      [`makebet(0.00000001, 1, 'a')`, ON, 'makebet.target', "target (the site's cashoutAt) must be from 1.01"],
      [`makebet(0.00000001, NaN, 'a')`, ON, 'makebet.target', 'target must be a finite number'],
      [`makebet(0.00000001, 0, 'a')`, { ...ON, limbo_input: 'chance' }, 'makebet.chance', 'chance 0 gives no slide cash-out'],
      [`makebet(0.00000001, 2, {})`, ON, 'makebet.identifier', 'identifier must be a string or a number'],
      [`makebet(0.00000001, 2, '')`, ON, 'makebet.identifier', 'identifier must be 1 to 100 characters'],
    ];
    for (const [call, bot, field, message] of cases) {
      const error = ERROR(await load(`game = 'slide'\nfunction dobet() { makebet(0.00000001, 2, 'ok'); ${call} }`, bot).catch((e: unknown) => e));
      expect(error.field, call).toBe(field);
      expect(error.message, call).toContain(message);
      // The second call is the one named: the first of the batch was not placed either.
      expect(error.message, call).toContain('makebet() call 2');
    }
    const outside = ERROR(await load(`game = 'crash'\nnextbet = 0.00000001\ntarget = 2\nfunction dobet() { makebet(nextbet, 2, 'a') }\nmakebet(nextbet, 2, 'a')`, ON).catch((e: unknown) => e));
    expect(outside.message).toContain('makebet() queues slide bets: set game = "slide" first (game is "crash")');
  });

  test('bot4stake\'s chance (limbo_input chance): the cash-out 99 / chance, to the two decimals the site takes', async () => {
    const s = await load(`game = 'slide'\nfunction dobet() { makebet(0.00000003, 33, 'a'); makebet(0.00000001, 49.5, 7) }`, { ...ON, limbo_input: 'chance' });
    const state = new EngineState();
    const first = await s.next(state);
    expect(first).toEqual({ game: 'slide', amount: 3e-8, cashoutAt: 3 });
    settle_slide(state, first, 1.2);
    expect(await s.next(state)).toEqual({ game: 'slide', amount: 1e-8, cashoutAt: 2 });
  });

  test('a bet shown to the script that is not the one in flight (an adopted bet) is recorded, and the one in flight is proposed again, not the next', async () => {
    const context = test_context();
    const s = await load(`game = 'slide'\nfunction dobet() { log(bets, id.a, id.b); makebet(0.00000002, 2, 'a'); makebet(0.00000004, 3, 'b') }`, ON, context);
    const state = new EngineState();
    const a = await s.next(state);
    // Another slide bet of the account, of another amount, settles first.
    settle_slide(state, { game: 'slide', amount: 5e-8, cashoutAt: 2 } as StrategyAnswer, 1);
    expect(await s.next(state)).toEqual(a);
    settle_slide(state, a, 2.5);
    const b = await s.next(state);
    expect(b).toEqual({ game: 'slide', amount: 4e-8, cashoutAt: 3 });
    settle_slide(state, b, 1.1);
    await s.next(state);
    // dobet() ran twice: before the first bet, and once the queue was played (the adopted bet counted among the bets).
    expect(context.printed).toEqual(['0 undefined undefined', '3 true false']);
  });
});

describe('resume of a slide makebet() run', () => {
  const points = chain_from(sha('slide-43d-resume'), 40).map((h) => shown_point(h, 0.02));

  /**
   * Drives `s` over the points from round `from`, sitting out where it skips: the bets asked for, the
   * snapshot taken as each was proposed, the engine's state before each settled (both through JSON, as the
   * journal keeps them) and the round each settled in.
   */
  async function drive(s: Strategy, state: EngineState, from: number, n: number): Promise<{ bets: StrategyAnswer[]; snapshots: unknown[]; states: string[]; rounds: number[] }> {
    const out = { bets: [] as StrategyAnswer[], snapshots: [] as unknown[], states: [] as string[], rounds: [] as number[] };
    let round = from;
    while (out.bets.length < n) {
      const answer = await s.next(state);
      if ('skip' in answer) {
        round += 1;
        continue;
      }
      out.bets.push(answer);
      out.snapshots.push(JSON.parse(JSON.stringify(s.save())));
      out.states.push(JSON.stringify(state));
      out.rounds.push(round);
      settle_slide(state, answer, points[round++]!);
    }
    return out;
  }

  const state_of = (json: string): EngineState => Object.assign(new EngineState(), JSON.parse(json) as object);

  test.each([1, 2, 3, 4, 7, 11])('killed after bet %i was proposed: resumed from its snapshot (it was placed) or the one before (it was not), the same bets, none twice or dropped', async (cut) => {
    const N = 16;
    const whole = await drive(await load(SCRIPT, ON), new EngineState(), 0, N);
    expect(whole.bets.filter((b) => (b as { cashoutAt: number }).cashoutAt === 10).length).toBeGreaterThan(0);
    const state = new EngineState();
    const before = await drive(await load(SCRIPT, ON), state, 0, cut);

    // Bet `cut` was placed: the engine restores the snapshot journaled with it and shows it settled.
    const placed = await load(SCRIPT, ON);
    placed.restore(before.snapshots[cut - 1]);
    const after_placed = await drive(placed, state_of(JSON.stringify(state)), before.rounds[cut - 1]! + 1, N - cut);
    expect([...before.bets, ...after_placed.bets]).toEqual(whole.bets);

    if (cut >= 2) {
      // Bet `cut` was not placed: the last placed bet's snapshot and state; the same bet is proposed again, once.
      const not_placed = await load(SCRIPT, ON);
      not_placed.restore(before.snapshots[cut - 2]);
      const again = await drive(not_placed, state_of(before.states[cut - 1]!), before.rounds[cut - 2]! + 1, N - cut + 1);
      expect([...before.bets.slice(0, cut - 1), ...again.bets]).toEqual(whole.bets);
    }
  });

  test('the snapshot holds the queue, the bet in flight and id', async () => {
    const s = await load(SCRIPT, ON);
    const state = new EngineState();
    const first = await s.next(state);
    settle_slide(state, first, 1.6);
    await s.next(state);
    const snap = s.save() as { makebet: { queue: unknown[]; in_flight: unknown }; state: { globals: Record<string, unknown> } };
    expect(snap.makebet).toEqual({ queue: [], in_flight: { amount: 2e-8, cashoutAt: 3, identifier: 'long' } });
    expect(snap.state.globals['id']).toEqual({ o: { safe: true } });
    const bad = await load(SCRIPT, ON);
    const error = (() => { try { bad.restore({ ...snap, makebet: { queue: [{ amount: 'x' }], in_flight: null } }); return null; } catch (e) { return e; } })();
    expect(ERROR(error).field).toBe('snapshot');
  });
});
