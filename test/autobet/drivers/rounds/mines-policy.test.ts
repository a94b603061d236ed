/**
 * Autobet plays mines step by step through the one engine with the built-in
 * `{ fields, cashout_after }` policy, on the real sandbox with a real SQLite
 * journal: to the engine each round is one bet; every step is journaled
 * (intent before the request) and the journal's steps are the requests the
 * sandbox logged; the tiles and endings are the seeds' outcome computed here
 * with createHmac; the journal's bets are the sandbox's ledger (its history).
 * A strategy module's `round(view)` sees the state, the allowed actions and
 * the stake; a bad answer of it finishes the round with its safe action
 * (cashout) and stops the run with `error:strategy`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run_autobet } from '../../../../src/autobet/index.js';
import { Database } from '../../../support/sqlite.js';
import { world, type World } from '../../helpers.js';
import { mines_of, policy_steps } from './mines-helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const FIELDS = [12, 0, 24, 6];
const MINES = 3;

interface StepRow { round_key: string; step: number; kind: string; request: string; identifier: string | null; status: string; bet_id: string | null; added_units: number; session_id: number }
interface JournalRow { identifier: string; status: string; bet_id: string; amount_units: number; payout_units: number; nonce: number }

function read<T>(database: string, sql: string): T[] {
  const db = new Database(database, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/** The sandbox's own history of the user's mines bets, by id. */
async function ledger(world: World): Promise<Map<string, { amount: number; payout: number; nonce: number; mines: number[]; revealed: number[] }>> {
  const out = new Map<string, { amount: number; payout: number; nonce: number; mines: number[]; revealed: number[] }>();
  for await (const b of world.client.bets()) {
    const bet = b.bet as { id: string; amount: number; payout: number; nonce: number; state: { mines: number[]; rounds: { field: number }[] } } | null;
    if (bet !== null) out.set(bet.id, { amount: bet.amount, payout: bet.payout, nonce: bet.nonce, mines: bet.state.mines, revealed: bet.state.rounds.map((r) => r.field) });
  }
  return out;
}

