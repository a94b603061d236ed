/**
 * The session issue 36 reported stuck, resumed: an older engine took a held
 * bet A for not placed after 1.5 s and sent its copy A'; the site booked A'
 * and then A, and the next bet B's answer was lost too, so the run stopped
 * with unknown_outcome ("nonce N is a dice bet of 1e-8, not this dice bet of
 * 2e-8") and every resume stopped again. The journal below is written as that
 * engine wrote it, over bets really booked on the sandbox; a resume now
 * adopts A, finds B past it, and finishes, every booked bet journaled once
 * and the stop line equal to the sandbox's ledger.
 */
import { Database } from '../../support/sqlite.js';
import { afterEach, describe, expect, it } from 'vitest';
import { count_bet, type Counters } from '../../../src/autobet/engine/counters.js';
import { resume_autobet, run_autobet, type BetLine, type SettledBet } from '../../../src/autobet/index.js';
import { open_database, SessionsTable } from '../../../src/journal/index.js';
import { MARTINGALE, UNIT, world, type World } from '../helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const units = (x: number): number => Math.round(x / UNIT);

describe('resume of a session an older engine left stuck', () => {
  it('adopts the bet it lost track of, finds the unknown one past it, and finishes: every booked bet counted once', async () => {
    w = await world();
    const controller = new AbortController();
    let seen = 0;
    const first = await run_autobet({
      client: w.client, database: w.database, strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 8 }, signal: controller.signal,
      on_bet: () => {
        if (++seen === 2) controller.abort('interrupted');
      },
    });
    expect(first.stop?.bets).toBe(2);
    const session = first.session as number;

    // What the older engine did next, against the sandbox: A' (the copy) booked, then A (held), then B.
    const dice = (amount: number) => w?.client.dice({ amount, target: 50.5, condition: 'above', currency: 'btc' }) as Promise<unknown> as Promise<SettledBet>;
    const db = open_database(w.database);
    const table = new SessionsTable(db);
    try {
      const last = table.last_placed(session);
      const snapshot = JSON.parse(last?.counters ?? '{}') as { counters: Counters; seeds: { server_seed_hash: string; client_seed: string; nonce: number } };
      const lastBet = JSON.parse(last?.result ?? '{}') as SettledBet;
      const won = (lastBet.state as { result: number }).result > 50.5;
      const stepA = won ? 1 : 2 * units(lastBet.amount);
      const nonce = snapshot.seeds.nonce;
      const copy = await dice(stepA * UNIT);
      const held = await dice(stepA * UNIT);
      const stepB = (copy.state as { result: number }).result > 50.5 ? 1 : 2 * stepA;
      await dice(stepB * UNIT);
      const intent = (seq: number, identifier: string, amount_units: number, nonce_expected: number) => ({
        seq, identifier, game: 'dice', variables: JSON.stringify({ amount: amount_units * UNIT, target: 50.5, condition: 'above' }),
        amount_units, seed_hash: snapshot.seeds.server_seed_hash, nonce_expected, strategy_state: JSON.stringify({ strategy: { amount_units, chance: 49.5, condition: 'above' }, memory: {} }),
      });
      // A: taken for not placed; A': placed, counted; B: left open when the run stopped with unknown_outcome.
      table.intend(session, intent(3, 'held-A', stepA, nonce), Date.now());
      table.close_intent(session, 3, 'not_placed', 'nonce', 'timeout', Date.now());
      table.intend(session, intent(4, 'copy-A', stepA, nonce), Date.now());
      const counters = { ...snapshot.counters };
      count_bet(counters, stepA, units(copy.payout), copy.payoutMultiplier > 1);
      const line = { event: 'bet', seq: 4, identifier: 'copy-A', game: 'dice', amount: copy.amount, currency: 'btc', payoutMultiplier: copy.payoutMultiplier, payout: copy.payout, profit: copy.payout - copy.amount, balance: 0, nonce: copy.nonce, state: copy.state };
      table.settle(session, 4, {
        bet_id: copy.id, seed_hash: copy.serverSeed.seedHash, nonce: copy.nonce, payout_units: units(copy.payout), result: JSON.stringify({ ...copy, identifier: 'copy-A' }),
        counters: JSON.stringify({ counters, seeds: { ...snapshot.seeds, nonce: copy.nonce + 1 } }), line: JSON.stringify(line), resolved_by: 'answer',
      }, Date.now());
      table.intend(session, intent(5, 'lost-B', stepB, copy.nonce + 1), Date.now() - 120_000);
      table.finish(session, 'unknown_outcome', `the bet with nonce ${held.nonce} is a dice bet of ${held.amount}, not this dice bet of ${stepB * UNIT}`, Date.now());
    } finally {
      db.close();
    }

    const lines: BetLine[] = [];
    const notes: string[] = [];
    const second = await resume_autobet({ client: w.client, database: w.database, on_bet: (l) => lines.push(l), on_note: (n) => notes.push(n) });
    expect(second.stop?.reason).toBe('max_bets');
    expect(notes.some((n) => n.includes('lost-B, left open by the journal, was placed (found by history)'))).toBe(true);
    expect(notes.some((n) => /adopting bet .* booked by the site but not in the journal/.test(n))).toBe(true);

    // The sandbox's ledger is the reference: every booked bet journaled once, the stop line its sums.
    const site: { id: string; amount: number; payout: number }[] = [];
    for await (const b of w.client.bets()) site.push(b.bet as unknown as { id: string; amount: number; payout: number });
    const check = new Database(w.database, { readonly: true });
    try {
      const placed = check.prepare("SELECT bet_id FROM journal WHERE status = 'placed'").pluck().all() as string[];
      expect([...placed].sort()).toEqual(site.map((b) => b.id).sort());
      expect(check.prepare("SELECT COUNT(*) FROM journal WHERE status = 'intent'").pluck().get()).toBe(0);
    } finally {
      check.close();
    }
    expect(site).toHaveLength(8);
    expect(second.stop?.bets).toBe(8);
    expect(units(second.stop?.profit ?? NaN)).toBe(site.reduce((s, b) => s + units(b.payout - b.amount), 0));
    expect(units(second.stop?.wagered ?? NaN)).toBe(site.reduce((s, b) => s + units(b.amount), 0));
  });
});
