/** `stakeql balance` against a sandbox: every currency's available and vault balance (finding 2). */
import { describe, expect, it } from 'vitest';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';

describe('stakeql balance', () => {
  const session = useCliSandboxSession();
  const env = session.stake_env;

  it('prints each currency the sandbox started the user with, after a deposit moved part of one into the vault', async () => {
    // The sandbox starts every user with 1 btc and 1000 usd; 0.00000001 btc goes into the vault.
    const moved = await session.run(['vault', 'deposit', '0.00000001', 'btc', '--yes'], '', env());
    expect(moved.code, moved.stderr).toBe(0);

    const json = await session.run(['balance', '--json'], '', env());
    expect(json.code, json.stderr).toBe(0);
    const rows = json.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, string>);
    expect(rows.sort((a, b) => (a['currency']! < b['currency']! ? -1 : 1))).toEqual([
      { currency: 'btc', available: '0.99999999', vault: '0.00000001' },
      { currency: 'usd', available: '1000', vault: '0' },
    ]);
    expect(session.sandbox.stats().request_log.at(-1)).toMatchObject({ operation_name: 'UserBalances' });

    const text = await session.run(['balance'], '', env());
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^btc\s+0\.99999999 · 0\.00000001$/m);
    expect(text.stdout).toMatch(/^usd\s+1000 · 0$/m);
    expect(text.stdout).not.toContain(session.user.access_token);
  });

  it('takes no positional argument', async () => {
    await expectUsageErrorSendingNothing(session, ['balance', 'btc'], /balance/);
  });
});