describe('autobet rounds: mines step by step through the engine', () => {
  it('the fields policy: each round one bet, every step journaled as sent, tiles and endings the seeds\' outcome, journal = ledger', async () => {
    w = await world({ dice_seed: 'rounds-policy' });
    const seeds = await w.client.active_seeds();
    const r = await run_autobet({
      client: w.client, database: w.database, currency: 'usd',
      strategy: { game: 'mines', bet: { amount: 1, minesCount: MINES, fields: [FIELDS[0]] } },
      round: { game: 'mines', policy: 'fields', fields: FIELDS, cashout_after: 3 },
      limits: { stop_loss: 100, max_bet: 2, max_bets: 12 },
    });
    expect(r.stop?.reason).toBe('max_bets');
    const bets = read<JournalRow>(w.database, 'SELECT identifier, status, bet_id, amount_units, payout_units, nonce FROM journal ORDER BY seq');
    expect(bets.map((b) => b.status)).toEqual(Array(12).fill('placed'));
    const steps = read<StepRow>(w.database, 'SELECT * FROM round_steps ORDER BY rowid');
    expect(steps.every((s) => s.session_id === r.session && s.status === 'answered')).toBe(true);
    const log = w.sandbox.stats().request_log.filter((q) => ['MinesBet', 'MinesNext', 'MinesCashout'].includes(q.operation_name ?? ''));
    // One journaled step per request, in order, with what was sent.
    expect(steps.map((s) => ({ kind: s.kind, identifier: s.identifier }))).toEqual(log.map((q) => ({
      kind: ({ MinesBet: 'start', MinesNext: 'act', MinesCashout: 'cashout' } as Record<string, string>)[q.operation_name as string],
      identifier: (q.variables as { identifier: string }).identifier,
    })));
    // The seeds revealed: every round's tiles and ending as the policy over the createHmac mines says.
    await w.client.rotate_seed_pair({ seed: 'after-rounds' });
    const server = (await w.client.active_seeds()).previousServerSeed?.seed as string;
    const site = await ledger(w);
    let wins = 0;
    for (const bet of bets) {
      const booked = site.get(bet.bet_id);
      expect(booked, bet.bet_id).toBeDefined();
      const mines = mines_of(server, seeds.activeClientSeed.seed, booked!.nonce, MINES);
      expect([...booked!.mines].sort((a, b) => a - b)).toEqual([...mines].sort((a, b) => a - b));
      const expected = policy_steps(FIELDS, 3, mines);
      const mine = steps.filter((s) => s.round_key === bet.identifier);
      expect(mine.map((s) => s.kind)).toEqual(['start', ...expected.reveals.map(() => 'act'), ...(expected.cashout ? ['cashout'] : [])]);
      expect(mine.filter((s) => s.kind === 'act').map((s) => JSON.parse(s.request) as unknown)).toEqual(expected.reveals.map((f) => ({ fields: [f] })));
      expect(booked!.revealed).toEqual(expected.reveals);
      // The journal's bet is the ledger's: stake, payout, nonce.
      expect(bet.amount_units).toBe(Math.round(booked!.amount * 100));
      expect(bet.payout_units).toBe(Math.round(booked!.payout * 100));
      expect(bet.nonce).toBe(booked!.nonce);
      expect(booked!.payout > 0).toBe(expected.cashout);
      if (expected.cashout) wins++;
    }
    expect(site.size).toBe(12);
    // Both endings happened (fixed seed): the test covers a cashout and a mine.
    expect(wins).toBeGreaterThan(0);
    expect(wins).toBeLessThan(12);
  }, 60_000);

  it("a strategy module's round(view): the view it is handed, and a bad answer finishes the round with a cashout and stops with error:strategy", async () => {
    w = await world({ dice_seed: 'rounds-module' });
    const file = path.join(w.dir, 'rounds.mjs');
    const seen = path.join(w.dir, 'seen.json');
    fs.writeFileSync(file, `
      import fs from 'node:fs';
      const views = [];
      export default () => ({ game: 'mines', amount: 1, minesCount: 1, fields: [0] });
      export function round(view) {
        views.push(view);
        fs.writeFileSync(${JSON.stringify(seen)}, JSON.stringify(views));
        // First step of a round: a tile; then an answer that is no step at all.
        return view.state.rounds.length === 0 ? { fields: [view.state.rounds.length + 7] } : 'jump';
      }
    `);
    const r = await run_autobet({ client: w.client, database: w.database, currency: 'usd', strategy: file, limits: { stop_loss: 100, max_bet: 2, max_bets: 5 } });
    const views = JSON.parse(fs.readFileSync(seen, 'utf8')) as Array<{ game: string; actions: string[]; stake: number; amount: number; multiplier: number; state: { rounds: unknown[] } }>;
    expect(views[0]).toMatchObject({ game: 'mines', actions: ['reveal'], stake: 1, amount: 1, multiplier: 1, state: { rounds: [] } });
    const steps = read<StepRow>(w.database, 'SELECT * FROM round_steps ORDER BY rowid');
    const rounds = new Set(steps.map((s) => s.round_key));
    if (r.stop?.reason === 'error:strategy') {
      // The round whose step was bad was cashed out (its safe action), never left open.
      expect(views.at(-1)).toMatchObject({ actions: ['reveal', 'cashout'] });
      expect(steps.at(-1)).toMatchObject({ kind: 'cashout', status: 'answered' });
      expect(r.stop.message).toMatch(/jump/);
      expect(await w.client.active_bet('mines')).toBeNull();
    } else {
      // Tile 7 was a mine in every round (1 mine in 25): five bets, each one start and one act.
      expect(r.stop?.reason).toBe('max_bets');
      expect(steps.map((s) => s.kind)).toEqual(Array(5).fill(['start', 'act']).flat());
    }
    expect(rounds.size).toBeGreaterThan(0);
  }, 60_000);

  it('an act whose answer is lost (processed, then dropped) is resolved from active_bet and never sent again', async () => {
    w = await world({ dice_seed: 'rounds-lost' }, 1500);
    // Every second MinesNext is processed and its answer dropped: the client gives up on it after its timeout.
    w.sandbox.fail_every({ kind: 'drop_after_processing', operations: ['MinesNext'] }, 2);
    const notes: string[] = [];
    const r = await run_autobet({
      client: w.client, database: w.database, currency: 'usd',
      strategy: { game: 'mines', bet: { amount: 1, minesCount: 1, fields: [FIELDS[0]] } },
      round: { game: 'mines', fields: [12, 0, 24], cashout_after: 3 },
      limits: { stop_loss: 100, max_bet: 2, max_bets: 4 },
      settle_ms: 3000, resolve_timeout_ms: 10_000, on_note: (t) => notes.push(t),
    });
    w.sandbox.clear_faults();
    expect(r.stop?.reason, r.stop?.message).toBe('max_bets');
    const steps = read<StepRow>(w.database, 'SELECT * FROM round_steps ORDER BY rowid');
    const log = w.sandbox.stats().request_log.filter((q) => ['MinesBet', 'MinesNext', 'MinesCashout'].includes(q.operation_name ?? ''));
    const sent = log.map((q) => (q.variables as { identifier: string }).identifier);
    // Each request once, each a journaled step; the lost ones found in the open round (or the history), none left open.
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toEqual(steps.map((s) => s.identifier));
    expect(steps.filter((s) => s.status === 'found').length).toBeGreaterThan(0);
    expect(steps.every((s) => s.status === 'answered' || s.status === 'found')).toBe(true);
    // No tile revealed twice in a round: a lost reveal is never sent again.
    for (const key of new Set(steps.map((s) => s.round_key))) {
      const tiles = steps.filter((s) => s.round_key === key && s.kind === 'act').map((s) => s.request);
      expect(new Set(tiles).size).toBe(tiles.length);
    }
    const bets = read<JournalRow>(w.database, 'SELECT identifier, status, bet_id, amount_units, payout_units, nonce FROM journal ORDER BY seq');
    const site = await ledger(w);
    expect(new Set(bets.filter((b) => b.status === 'placed').map((b) => b.bet_id))).toEqual(new Set(site.keys()));
    for (const b of bets.filter((x) => x.status === 'placed')) expect(b.payout_units).toBe(Math.round(site.get(b.bet_id)!.payout * 100));
  }, 60_000);

  it.each([
    ['the opening (MinesBet): the open round is found with active_bet and played on', 'MinesBet', 3, [12, 0], 2],
    ['every reveal of a 24-mine board (MinesNext): a round the lost reveal ended is found in the history, one still open in active_bet', 'MinesNext', 24, [5], 1],
  ] as const)('a lost answer on %s; nothing sent twice, journal = ledger', async (_what, operation, count, fields, after) => {
    w = await world({ dice_seed: `rounds-lost-${operation}` }, 1500);
    w.sandbox.fail_every({ kind: 'drop_after_processing', operations: [operation] }, 1);
    const r = await run_autobet({
      client: w.client, database: w.database, currency: 'usd',
      strategy: { game: 'mines', bet: { amount: 1, minesCount: count, fields: [fields[0]] } },
      round: { game: 'mines', fields: [...fields], cashout_after: after },
      limits: { stop_loss: 100, max_bet: 2, max_bets: 4 },
      settle_ms: 3000, resolve_timeout_ms: 10_000,
    });
    w.sandbox.clear_faults();
    expect(r.stop?.reason, r.stop?.message).toBe('max_bets');
    const steps = read<StepRow>(w.database, 'SELECT * FROM round_steps ORDER BY rowid');
    const log = w.sandbox.stats().request_log.filter((q) => ['MinesBet', 'MinesNext', 'MinesCashout'].includes(q.operation_name ?? ''));
    const sent = log.map((q) => (q.variables as { identifier: string }).identifier);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toEqual(steps.map((s) => s.identifier));
    expect(log.filter((q) => q.operation_name === 'MinesBet')).toHaveLength(4);
    // Every lost step found (none left an intent, none marked not played).
    expect(steps.filter((s) => (operation === 'MinesBet' ? s.kind === 'start' : s.kind === 'act')).every((s) => s.status === 'found')).toBe(true);
    expect(steps.every((s) => s.status === 'answered' || s.status === 'found')).toBe(true);
    const bets = read<JournalRow>(w.database, 'SELECT identifier, status, bet_id, amount_units, payout_units, nonce FROM journal ORDER BY seq');
    expect(bets.map((b) => b.status)).toEqual(Array(4).fill('placed'));
    const site = await ledger(w);
    expect(new Set(bets.map((b) => b.bet_id))).toEqual(new Set(site.keys()));
    for (const b of bets) expect([b.amount_units, b.payout_units]).toEqual([Math.round(site.get(b.bet_id)!.amount * 100), Math.round(site.get(b.bet_id)!.payout * 100)]);
    expect(await w.client.active_bet('mines')).toBeNull();
  }, 60_000);

  it('a reveal dropped before the site ran it: after the settle period the open round still does not show it, so it is marked not played and the round goes on; nothing booked twice', async () => {
    w = await world({ dice_seed: 'rounds-dropped' }, 1500);
    w.sandbox.fail_next({ kind: 'drop', operations: ['MinesNext'] });
    const r = await run_autobet({
      client: w.client, database: w.database, currency: 'usd',
      strategy: { game: 'mines', bet: { amount: 1, minesCount: 1, fields: [3] } },
      round: { game: 'mines', fields: [3, 17], cashout_after: 2 },
      limits: { stop_loss: 100, max_bet: 2, max_bets: 2 },
      settle_ms: 3000, resolve_timeout_ms: 10_000,
    });
    expect(r.stop?.reason, r.stop?.message).toBe('max_bets');
    const steps = read<StepRow>(w.database, 'SELECT * FROM round_steps ORDER BY rowid');
    const log = w.sandbox.stats().request_log.filter((q) => ['MinesBet', 'MinesNext', 'MinesCashout'].includes(q.operation_name ?? ''));
    expect(log.map((q) => (q.variables as { identifier: string }).identifier)).toEqual(steps.map((s) => s.identifier));
    // The dropped reveal of 3: journaled, not played; the round then revealed 3 as a new step (the site never ran the first).
    expect(steps[1]).toMatchObject({ kind: 'act', status: 'not_played' });
    expect(JSON.parse(steps[2]!.request)).toEqual({ fields: [3] });
    const bets = read<JournalRow>(w.database, 'SELECT identifier, status, bet_id, amount_units, payout_units, nonce FROM journal ORDER BY seq');
    const site = await ledger(w);
    expect(new Set(bets.map((b) => b.bet_id))).toEqual(new Set(site.keys()));
    expect(site.get(bets[0]!.bet_id)?.revealed[0]).toBe(3);
    expect(site.get(bets[0]!.bet_id)?.revealed.filter((f) => f === 3)).toHaveLength(1);
  }, 60_000);

  it('a bad round option is refused before anything is recorded or sent', async () => {
    w = await world();
    const before = w.sandbox.stats().requests;
    const run = (round: Record<string, unknown>) => run_autobet({ client: w!.client, database: w!.database, currency: 'usd', strategy: { game: 'mines', bet: { amount: 1, minesCount: 3, fields: [1] } }, round, limits: { stop_loss: 1, max_bet: 1 } });
    await expect(run({ game: 'mines', fields: [1, 2], cashout_after: 3 })).rejects.toThrow(/^round\.cashout_after must be a whole number from 1 to 2/);
    await expect(run({ game: 'mines', fields: [25] })).rejects.toThrow(/fields/);
    await expect(run({ game: 'videoPoker' })).rejects.toThrow(/^round\.game must be one of mines, hilo, blackjack/);
    await expect(run({ game: 'mines', policy: 'greedy', fields: [1] })).rejects.toThrow(/^round\.policy must be one of fields for mines/);
    expect(w.sandbox.stats().requests).toBe(before);
    expect(fs.existsSync(w.database)).toBe(false);
  }, 30_000);
});
