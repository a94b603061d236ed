/**
 * Statistics against sums the test makes itself from the exported bets (JSON
 * lines and CSV read by the tests' own RFC 4180 reader), and verify
 * catching exactly the rows changed behind the site's back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StakeClient } from '../../src/facade/index.js';
import { EXPORT_COLUMNS, export_history, history_stats, sync_history, verify_history, type SqliteDatabase, type StatsGroup } from '../../src/history/index.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { readCsv } from '../support/read-csv.js';
import { placeDice, sandboxUser, tempDatabase, unitsOf } from './helpers.js';

interface Exported {
  id: string;
  iid: string;
  game: string;
  currency: string;
  amount: number;
  payout: number;
  payoutMultiplier: number;
  updatedAt: string;
  serverSeed: string | null;
  state: Record<string, unknown> | null;
}

const DECIMALS: Record<string, number> = { btc: 8, usd: 2 };

let box: Sandbox;
let client: StakeClient;
let temp: ReturnType<typeof tempDatabase>;
let db: SqliteDatabase;
let exported: Exported[];

beforeAll(async () => {
  box = await start_sandbox({ starting_balances: { btc: 10, usd: 100_000 } });
  client = sandboxUser(box).client;
  temp = tempDatabase();
  db = temp.open();
  await placeDice(client, 150, 'btc');
  await placeDice(client, 40, 'usd');
  for (let i = 0; i < 30; i++) await client.limbo({ amount: '0.00002', currency: 'btc', multiplierTarget: 1.5 + (i % 4) * 3 });
  for (let i = 0; i < 12; i++) await client.keno({ amount: 2, currency: 'usd', numbers: [1, 5, 9, 13, 20 + (i % 10)] });
  for (let i = 0; i < 12; i++) await client.plinko({ amount: '1.5', currency: 'usd', rows: 8 + (i % 9), risk: 'low' });
  for (let i = 0; i < 3; i++) {
    let m = await client.mines_bet({ amount: 3, currency: 'usd', minesCount: 3 });
    m = await client.mines_next({ fields: [i] });
    if (m.active) await client.mines_cashout();
  }
  // Rotate, so every bet so far has its seed; then a few under the new (unrevealed) pair.
  await client.rotate_seed_pair();
  await placeDice(client, 6, 'btc');
  await sync_history(client, db);
  exported = [...export_history(db, 'json')].map((line) => JSON.parse(line) as Exported);
}, 60_000);

afterAll(async () => {
  db?.close();
  await client?.close();
  await box?.close();
  temp?.remove();
});

const iidNumber = (b: Exported): number => Number(b.iid.split(':')[1]);

/**
 * The run each bet ends, counted within its game and currency in the order the
 * site numbered the bets: +n for the n-th win in a row, -n for the n-th loss.
 */
function runs(bets: readonly Exported[]): Map<string, number> {
  const out = new Map<string, number>();
  const last = new Map<string, number>();
  for (const bet of [...bets].sort((a, b) => iidNumber(a) - iidNumber(b))) {
    const sequence = `${bet.game}/${bet.currency}`;
    const before = last.get(sequence) ?? 0;
    const m = bet.payoutMultiplier;
    const run = m > 1 ? (before > 0 ? before + 1 : 1) : m < 1 ? (before < 0 ? before - 1 : -1) : 0;
    last.set(sequence, run);
    out.set(bet.id, run);
  }
  return out;
}

