/**
 * The engine against the real sandbox over loopback, with a real SQLite
 * journal: bets follow the real outcomes, limits hold, lost answers are
 * resolved (never sent twice), refusals follow the error policy, a second run
 * on the account is refused.
 */
import { Database } from '../../support/sqlite.js';
import { afterEach, describe, expect, it } from 'vitest';
import { request_stop, run_autobet, type BetLine } from '../../../src/autobet/index.js';
import { dice_won, expectMartingale, MARTINGALE, UNIT, world, type World } from '../helpers.js';
import { wait_until } from '../../support/wait.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const martingale = MARTINGALE;

/** Dice bets the sandbox booked for the user, from its own history (newest first). */
async function booked(world: World): Promise<{ id: string; amount: number; nonce: number }[]> {
  const out: { id: string; amount: number; nonce: number }[] = [];
  for await (const b of world.client.bets()) {
    const bet = b.bet as { id: string; amount: number; nonce: number } | null;
    if (bet !== null) out.push({ id: bet.id, amount: bet.amount, nonce: bet.nonce });
  }
  return out;
}

function journalRows(database: string): { status: string; resolved_by: string | null; bet_id: string | null; identifier: string }[] {
  const db = new Database(database, { readonly: true });
  try {
    return db.prepare('SELECT status, resolved_by, bet_id, identifier FROM journal ORDER BY seq').all() as never;
  } finally {
    db.close();
  }
}

