/**
 * Hunting conditions (settings rules and `when:` lists), each checked against
 * bets this test computes itself from the provably-fair outcome (createHmac
 * and the site's published dice roll): the bet a condition must fire on is
 * the test's own count, and the simulator and the sandbox stop on exactly it.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepare_recorded, prepare_strategy_file } from '../../../../src/autobet/strategies/load.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resume_autobet, run_autobet, simulate, type BetLine, type SessionResult, type Strategy } from '../../../../src/autobet/index.js';
import type { HuntEvent } from '../../../../src/autobet/strategies/conditions/hunt.js';
import { check_settings } from '../../../../src/autobet/strategies/settings-check.js';
import { check_when } from '../../../../src/autobet/strategies/conditions/check.js';
import { StrategyError } from '../../../../src/autobet/strategies/strategy.js';
import { Database } from '../../../support/sqlite.js';
import { http_receiver, type HttpReceiver } from '../../../notify/receivers.js';
import { world, type World } from '../../helpers.js';

/** The site's dice roll, from its published description (not from the code under test). */
function roll(server: string, client: string, nonce: number): number {
  const bytes = createHmac('sha256', server).update(`${client}:${nonce}:0`).digest();
  const float = bytes[0]! / 256 + bytes[1]! / 256 ** 2 + bytes[2]! / 256 ** 3 + bytes[3]! / 256 ** 4;
  return Math.floor(float * 10001) / 100;
}

const SERVER = createHmac('sha256', 'issue-45').update('server').digest('hex');
const CLIENT = 'hunt-client';
/** 100 units (1e-8 btc each) a bet. */
const AMOUNT = 0.000001;
const TARGETS = [10, 50, 90] as const;

/** A strategy that bets dice `below` 10, 50, 90 in turn: multipliers 9.9, 1.98, 1.1 on a win (99 / chance). */
function cycling(): Strategy {
  return {
    name: 'cycling',
    next: (s) => ({ game: 'dice', amount: AMOUNT, condition: 'below', target: TARGETS[s.bets % 3]! }),
    save: () => null,
    restore: () => undefined,
  };
}

interface Own {
  readonly nonce: number;
  readonly roll: number;
  readonly multiplier: number;
  /** The session's profit (units) after this bet. */
  readonly profit: number;
}

/** The cycling strategy's bets as this test counts them from the seeds: win when the roll is below the target, paid 99 / target. */
function own_bets(server: string, client: string, n: number): Own[] {
  const out: Own[] = [];
  let profit = 0;
  for (let nonce = 0; nonce < n; nonce++) {
    const target = TARGETS[nonce % 3]!;
    const r = roll(server, client, nonce);
    const multiplier = r < target ? 99 / target : 0;
    profit += Math.round(100 * multiplier) - 100;
    out.push({ nonce, roll: r, multiplier, profit });
  }
  return out;
}

const BETS = 400;
const own = own_bets(SERVER, CLIENT, BETS);
const before = (i: number): number => (i === 0 ? 0 : own[i - 1]!.profit);

/** The first bet index where `test` holds; fails the test when none of the bets meet it. */
function first(test: (b: Own, i: number) => boolean, from = 0): number {
  for (let i = from; i < own.length; i++) if (test(own[i]!, i)) return i;
  throw new Error('no bet of the seeds meets the condition: pick other seeds');
}

const losses_in_a_row = (n: number) => (_b: Own, i: number): boolean => i >= n - 1 && own.slice(i - n + 1, i + 1).every((b) => b.multiplier === 0);
const START_UNITS = 100_000;

const CASES: readonly { readonly when: Record<string, unknown>; readonly text: string; readonly expected: number }[] = [
  { when: { multiplier_at_least: 5 }, text: 'multiplier_at_least 5', expected: first((b) => b.multiplier >= 5) },
  { when: { multiplier_between: [1.5, 2] }, text: 'multiplier_between [1.5,2]', expected: first((b) => b.multiplier >= 1.5 && b.multiplier <= 2) },
  { when: { multiplier_below: 1, in_a_row: 5 }, text: 'multiplier_below 1 in_a_row 5', expected: first(losses_in_a_row(5)) },
  { when: { result_in: [own[150]!.roll, 100.5] }, text: `result_in [${own[150]!.roll},100.5]`, expected: first((b) => b.roll === own[150]!.roll) },
  { when: { result_between: [0, 1.5] }, text: 'result_between [0,1.5]', expected: first((b) => b.roll <= 1.5) },
  { when: { result_between: [99, 100], in_a_row: 1 }, text: 'result_between [99,100]', expected: first((b) => b.roll >= 99) },
  { when: { profit_up_to: 0.0000025 }, text: 'profit_up_to 0.0000025', expected: first((b, i) => before(i) < 250 && b.profit >= 250) },
  { when: { profit_down_to: -0.000004 }, text: 'profit_down_to -0.000004', expected: first((b, i) => before(i) > -400 && b.profit <= -400) },
  { when: { balance_down_to: 0.000997 }, text: 'balance_down_to 0.000997', expected: first((b, i) => START_UNITS + before(i) > 99_700 && START_UNITS + b.profit <= 99_700) },
  { when: { balance_up_to: 0.001002 }, text: 'balance_up_to 0.001002', expected: first((b, i) => START_UNITS + before(i) < 100_200 && START_UNITS + b.profit >= 100_200) },
];

