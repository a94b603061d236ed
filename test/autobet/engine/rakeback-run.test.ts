/**
 * Rakeback claimed inside a run (issue 45 item 3): claims on a schedule whose
 * clock the test drives (one "minute" a bet: no sleeps), against the
 * sandbox's rakeback balance; each claim journaled before it is sent, counted
 * into the balance once, never sent twice, even when its answer is lost; a
 * claim that did not run is a failure the run bets on past.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run_autobet, type BetLine } from '../../../src/autobet/index.js';
import type { RakebackEvent } from '../../../src/autobet/engine/rakeback-step.js';
import { Database } from '../../support/sqlite.js';
import { UNIT, world, type World } from '../helpers.js';

const FLAT = { game: 'dice', bet: { amount: UNIT, target: 50.5, condition: 'above' } };
const MINUTE = 60_000;

let w: World;
let user: string;
beforeAll(async () => {
  // A 1 s request timeout: the settle period after a lost answer is 2 s.
  w = await world({}, 1000);
  user = (await w.client.current_user()).id;
});
afterAll(async () => {
  await w.close();
});

async function site_btc(): Promise<number> {
  return (await w.client.balances()).find((b) => b.available.currency === 'btc')!.available.amount;
}

function claim_rows(session: number): { status: string; identifier: string }[] {
  const db = new Database(w.database, { readonly: true });
  try {
    return db.prepare("SELECT status, identifier FROM journal WHERE session_id = ? AND game = 'rakeback' ORDER BY seq").all(session) as never;
  } finally {
    db.close();
  }
}

/** A run of `bets` flat bets claiming every 5 bets; `accrue(k)` runs after bet k (the sandbox's rakeback grows as the test says). */
async function run(bets: number, accrue: (k: number) => void): Promise<{ lines: BetLine[]; events: RakebackEvent[]; session: number; profit: number }> {
  const lines: BetLine[] = [];
  const events: RakebackEvent[] = [];
  const r = await run_autobet({
    client: w.client, database: w.database, strategy: FLAT, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: bets },
    settle_ms: 2000,
    claim_rakeback_every_ms: 5 * MINUTE,
    rakeback_clock: () => lines.length * MINUTE,
    on_bet: (l) => {
      lines.push(l);
      accrue(lines.length);
    },
    on_rakeback: (e) => events.push(e),
  });
  expect(r.stop?.reason).toBe('max_bets');
  return { lines, events, session: r.session as number, profit: r.stop!.profit };
}

describe('rakeback claimed inside a run', () => {
  it('claims on schedule what the sandbox holds, into the balance, once each; nothing is claimed when none is there', async () => {
    const start = await site_btc();
    const claims_before = w.sandbox.stats().by_operation['ClaimRakeback'] ?? 0;
    const { lines, events, session, profit } = await run(17, (k) => {
      if (k === 3) w.sandbox.set_rakeback(user, 'btc', 0.0001);
      if (k === 7) w.sandbox.set_rakeback(user, 'btc', 0.0002);
    });
    // Due after 5, 10 and 15 bets (one minute a bet, every 5 minutes); at 15 there is nothing left to claim.
    expect(events.map((e) => [e.outcome, e.amount])).toEqual([['claimed', 0.0001], ['claimed', 0.0002], ['nothing', 0]]);
    expect((w.sandbox.stats().by_operation['ClaimRakeback'] ?? 0) - claims_before).toBe(2);
    // The balance the run counts is the site's: bets and claims; the profit is the bets' alone.
    const bets_profit = lines.reduce((s, l) => s + Math.round(l.profit / UNIT), 0);
    expect(Math.round(profit / UNIT)).toBe(bets_profit);
    expect(Math.round(lines.at(-1)!.balance / UNIT)).toBe(Math.round((await site_btc()) / UNIT));
    expect(Math.round((await site_btc()) / UNIT)).toBe(Math.round(start / UNIT) + bets_profit + 30_000);
    // Each claim was journaled as its own intent, and settled.
    expect(claim_rows(session).map((r) => r.status)).toEqual(['placed', 'placed']);
  });

  it('a claim whose answer is lost after it ran is found out and counted once; one lost before it ran is a failure, and the next claim takes the rakeback', async () => {
    const start = await site_btc();
    const claims_before = w.sandbox.stats().by_operation['ClaimRakeback'] ?? 0;
    w.sandbox.set_rakeback(user, 'btc', 0.0003);
    w.sandbox.fail_next({ kind: 'drop_after_processing', operations: ['ClaimRakeback'] });
    const first = await run(7, (k) => {
      if (k === 6) w.sandbox.fail_next({ kind: 'drop', operations: ['ClaimRakeback'] });
    });
    expect(first.events.map((e) => [e.outcome, e.amount])).toEqual([['claimed', 0.0003]]);
    const bets_profit = first.lines.reduce((s, l) => s + Math.round(l.profit / UNIT), 0);
    expect(Math.round((await site_btc()) / UNIT)).toBe(Math.round(start / UNIT) + bets_profit + 30_000);
    expect(Math.round(first.lines.at(-1)!.balance / UNIT)).toBe(Math.round((await site_btc()) / UNIT));

    // The dropped-before-running claim (armed after bet 6): its run's first claim is a failure, the second takes the rakeback.
    w.sandbox.set_rakeback(user, 'btc', 0.0004);
    const middle = await site_btc();
    const second = await run(12, () => undefined);
    expect(second.events.map((e) => e.outcome)).toEqual(['failed', 'claimed']);
    expect(second.events[1]!.amount).toBe(0.0004);
    const profit2 = second.lines.reduce((s, l) => s + Math.round(l.profit / UNIT), 0);
    expect(Math.round((await site_btc()) / UNIT)).toBe(Math.round(middle / UNIT) + profit2 + 40_000);
    // Four requests: the lost-after-running one, the dropped one, the one after it; never one claim sent twice.
    expect((w.sandbox.stats().by_operation['ClaimRakeback'] ?? 0) - claims_before).toBe(3);
    expect(claim_rows(second.session).map((r) => r.status)).toEqual(['not_placed', 'placed']);
  });

  it('refuses a schedule out of range before anything is sent', async () => {
    await expect(run_autobet({ client: w.client, database: w.database, strategy: FLAT, limits: { stop_loss: 0.01, max_bet: 0.001 }, claim_rakeback_every_ms: 1000 }))
      .rejects.toThrow(/claim_rakeback_every_ms/);
  });
});