describe('autobet on the sandbox', () => {
  it('places a martingale whose amounts follow the real outcomes, journals every bet, and stops at max_bets', async () => {
    w = await world();
    const lines: BetLine[] = [];
    const r = await run_autobet({ client: w.client, database: w.database, strategy: martingale, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 30 }, on_bet: (l) => lines.push(l) });
    expect(r.stop?.reason).toBe('max_bets');
    expect(lines).toHaveLength(30);
    expectMartingale(lines);
    const site = await booked(w);
    expect(site).toHaveLength(30);
    const rows = journalRows(w.database);
    expect(rows.map((x) => x.status)).toEqual(Array(30).fill('placed'));
    expect(new Set(rows.map((x) => x.bet_id))).toEqual(new Set(site.map((b) => b.id)));
    // The stop line's profit is the sum of the bets' profits, and the balance line the site's balance.
    const profit = lines.reduce((sum, l) => sum + Math.round(l.profit / UNIT), 0);
    expect(Math.round((r.stop?.profit ?? NaN) / UNIT)).toBe(profit);
    const balance = (await w.client.balances()).find((b) => b.available.currency === 'btc')?.available.amount;
    expect(lines.at(-1)?.balance).toBeCloseTo(balance ?? NaN, 10);
  });

  it('never lets the session lose more than stop_loss: a martingale is stopped before the bet that could pass it', async () => {
    w = await world();
    const lines: BetLine[] = [];
    // Win chance 2 %: losses come in long runs, so the doubling reaches the budget quickly.
    const strategy = { ...martingale, bet: { amount: UNIT, target: 98, condition: 'above' } };
    const r = await run_autobet({ client: w.client, database: w.database, strategy, limits: { stop_loss: 0.0000005, max_bet: 0.001, max_bets: 400 }, on_bet: (l) => lines.push(l) });
    const loss = -Math.round((r.stop?.profit ?? 0) / UNIT);
    expect(loss).toBeLessThanOrEqual(50);
    if (r.stop?.reason === 'stop_loss') {
      // The refused bet: the last amount's successor (double after a loss) would have passed the budget.
      const last = lines.at(-1) as BetLine;
      const s = last.state as { result: number; target: number; condition: string };
      const next = dice_won(s.result, s.target, s.condition) ? 1 : Math.round((last.amount * 2) / UNIT);
      expect(loss + next).toBeGreaterThan(50);
    } else {
      expect(r.stop?.reason).toBe('max_bets');
    }
  });

  it('resolves an answer lost after the bet was booked: booked once, adopted from the history, and the next amount follows its real outcome', async () => {
    w = await world();
    w.sandbox.fail_every({ kind: 'drop_after_processing', operations: ['DiceRoll'] }, 4);
    const lines: BetLine[] = [];
    const notes: string[] = [];
    const r = await run_autobet({ client: w.client, database: w.database, strategy: martingale, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 12 }, on_bet: (l) => lines.push(l), on_note: (n) => notes.push(n) });
    expect(r.stop?.reason).toBe('max_bets');
    const site = await booked(w);
    expect(site).toHaveLength(12);
    expect(new Set(site.map((b) => b.nonce)).size).toBe(12);
    const rows = journalRows(w.database);
    expect(rows.filter((x) => x.status === 'placed')).toHaveLength(12);
    expect(rows.filter((x) => x.resolved_by === 'history')).toHaveLength(3);
    expect(rows.some((x) => x.status !== 'placed')).toBe(false);
    expectMartingale(lines);
    expect(notes.some((n) => n.includes('was placed (found by history)'))).toBe(true);
  });

  it('resolves an answer lost before the bet was booked: found not placed, then sent as a new bet, each bet booked once', async () => {
    // A short request timeout lets the settle period (twice it) be short: each dropped bet is watched for 0.6 s.
    w = await world({}, 300);
    w.sandbox.fail_every({ kind: 'drop', operations: ['DiceRoll'] }, 3);
    const lines: BetLine[] = [];
    const r = await run_autobet({ client: w.client, database: w.database, strategy: martingale, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 8 }, on_bet: (l) => lines.push(l), policy: { refused: {}, refused_default: 'stop', max_attempts: 8, backoff_ms: () => 10 }, settle_ms: 600 });
    expect(r.stop?.reason).toBe('max_bets');
    expect(await booked(w)).toHaveLength(8);
    const rows = journalRows(w.database);
    expect(rows.filter((x) => x.status === 'placed')).toHaveLength(8);
    const notPlaced = rows.filter((x) => x.status === 'not_placed');
    expect(notPlaced.length).toBeGreaterThanOrEqual(3);
    expect(notPlaced.every((x) => x.resolved_by === 'nonce')).toBe(true);
    expectMartingale(lines);
  });

  it('stops with error:insufficientBalance when the site refuses a bet for want of funds, nothing booked for it', async () => {
    w = await world();
    w.sandbox.fail_every({ kind: 'site_error', error_type: 'insufficientBalance', operations: ['DiceRoll'] }, 3);
    const r = await run_autobet({ client: w.client, database: w.database, strategy: martingale, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 10 } });
    expect(r.stop?.reason).toBe('error:insufficientBalance');
    expect(r.stop?.bets).toBe(2);
    expect(await booked(w)).toHaveLength(2);
    expect(journalRows(w.database).map((x) => x.status)).toEqual(['placed', 'placed', 'refused']);
  });

  it('waits on parallelCasinoBet, 429 and 5xx and goes on, each bet booked once', async () => {
    w = await world({}, 300);
    w.sandbox.fail_next({ kind: 'site_error', error_type: 'parallelCasinoBet', operations: ['DiceRoll'] });
    w.sandbox.fail_next({ kind: 'status', status: 429, retry_after: '0', operations: ['DiceRoll'] });
    w.sandbox.fail_next({ kind: 'status', status: 503, operations: ['DiceRoll'] });
    const policy = { refused: { parallelCasinoBet: 'wait' as const }, refused_default: 'stop' as const, max_attempts: 8, backoff_ms: () => 10 };
    const r = await run_autobet({ client: w.client, database: w.database, strategy: martingale, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 5 }, policy, resolve_timeout_ms: 20_000, settle_ms: 600 });
    expect(r.stop?.reason).toBe('max_bets');
    expect(await booked(w)).toHaveLength(5);
  });

  it('refuses a second run on the same account while one runs, and sends nothing for it', async () => {
    w = await world({ bet_delay_ms: 20 });
    const world_ = w;
    let placed = 0;
    const first = run_autobet({ client: world_.client, database: world_.database, strategy: martingale, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 40 }, on_bet: () => placed++ });
    // A bet placed means the first run holds the account's lock.
    await wait_until(() => placed > 0, 'the first run to place a bet', 20_000);
    await expect(run_autobet({ client: world_.client, database: world_.database, strategy: martingale, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 5 } })).rejects.toMatchObject({ name: 'AutobetError', code: 'locked' });
    const r = await first;
    expect(r.stop?.reason).toBe('max_bets');
    expect(await booked(world_)).toHaveLength(40);
  });

  it('stops after the bet in flight when another connection asks it to (autobet stop)', async () => {
    w = await world({ bet_delay_ms: 5 });
    const world_ = w;
    const lines: BetLine[] = [];
    const run = run_autobet({ client: world_.client, database: world_.database, strategy: martingale, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 100_000 }, on_bet: (l) => lines.push(l) });
    await wait_until(() => lines.length >= 5, 'five bets', 20_000);
    expect((await request_stop(undefined, { database: world_.database })).running).toBe(true);
    const r = await run;
    expect(r.stop?.reason).toBe('user');
    expect(await booked(world_)).toHaveLength(r.stop?.bets ?? -1);
    expect(journalRows(world_.database).every((x) => x.status === 'placed')).toBe(true);
  });

  it('refuses to start without stop_loss or max_bet, or with a bad limit, before anything is sent', async () => {
    w = await world();
    const before = w.sandbox.stats().requests;
    await expect(run_autobet({ client: w.client, database: w.database, strategy: martingale, limits: { max_bet: 1 } })).rejects.toThrow(/stop_loss is required/);
    await expect(run_autobet({ client: w.client, database: w.database, strategy: martingale, limits: { stop_loss: 1 } })).rejects.toThrow(/max_bet is required/);
    await expect(run_autobet({ client: w.client, database: w.database, strategy: martingale, limits: { stop_loss: -1, max_bet: 1 } })).rejects.toThrow(/stop_loss must be a positive number/);
    await expect(run_autobet({ client: w.client, database: w.database, strategy: { ...martingale, speed: 2 }, limits: { stop_loss: 1, max_bet: 1 } })).rejects.toThrow(/speed/);
    expect(w.sandbox.stats().requests).toBe(before);
  });
});
