/**
 * A bet found not placed after a lost answer may still land (a queue longer
 * than the settle period): until its watch ends, its amount counts in the
 * limit checks as if it had been placed and lost (issue 40, item 4). On the
 * real sandbox: the first dice bet is held past the settle period, so the
 * engine finds it not placed; re-sending the step would let a late landing
 * take the loss past stop_loss, so the run stops instead, naming the held
 * bet. The sandbox's ledger then holds the one late bet, and the loss stays
 * within stop_loss whatever it rolled.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { run_autobet } from '../../../src/autobet/index.js';
import { wait_until_async } from '../../support/wait.js';
import { world, type World } from '../helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const A = 0.0001;

describe('a bet found not placed is held against the limits while it may land', () => {
  it('stop_loss counts the held bet: the step is not sent again, and the late landing cannot pass the limit', async () => {
    w = await world({}, 300);
    // Held 2.5 s: past the 0.6 s settle period, inside the 5 s watch.
    w.sandbox.fail_next({ kind: 'slow', delay_ms: 2500, operations: ['DiceRoll'] });
    const r = await run_autobet({
      client: w.client, database: w.database, currency: 'btc',
      strategy: { game: 'dice', bet: { amount: A, target: 50.5, condition: 'above' } },
      limits: { stop_loss: 1.5 * A, max_bet: A, max_bets: 5 },
      settle_ms: 600, resolve_timeout_ms: 5_000,
    });
    expect(r.stop?.reason).toBe('stop_loss');
    expect(r.stop?.message).toMatch(/counting a bet of 0\.0001 btc found not placed after a lost answer that may still land/);
    // Nothing was sent again: one DiceRoll reached the sandbox, and it lands late.
    const sent = (): number => w!.sandbox.stats().request_log.filter((q) => q.operation_name === 'DiceRoll').length;
    expect(sent()).toBe(1);
    let booked: { amount: number; payout: number }[] = [];
    await wait_until_async(async () => {
      booked = [];
      for await (const entry of w!.client.bets()) booked.push(entry.bet as unknown as { amount: number; payout: number });
      return booked.length > 0;
    }, 'the held bet to land');
    expect(booked).toHaveLength(1);
    const loss = booked.reduce((s, b) => s + b.amount - b.payout, 0);
    expect(loss).toBeLessThanOrEqual(1.5 * A);
  }, 30_000);
});
