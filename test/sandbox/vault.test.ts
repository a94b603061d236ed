import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { DOCS, balanceOf, errorTypeOf, send } from './site.js';

interface Movement {
  id: string;
  amount: number;
  currency: string;
  user: { id: string; balances: Array<{ available: { amount: number; currency: string }; vault: { amount: number; currency: string } }> };
}

describe('sandbox vault: createVaultDeposit and createVaultWithdrawal', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox({ starting_balances: { btc: 0.5, usd: 20 } });
  });
  afterAll(() => sandbox.close());

  it('moves exactly the amount from available to vault and back, answering with the new balances', async () => {
    const login = sandbox.login();
    const deposit = await send<{ createVaultDeposit: Movement }>(sandbox, login, DOCS.CreateVaultDeposit, { currency: 'btc', amount: 0.12345678 });
    expect(deposit.errors).toBeUndefined();
    const moved = deposit.data!.createVaultDeposit;
    expect(moved).toMatchObject({ amount: 0.12345678, currency: 'btc', user: { id: login.user_id } });
    const line = moved.user.balances.find((b) => b.available.currency === 'btc')!;
    expect(line.available.amount).toBe(0.37654322);
    expect(line.vault.amount).toBe(0.12345678);
    expect(await balanceOf(sandbox, login, 'btc')).toEqual({ available: 0.37654322, vault: 0.12345678 });
    // Other currencies untouched.
    expect(await balanceOf(sandbox, login, 'usd')).toEqual({ available: 20, vault: 0 });

    const withdrawal = await send<{ createVaultWithdrawal: Movement }>(sandbox, login, DOCS.CreateVaultWithdrawal, {
      currency: 'btc', amount: 0.1, password: 'hunter2',
    });
    expect(withdrawal.errors).toBeUndefined();
    expect(await balanceOf(sandbox, login, 'btc')).toEqual({ available: 0.47654322, vault: 0.02345678 });
  });

  it('refuses more than the source holds with insufficientBalance, and non-positive amounts, changing nothing', async () => {
    const login = sandbox.login();
    expect(errorTypeOf(await send(sandbox, login, DOCS.CreateVaultDeposit, { currency: 'usd', amount: 20.01 }))).toBe('insufficientBalance');
    expect(errorTypeOf(await send(sandbox, login, DOCS.CreateVaultWithdrawal, { currency: 'usd', amount: 0.01 }))).toBe('insufficientBalance');
    expect(errorTypeOf(await send(sandbox, login, DOCS.CreateVaultDeposit, { currency: 'usd', amount: 0 }))).toBe('numberGreaterEqual');
    expect(errorTypeOf(await send(sandbox, login, DOCS.CreateVaultDeposit, { currency: 'usd', amount: 0.001 }))).toBe('insignificantBet');
    expect(errorTypeOf(await send(sandbox, login, DOCS.CreateVaultDeposit, { currency: 'eth', amount: 1 }))).toBe('insufficientBalance');
    expect(await balanceOf(sandbox, login, 'usd')).toEqual({ available: 20, vault: 0 });
    // The whole balance may go in; then nothing is left to bet.
    expect((await send(sandbox, login, DOCS.CreateVaultDeposit, { currency: 'usd', amount: 20 })).errors).toBeUndefined();
    expect(
      errorTypeOf(await send(sandbox, login, DOCS.DiceRoll, { amount: 1, target: 50, condition: 'above', currency: 'usd', identifier: 'x' })),
    ).toBe('insufficientBalance');
  });
});
