/**
 * Issue 48 item 8 through the CLI: `stakeql bet roulette CURRENCY --chip …`
 * and `bet baccarat CURRENCY --player …` without AMOUNT, the stake being the
 * chips' total (shared/spec/games.md), against the sandbox: the bet's amount,
 * what was sent (no amount) and the balance the ledger keeps.
 */
import { describe, expect, it } from 'vitest';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';

const session = useCliSandboxSession();

async function usd(): Promise<number> {
  const r = await session.run(['balance', '--json'], '', session.stake_env());
  expect(r.code, r.stderr).toBe(0);
  const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { currency: string; available: string });
  return Number(rows.find((row) => row.currency === 'usd')?.available);
}

describe('roulette and baccarat without AMOUNT', () => {
  it('roulette: the stake is the chips, nothing but the chips is sent, the ledger takes their total', async () => {
    const before = await usd();
    const r = await session.run(['bet', 'roulette', 'usd', '--chip', 'colorRed=1', '--chip', 'number17=0.5', '--yes', '--json'], '', session.stake_env());
    expect(r.code, r.stderr).toBe(0);
    const bet = JSON.parse(r.stdout) as { amount: number; payout: number };
    expect(bet.amount).toBe(1.5);
    expect(await usd()).toBeCloseTo(before - 1.5 + bet.payout, 8);
    const sent = session.sandbox.stats().request_log.filter((e) => e.operation_name === 'RouletteBet');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.variables).not.toHaveProperty('amount');
    expect(sent[0]?.variables).toMatchObject({ colors: [{ value: 'colorRed', amount: 1 }], numbers: [{ value: 'number17', amount: 0.5 }] });
  });

  it('baccarat: player and tie make the stake', async () => {
    const r = await session.run(['bet', 'baccarat', 'usd', '--player', '1', '--tie', '0.25', '--yes', '--json'], '', session.stake_env());
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { amount: number }).amount).toBe(1.25);
  });

  it('an AMOUNT given is still held to the chips, and a game staked by its amount still needs one', async () => {
    await expectUsageErrorSendingNothing(session, ['bet', 'roulette', '2', 'usd', '--chip', 'colorRed=1', '--yes'], /amount must be the chips' total, 1/);
    await expectUsageErrorSendingNothing(session, ['bet', 'dice', 'usd', '--target', '50.5', '--yes'], /bet: missing argument/);
  });
});