async function sim(strategy: Strategy | Record<string, unknown>, when?: Record<string, unknown>[]): Promise<{ lines: BetLine[]; session: SessionResult }> {
  const lines: BetLine[] = [];
  let session: SessionResult | undefined;
  await simulate({
    strategy, start_balance: 0.001, bets: BETS, seeds: [{ server_seed: SERVER, client_seed: CLIENT, nonce: 0 }],
    on_bet: (l) => lines.push(l), on_session: (s) => (session = s), ...(when === undefined ? {} : { when }),
  });
  return { lines, session: session as SessionResult };
}

describe('hunting conditions in the simulator, against the test\'s own count', () => {
  it.each(CASES)('when: $text stops on the bet that met it', async ({ when, text, expected }) => {
    const { lines, session } = await sim(cycling(), [{ ...when, action: 'stop' }]);
    expect(session.reason).toBe('condition');
    expect(lines).toHaveLength(expected + 1);
    expect(lines.at(-1)!.nonce).toBe(expected);
    expect(session.message).toContain(`when[0] ${text} met by bet ${lines.at(-1)!.identifier} (dice nonce ${expected}`);
    expect(session.message).toContain(`result ${own[expected]!.roll}`);
  });

  it('stop_after_win: armed by 4 losses in a row, stops on the first win after them', async () => {
    const armed = first(losses_in_a_row(4));
    const expected = first((b) => b.multiplier > 1, armed + 1);
    const { lines, session } = await sim(cycling(), [{ multiplier_below: 1, in_a_row: 4, action: 'stop_after_win' }]);
    expect(session.reason).toBe('condition');
    expect(lines).toHaveLength(expected + 1);
    expect(session.message).toContain(`stop_after_win: when[0] multiplier_below 1 in_a_row 4 met by bet ${lines[armed]!.identifier}`);
    expect(session.message).toContain(`stopped after the next win, bet ${lines[expected]!.identifier}`);
  });

  it('settings rules: a run of results changes the bet, a multiplier resets it, a crossing stops the run', async () => {
    // A flat 49.5 % dice bet paid 2× (99 / 49.5): won when the roll is above 50.5.
    const rolls = Array.from({ length: BETS }, (_, n) => roll(SERVER, CLIENT, n));
    const settings = {
      game: 'dice', bet: { amount: AMOUNT, target: 50.5, condition: 'above' }, on_win: { increase_pct: 0 }, on_loss: { increase_pct: 0 },
      rules: [
        { multiplier_below: 1, in_a_row: 3, action: { set_bet: 0.000003 } },
        { multiplier_at_least: 1.5, action: { reset_bet: true } },
        { profit_down_to: -0.000004, action: { stop: true } },
      ],
    };
    const { lines, session } = await sim(settings);
    // The test's own count: the amounts the rules give, and the bet where the profit first reaches -2000 units.
    let amount = 100;
    let run = 0;
    let profit = 0;
    let stop = -1;
    for (let i = 0; i < BETS && stop < 0; i++) {
      expect(Math.round(lines[i]!.amount * 1e8), `bet ${i}`).toBe(amount);
      const won = rolls[i]! > 50.5;
      const was = profit;
      profit += won ? amount : -amount;
      run = won ? 0 : run + 1;
      if (run === 3) amount = 300;
      if (won) amount = 100;
      if (was > -400 && profit <= -400) stop = i;
    }
    expect(stop).toBeGreaterThan(0);
    expect(session.reason).toBe('condition');
    expect(lines).toHaveLength(stop + 1);
    expect(session.message).toContain(`rules[2] profit_down_to -0.000004 met by bet ${lines[stop]!.identifier}`);
  });
});