/** The test's own figures for a list of exported bets. */
function expectedOf(bets: readonly Exported[]) {
  const currency = bets[0]?.currency as string;
  const d = DECIMALS[currency] as number;
  const runOf = runs(exported);
  let wagered = 0n;
  let payout = 0n;
  let wins = 0;
  let losses = 0;
  let longestWin = 0;
  let longestLoss = 0;
  const buckets = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const edges = [1, 2, 3, 5, 10, 100, 1000];
  for (const bet of bets) {
    // Amounts as JSON numbers, back to units through their decimal text.
    wagered += unitsOf(bet.amount.toFixed(d), d);
    payout += unitsOf(bet.payout.toFixed(d), d);
    const m = bet.payoutMultiplier;
    if (m > 1) wins++;
    else if (m < 1) losses++;
    const run = runOf.get(bet.id) as number;
    longestWin = Math.max(longestWin, run);
    longestLoss = Math.max(longestLoss, -run);
    if (m === 0) buckets[0]!++;
    else if (m < 1) buckets[1]!++;
    else buckets[2 + edges.filter((e) => m >= e).length - 1]!++;
  }
  return { bets: bets.length, wins, losses, wagered, payout, longestWin, longestLoss, buckets };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

function checkGroup(group: StatsGroup, bets: readonly Exported[]): void {
  const e = expectedOf(bets);
  const label = `${group.key}/${group.currency}`;
  expect(group.bets, label).toBe(e.bets);
  expect(group.wins, label).toBe(e.wins);
  expect(group.losses, label).toBe(e.losses);
  expect(group.wagered_units, label).toBe(e.wagered);
  expect(group.payout_units, label).toBe(e.payout);
  expect(group.profit_units, label).toBe(e.payout - e.wagered);
  expect(unitsOf(group.wagered, group.decimals), label).toBe(e.wagered);
  expect(unitsOf(group.profit, group.decimals), label).toBe(e.payout - e.wagered);
  expect(group.realised_return, label).toBeCloseTo(Number(e.payout) / Number(e.wagered), 12);
  expect(group.longest_win_streak, label).toBe(e.longestWin);
  expect(group.longest_loss_streak, label).toBe(e.longestLoss);
  expect(group.multipliers.map((b) => b.count), label).toEqual(e.buckets);
}

describe('history_stats', () => {
  it('by game: each game and currency equals the sums of its exported bets', () => {
    expect(exported).toHaveLength(150 + 40 + 30 + 12 + 12 + 3 + 6);
    const stats = history_stats(db, { by: 'game' });
    const expected = groupBy(exported, (b) => `${b.game}/${b.currency}`);
    expect(stats.groups.map((g) => `${g.key}/${g.currency}`).sort()).toEqual([...expected.keys()].sort());
    for (const group of stats.groups) checkGroup(group, expected.get(`${group.key}/${group.currency}`) ?? []);
    // Every game here is one the sandbox pays at 0.99 on average.
    for (const group of stats.groups) expect(group.theoretical_return).toBeCloseTo(0.99, 12);
  });

  it('by currency, by day and over a time range', () => {
    const byCurrency = groupBy(exported, (b) => b.currency);
    const stats = history_stats(db, { by: 'currency' });
    expect(stats.groups.map((g) => g.key)).toEqual(['btc', 'usd']);
    for (const group of stats.groups) checkGroup(group, byCurrency.get(group.key) ?? []);

    const byDay = groupBy(exported, (b) => `${new Date(b.updatedAt).toISOString().slice(0, 10)}/${b.currency}`);
    const days = history_stats(db, { by: 'day' });
    expect(days.groups.map((g) => `${g.key}/${g.currency}`).sort()).toEqual([...byDay.keys()].sort());
    for (const group of days.groups) checkGroup(group, byDay.get(`${group.key}/${group.currency}`) ?? []);

    // A range that starts among the bets (times are whole seconds): the bets at or after it, read from the bets themselves.
    const middle = Date.parse(exported[Math.floor(exported.length / 2)]!.updatedAt);
    const inRange = groupBy(exported.filter((b) => Date.parse(b.updatedAt) >= middle), (b) => `${b.game}/${b.currency}`);
    const ranged = history_stats(db, { from: new Date(middle).toISOString() });
    expect(ranged.groups.map((g) => `${g.key}/${g.currency}`).sort()).toEqual([...inRange.keys()].sort());
    for (const group of ranged.groups) checkGroup(group, inRange.get(`${group.key}/${group.currency}`) ?? []);

    const late = Date.parse(exported[exported.length - 1]!.updatedAt) + 1000;
    expect(history_stats(db, { from: late }).groups).toEqual([]);
    expect(history_stats(db, { to: new Date(late), game: 'limbo' }).groups.map((g) => g.bets)).toEqual([30]);
    expect(history_stats(db, { currency: 'usd', by: 'all' }).groups.map((g) => [g.key, g.bets])).toEqual([['all', 40 + 12 + 12 + 3]]);
  });

  it('refuses bad options, naming them', () => {
    expect(() => history_stats(db, { by: 'week' as never })).toThrow(/^by must be one of/);
    expect(() => history_stats(db, { from: 'not a date' })).toThrow(RangeError);
    expect(() => history_stats(db, { to: {} as never })).toThrow(/^to must be/);
    expect(() => history_stats(db, { game: '' })).toThrow(/^game must be/);
  });
});

describe('export_history', () => {
  it('CSV holds the same bets and amounts as the JSON lines, and its sums equal the stats', () => {
    const rows = readCsv([...export_history(db, 'csv')].join(''));
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    const body = rows.slice(1);
    expect(body.map((r) => r[0])).toEqual(exported.map((b) => b.id));
    const at = (name: string) => EXPORT_COLUMNS.indexOf(name as (typeof EXPORT_COLUMNS)[number]);
    let btc = 0n;
    for (const [i, r] of body.entries()) {
      const bet = exported[i] as Exported;
      expect(Number(r[at('amount')])).toBe(bet.amount);
      expect(JSON.parse(r[at('state')] as string)).toEqual(bet.state);
      if (r[at('currency')] === 'btc') btc += unitsOf(r[at('amount')] as string, 8);
    }
    const stats = history_stats(db, { by: 'currency', currency: 'btc' });
    expect(stats.groups[0]?.wagered_units).toBe(btc);
  });

  it('refuses an unknown format', () => {
    expect(() => export_history(db, 'xml' as never)).toThrow(RangeError);
  });
});

describe('verify_history', () => {
  it('passes every revealed bet, counts the unrevealed, and names only the rows changed afterwards', () => {
    const clean = verify_history(db);
    const revealed = exported.filter((b) => b.serverSeed !== null).length;
    expect(revealed).toBe(exported.length - 6);
    expect(clean).toMatchObject({ checked: revealed, failed: 0, failures: [], unrevealed: 6 });
    // Dice, limbo, keno, plinko and mines: every one has a published translation.
    expect(clean.passed).toBe(revealed);
    expect(clean.unverifiable).toEqual({});

    const dice = exported.find((b) => b.game === 'dice' && b.serverSeed !== null) as Exported;
    const limbo = exported.find((b) => b.game === 'limbo') as Exported;
    const save = db.prepare('SELECT id, state, server_seed FROM bets WHERE id IN (?, ?)').all(dice.id, limbo.id) as Array<{ id: string; state: string; server_seed: string }>;
    try {
      // A dice result edited, and the seed of one limbo bet swapped for another valid-looking one.
      const result = (dice.state as { result: number }).result;
      db.prepare("UPDATE bets SET state = json_set(state, '$.result', ?) WHERE id = ?").run(result === 50 ? 51 : 50, dice.id);
      db.prepare('UPDATE bets SET server_seed = ? WHERE id = ?').run('ab'.repeat(32), limbo.id);
      const tampered = verify_history(db);
      expect(tampered.failed).toBe(2);
      expect(tampered.passed).toBe(clean.passed - 2);
      const byId = new Map(tampered.failures.map((f) => [f.id, f]));
      expect([...byId.keys()].sort()).toEqual([dice.id, limbo.id].sort());
      expect(byId.get(dice.id)).toMatchObject({ iid: dice.iid, game: 'dice', failed: ['outcome'] });
      expect(byId.get(limbo.id)?.failed).toContain('seed_hash');
    } finally {
      const restore = db.prepare('UPDATE bets SET state = ?, server_seed = ? WHERE id = ?');
      for (const row of save) restore.run(row.state, row.server_seed, row.id);
    }
    expect(verify_history(db).failed).toBe(0);
  });
});
