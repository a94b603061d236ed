/**
 * save()/restore() of a bot script: stopped after any bet and resumed in a
 * fresh context, it asks for the same bets as a run that never stopped
 * (its var, implicit and `let` globals back; objects keep their functions).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { load_bot_strategy } from '../../../../src/autobet/strategies/js-dialect/index.js';
import { StrategyError, type Strategy } from '../../../../src/autobet/strategies/strategy.js';
import { floats } from '../../../support/stake-floats.js';
import { EngineState, drive, is_dice, test_context, type BetTuple } from '../lua/helpers.js';

const open: Strategy[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close?.();
});

async function load(source: string): Promise<Strategy> {
  const strategy = await load_bot_strategy(source, test_context());
  open.push(strategy);
  return strategy;
}

const SCRIPT = `
var unit = 0.000001
let seq = [1, 2, 3]
let lowest = Infinity
const FACTOR = 1
var helper = { factor: 1, nested: { deep: ['a', 2.5] }, grow: function () { this.factor += 1 } }
chance = 49.5
nextbet = (seq[0] + seq[seq.length - 1]) * unit
function dobet() {
  if (balance < lowest) lowest = balance
  if (win) {
    if (seq.length <= 2) seq = [1, 2, 3]; else { seq.pop(); seq.shift() }
    helper.grow()
  } else {
    seq.push(seq[0] + seq[seq.length - 1])
  }
  if (bets % 4 === 0) resetstats()
  bethigh = !bethigh
  implicitCount = (typeof implicitCount === 'number' ? implicitCount : 0) + 1
  nextbet = (seq[0] + seq[seq.length - 1]) * unit * helper.factor * FACTOR + (implicitCount % 2) * unit
  log(bets, wins, currentstreak, lowest < Infinity, helper.factor, helper.nested.deep[1], implicitCount)
}
`;

function rolls(n: number): number[] {
  return Array.from({ length: n }, (_, nonce) => Math.floor(floats('snap-server', 'snap-client', nonce, 1)[0]! * 10001) / 100);
}

async function run_until(strategy: Strategy, r: readonly number[], cut: number): Promise<{ bets: BetTuple[]; state: EngineState; snapshot: unknown }> {
  const state = new EngineState();
  const bets: BetTuple[] = [];
  for (const roll of r.slice(0, cut)) {
    const answer = await strategy.next(state);
    if (!is_dice(answer)) throw new Error('expected a bet');
    bets.push([answer.amount, answer.target, answer.condition]);
    state.settle(answer, roll);
  }
  // Through JSON, as the journal stores it.
  return { bets, state, snapshot: JSON.parse(JSON.stringify(strategy.save())) };
}

describe('save() and restore()', () => {
  test.each([1, 3, 4, 7, 12])('stopped after %i bets and resumed in a fresh context: the same bets as without a stop', async (cut) => {
    const r = rolls(20);
    const whole = await drive(await load(SCRIPT), r);
    const first = await load(SCRIPT);
    const before = await run_until(first, r, cut);
    const second = await load(SCRIPT);
    second.restore(before.snapshot);
    const after = await drive(second, r.slice(cut), before.state);
    expect([...before.bets, ...after.bets]).toEqual(whole.bets);
  });

  test('the snapshot holds the script\'s globals and lets, not the host\'s names, functions or consts', async () => {
    const s = await load(SCRIPT);
    // Two wins (10 below 49.5, then 90 above 50.5 once bethigh flipped): helper.grow() twice.
    await drive(s, [10, 90]);
    const snap = s.save() as { state: { globals: Record<string, unknown>; lets: Record<string, unknown> } };
    // The script's own and the read-write globals the host declares (the per-game inputs with evilbot's starting values).
    expect(Object.keys(snap.state.globals).sort()).toEqual(['banker', 'basebet', 'bethigh', 'chance', 'chips', 'condition', 'difficulty', 'eggs', 'fastmode', 'fields', 'game', 'guesses', 'helper', 'implicitCount',
      'lines', 'mines', 'moles', 'nextbet', 'numbers', 'pick', 'picks', 'player', 'pumps', 'risk', 'rolls', 'rows', 'segments', 'startcard', 'steps', 'target',
      'target1', 'target2', 'target3', 'target4', 'tie', 'tiles', 'unit']);
    expect(Object.keys(snap.state.lets).sort()).toEqual(['lowest', 'seq']);
    expect(snap.state.globals['helper']).toEqual({ o: { factor: 3, nested: { o: { deep: { a: ['a', 2.5] } } } } });
  });

  test('a snapshot that save() did not write is refused naming the snapshot', async () => {
    const s = await load(SCRIPT);
    for (const bad of [null, { version: 2 }, { version: 1, dialect: 'bot', state: { globals: [] , lets: {} }, offsets: {} }]) {
      const error = (() => { try { s.restore(bad); return null; } catch (e) { return e; } })() as StrategyError;
      expect(error).toBeInstanceOf(StrategyError);
      expect(error.field).toBe('snapshot');
    }
  });
});
