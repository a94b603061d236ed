/** `stakeql vault deposit` against a sandbox. */
import { describe, expect, it } from 'vitest';
import { oneErrorLine } from './helpers/cli.js';
import { expectUsageErrorSendingNothing, useCliSandboxSession } from './helpers/sandbox-session.js';
import { runAnswering } from './helpers/terminal-run.js';

describe('stakeql vault', () => {
  const session = useCliSandboxSession();
  const env = session.stake_env;

  it('deposits the amount as typed and shows the new balances', async () => {
    const r = await session.run(['vault', 'deposit', '0.25', 'btc', '--yes'], '', env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('Deposited 0.25 btc into the vault; now 0.75 available, 0.25 in the vault\n');
    expect(session.sandbox.stats().request_log.at(-1)).toEqual({
      operation_name: 'CreateVaultDeposit',
      variables: { currency: 'btc', amount: 0.25 },
    });
    const json = await session.run(['vault', 'deposit', '0.05', 'btc', '--json', '-y'], '', env());
    expect(JSON.parse(json.stdout)).toMatchObject({ amount: 0.05, currency: 'btc', user: { id: session.user.user_id } });
  });

  it.each([
    [['vault', 'deposit', '0', 'btc', '--yes'], /amount must be more than 0/],
    [['vault', 'deposit', '0.123456789', 'btc', '--yes'], /more decimals than btc allows \(8\)/],
    [['vault', 'withdraw', '1', 'btc', '--yes'], /only deposit is offered/],
    [['vault', 'deposit', '0.01', 'btc'], /^stakeql: Deposit 0.01 btc into the vault: no terminal to ask on; pass --yes to confirm$/],
  ])('%j is a usage error and nothing is sent', async (args, message) => {
    await expectUsageErrorSendingNothing(session, args, message);
  });

  it('more than the balance: the site refuses, exit 1', async () => {
    const r = await session.run(['vault', 'deposit', '100', 'btc', '--yes'], '', env());
    expect(r.code).toBe(1);
    expect(oneErrorLine(r)).toContain('[insufficientBalance]');
  });

  it('on a terminal it asks, naming the credentials and the site, as bet does; declining sends nothing (exit 1)', async () => {
    const ask = (answer: string) => runAnswering(answer, ['vault', 'deposit', '0.01', 'btc'], session.config_dir, env());
    const before = session.sandbox.stats().requests;
    const no = await ask('n\n');
    expect(no.code).toBe(1);
    expect(no.err).toBe(`Deposit 0.01 btc into the vault\n  with the STAKE_* credentials on ${session.sandbox.url}\nMove it? [y/N] Not deposited.\n`);
    expect(session.sandbox.stats().requests).toBe(before);
    const yes = await ask('y\n');
    expect(yes.code, yes.err).toBe(0);
    expect(yes.out).toMatch(/^Deposited 0.01 btc into the vault/);
    expect(session.sandbox.stats().request_log.at(-1)).toMatchObject({ operation_name: 'CreateVaultDeposit' });
  });
});