describe('hunting conditions are refused when written wrong, naming the field', () => {
  const base = { game: 'dice', bet: { amount: AMOUNT, target: 50.5, condition: 'above' } };
  const refused = (value: () => unknown, field: string): void => {
    let error: unknown;
    try {
      value();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StrategyError);
    expect((error as StrategyError).field).toBe(field);
    expect((error as StrategyError).phase).toBe('load');
  };
  it.each([
    [{ ...base, rules: [{ multiplier_at_least: 'big', action: { stop: true } }] }, 'rules[0].multiplier_at_least'],
    [{ ...base, rules: [{ multiplier_between: [3, 2], action: { stop: true } }] }, 'rules[0].multiplier_between'],
    [{ ...base, rules: [{ result_in: [], action: { stop: true } }] }, 'rules[0].result_in'],
    [{ ...base, rules: [{ result_in: [1, 'x'], action: { stop: true } }] }, 'rules[0].result_in[1]'],
    [{ ...base, rules: [{ multiplier_below: 1, in_a_row: 0, action: { stop: true } }] }, 'rules[0].in_a_row'],
    [{ ...base, rules: [{ profit_up_to: 1, in_a_row: 2, action: { stop: true } }] }, 'rules[0].in_a_row'],
    [{ ...base, rules: [{ every: 3, of: 'bets', in_a_row: 2, action: { stop: true } }] }, 'rules[0].in_a_row'],
    [{ ...base, rules: [{ every: 3, of: 'bets', action: { notify: true } }] }, 'rules[0].action'],
    [{ ...base, rules: [{ multiplier_at_least: 2, multiplier_below: 3, action: { stop: true } }] }, 'rules[0]'],
    [{ game: 'keno', bet: { amount: AMOUNT, numbers: [1, 2], risk: 'low' }, rules: [{ result_in: [3], action: { stop: true } }] }, 'rules[0].result_in'],
    [{ ...base, when: [{ multiplier_at_least: 2, action: { set_bet: 1 } }] }, 'when[0].action'],
    [{ ...base, when: [{ multiplier_at_least: 2 }] }, 'when[0].action'],
    [{ ...base, when: [{ multiplier_at_leest: 2, action: 'stop' }] }, 'when[0].multiplier_at_leest'],
    [{ ...base, when: { multiplier_at_least: 2, action: 'stop' } }, 'when'],
  ])('%j → %s', (settings, field) => refused(() => check_settings(settings), field));

  it('a when: list beside a strategy file is recorded with the session, and a resume watches with it again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-when-'));
    try {
      const file = path.join(dir, 'flat.mjs');
      fs.writeFileSync(file, "export default () => ({ game: 'dice', amount: 0.000001, target: 50.5, condition: 'above' });\n");
      const when = [{ result_between: [0, 1.5], action: 'stop' }];
      const prepared = await prepare_strategy_file(file, { when });
      expect(JSON.parse(prepared.source)).toMatchObject({ file, when });
      const again = await prepare_recorded(prepared.kind, prepared.name, prepared.source);
      // The recorded list watches the resumed run: the same seeds stop on the same bet as the first run.
      const stops: SessionResult[] = [];
      for (const p of [prepared, again]) {
        await simulate({ strategy: await p.bind({ driver: 'simulator', currency: 'btc', start_balance: 1, client_seed: CLIENT, server_seed_hash: '', print: () => undefined }), start_balance: 0.001, bets: BETS, seeds: [{ server_seed: SERVER, client_seed: CLIENT }], on_session: (r) => stops.push(r) });
      }
      const expected = first((b) => b.roll <= 1.5);
      expect(stops.map((r) => [r.reason, r.bets])).toEqual([['condition', expected + 1], ['condition', expected + 1]]);
      fs.writeFileSync(path.join(dir, 'flat.json'), JSON.stringify({ game: 'dice', bet: { amount: AMOUNT, target: 50.5, condition: 'above' } }));
      await expect(prepare_strategy_file(path.join(dir, 'flat.json'), { when })).rejects.toThrow(/holds its own when: list/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a when: list alone (module, Lua, bot) names its own fields', () => {
    refused(() => check_when([{ balance_down_to: -1, action: 'notify' }]), 'when[0].balance_down_to');
    expect(check_when([{ multiplier_at_least: 1000, action: 'stop_after_win' }])).toEqual([
      { field: 'when[0]', condition: { test: { kind: 'multiplier_at_least', x: 1000 }, in_a_row: 1 }, action: 'stop_after_win' },
    ]);
  });
});

describe('hunting conditions on the sandbox', () => {
  let w: World;
  let rx: HttpReceiver;
  beforeAll(async () => {
    w = await world();
    rx = await http_receiver();
  });
  afterAll(async () => {
    await w.close();
    await rx.close();
  });

  /** The active pair's seeds, revealed by a rotation after the run (the sandbox's own). */
  async function reveal(): Promise<{ server: string; client: string }> {
    const client = (await w.client.active_seeds()).activeClientSeed.seed;
    await w.client.rotate_seed_pair();
    return { server: (await w.client.active_seeds()).previousServerSeed?.seed as string, client };
  }

  it('a hunt stop fires on exactly the right bet; the simulator on the revealed seeds stops on the same one; the session records it and resume goes on', async () => {
    const lines: BetLine[] = [];
    const limits = { stop_loss: 0.01, max_bet: 0.001, max_bets: 300 };
    const when = [{ result_between: [0, 2], action: 'stop' }];
    const r = await run_autobet({ client: w.client, database: w.database, strategy: cycling(), when, limits, on_bet: (l) => lines.push(l) });
    const seeds = await reveal();
    const rolls = Array.from({ length: 300 }, (_, n) => roll(seeds.server, seeds.client, n));
    const expected = rolls.findIndex((x) => x <= 2);
    expect(expected).toBeGreaterThanOrEqual(0);
    expect(r.stop?.reason).toBe('condition');
    expect(lines).toHaveLength(expected + 1);
    expect(r.stop?.message).toBe(`when[0] result_between [0,2] met by bet ${lines[expected]!.identifier} (dice nonce ${expected}, payoutMultiplier ${lines[expected]!.payoutMultiplier}, result ${rolls[expected]})`);
    // What `autobet show` prints: the session's stop reason and message as journaled.
    const db = new Database(w.database, { readonly: true });
    const row = db.prepare('SELECT stop_reason, stop_message FROM sessions WHERE id = ?').get(r.session) as { stop_reason: string; stop_message: string };
    db.close();
    expect(row).toEqual({ stop_reason: 'condition', stop_message: r.stop?.message });

    const replay: BetLine[] = [];
    let session: SessionResult | undefined;
    await simulate({ strategy: cycling(), when, limits: { max_bets: 300 }, start_balance: 1, bets: 300, seeds: [{ server_seed: seeds.server, client_seed: seeds.client, nonce: 0 }], on_bet: (l) => replay.push(l), on_session: (s) => (session = s) });
    const strip = (l: BetLine) => ({ amount: l.amount, payoutMultiplier: l.payoutMultiplier, nonce: l.nonce, state: l.state });
    expect(replay.map(strip)).toEqual(lines.map(strip));
    expect(session?.reason).toBe('condition');

    // A resume of the session does not stop again on the bet that met the condition: it bets on (to max_bets).
    const more: BetLine[] = [];
    const resumed = await resume_autobet({ client: w.client, database: w.database, session: r.session as number, strategy: cycling(), when, on_bet: (l) => more.push(l) });
    expect(more.length).toBeGreaterThan(0);
    expect(resumed.stop?.bets).toBe(expected + 1 + more.length);
  });

  it('notify: each bet meeting the condition is a hunt event to the caller and the notification sinks, and nothing else is', async () => {
    const port = new URL(rx.base).port;
    const hunts: HuntEvent[] = [];
    const lines: BetLine[] = [];
    const settings = { game: 'dice', bet: { amount: AMOUNT, target: 50.5, condition: 'above' }, rules: [{ result_between: [0, 25], action: { notify: true } }] };
    const r = await run_autobet({
      client: w.client, database: w.database, strategy: settings, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 40 },
      on_bet: (l) => lines.push(l), on_hunt: (h) => hunts.push(h), notify: [`json://127.0.0.1:${port}/json/events`], notify_on: 'stop',
    });
    expect(r.stop?.reason).toBe('max_bets');
    const seeds = await reveal();
    // A condition is looked at before the next bet: the 40th bet's is never looked at (the run stopped first).
    // A quarter of the rolls meet it: none in 39 bets has a chance of 0.75^39, about 1 in 75,000 (with [0,10] it was 1 in 90).
    const met = lines.slice(0, 39).filter((l) => roll(seeds.server, seeds.client, l.nonce) <= 25);
    expect(met.length).toBeGreaterThan(0);
    expect(hunts.map((h) => h.identifier)).toEqual(met.map((l) => l.identifier));
    expect(hunts[0]).toMatchObject({ event: 'hunt', field: 'rules[0]', condition: 'result_between [0,25]', game: 'dice', nonce: met[0]!.nonce });
    const posted = rx.requests.filter((q) => q.path === '/json/events').map((q) => JSON.parse(q.body) as Record<string, unknown>);
    expect(posted.filter((p) => p['event'] === 'hunt').map((p) => p['identifier'])).toEqual(met.map((l) => l.identifier));
    expect(posted.filter((p) => p['event'] === 'hunt').every((p) => p['session'] === r.session)).toBe(true);
  });
});
