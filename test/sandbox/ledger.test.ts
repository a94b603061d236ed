import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { DICE_MUTATION, type ErrorList, authHeaders, availableBalance, post } from './http.js';

interface Bet {
  id: string;
  amount: number;
  payout: number;
  payoutMultiplier: number;
  currency: string;
  state: { result: number; target: number; condition: 'above' | 'below' };
}

async function roll(
  sandbox: Sandbox,
  login: SandboxLogin,
  variables: Partial<{ amount: number; target: number; condition: string; currency: string; identifier: string }>,
) {
  return post(
    sandbox.url,
    {
      query: DICE_MUTATION,
      operationName: 'Roll',
      variables: { amount: 0.001, target: 50.5, condition: 'above', currency: 'btc', identifier: 'id-1', ...variables },
    },
    authHeaders(login),
  );
}

describe('sandbox diceRoll and ledger', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox();
  });
  afterAll(() => sandbox.close());

  it('settles a bet: debits the amount, credits the payout, counts one mutation', async () => {
    const login = sandbox.login();
    const before = await availableBalance(sandbox.url, login, 'btc');
    const mutationsBefore = sandbox.stats().mutations_executed;
    const reply = await roll(sandbox, login, { amount: 0.01, target: 50.5, condition: 'above' });
    expect(reply.status).toBe(200);
    const bet = (reply.json?.['data'] as { diceRoll: Bet }).diceRoll;
    expect(bet.amount).toBe(0.01);
    expect(bet.currency).toBe('btc');
    expect(bet.state.target).toBe(50.5);
    expect(bet.state.condition).toBe('above');
    expect(bet.state.result).toBeGreaterThanOrEqual(0);
    expect(bet.state.result).toBeLessThanOrEqual(100);
    // The rules of dice: a roll above the target wins 99 / 49.5 = 2x, else nothing.
    if (bet.state.result > 50.5) {
      expect(bet.payoutMultiplier).toBe(2);
      expect(bet.payout).toBeCloseTo(0.02, 8);
    } else {
      expect(bet.payout).toBe(0);
    }
    const after = await availableBalance(sandbox.url, login, 'btc');
    expect(after).toBeCloseTo(before - 0.01 + bet.payout, 8);
    expect(sandbox.stats().mutations_executed).toBe(mutationsBefore + 1);
  });

  it('keeps the books exact over many bets', async () => {
    const login = sandbox.login();
    let expected = await availableBalance(sandbox.url, login, 'usd');
    for (let i = 0; i < 20; i++) {
      const condition = i % 2 === 0 ? 'below' : 'above';
      const reply = await roll(sandbox, login, { amount: 1.23, target: condition === 'below' ? 30 : 70, condition, currency: 'usd', identifier: `n${i}` });
      const bet = (reply.json?.['data'] as { diceRoll: Bet }).diceRoll;
      const won = condition === 'below' ? bet.state.result < 30 : bet.state.result > 70;
      expect(bet.payout > 0).toBe(won);
      expected += bet.payout - 1.23;
    }
    expect(await availableBalance(sandbox.url, login, 'usd')).toBeCloseTo(expected, 2);
  });

  it('refuses a bet larger than the balance with insufficientBalance and changes nothing', async () => {
    const login = sandbox.login();
    const mutationsBefore = sandbox.stats().mutations_executed;
    const reply = await roll(sandbox, login, { amount: 2 });
    expect(reply.status).toBe(200);
    expect(reply.json?.['data']).toBeNull();
    expect((reply.json?.['errors'] as ErrorList)[0]).toMatchObject({ errorType: 'insufficientBalance', path: ['diceRoll'] });
    expect(await availableBalance(sandbox.url, login, 'btc')).toBe(1);
    expect(sandbox.stats().mutations_executed).toBe(mutationsBefore);
  });

  it('refuses targets outside the site\'s win-chance range', async () => {
    const login = sandbox.login();
    for (const [target, condition, errorType] of [
      [99, 'below', 'numberLessEqual'],
      [1, 'above', 'numberGreaterEqual'],
      [100, 'above', 'numberLessEqual'],
      [0, 'below', 'numberGreaterEqual'],
    ] as const) {
      const reply = await roll(sandbox, login, { target, condition });
      expect((reply.json?.['errors'] as ErrorList)[0]?.errorType).toBe(errorType);
    }
    expect(await availableBalance(sandbox.url, login, 'btc')).toBe(1);
  });

  it('refuses a bet without a token', async () => {
    const mutationsBefore = sandbox.stats().mutations_executed;
    const reply = await post(sandbox.url, {
      query: DICE_MUTATION,
      variables: { amount: 0.001, target: 50, condition: 'above', currency: 'btc', identifier: 'x' },
    });
    expect((reply.json?.['errors'] as ErrorList)[0]?.errorType).toBe('notAuthenticated');
    expect(sandbox.stats().mutations_executed).toBe(mutationsBefore);
  });

  it('rejects an unknown currency or condition through GraphQL validation', async () => {
    const login = sandbox.login();
    for (const bad of [{ currency: 'gold' }, { condition: 'sideways' }]) {
      const reply = await roll(sandbox, login, bad);
      expect(reply.json?.['data']).toBeUndefined();
      expect((reply.json?.['errors'] as ErrorList).length).toBeGreaterThan(0);
    }
  });

  it('uses the starting balances it is given', async () => {
    const custom = await start_sandbox({ starting_balances: { eth: 2.5 } });
    try {
      const login = custom.login();
      expect(await availableBalance(custom.url, login, 'eth')).toBe(2.5);
      await expect(availableBalance(custom.url, login, 'btc')).rejects.toThrow('no btc balance');
    } finally {
      await custom.close();
    }
  });
});

describe('sandbox dice seed', () => {
  async function results(seed: string | undefined): Promise<number[]> {
    const sandbox = await start_sandbox(seed === undefined ? {} : { dice_seed: seed });
    try {
      const login = sandbox.login();
      const out: number[] = [];
      for (let i = 0; i < 6; i++) {
        const reply = await roll(sandbox, login, { identifier: `s${i}` });
        out.push((reply.json?.['data'] as { diceRoll: Bet }).diceRoll.state.result);
      }
      return out;
    } finally {
      await sandbox.close();
    }
  }

  it('rolls the same numbers for the same seed, and other numbers for another', async () => {
    const first = await results('seed-a');
    expect(await results('seed-a')).toEqual(first);
    expect(await results('seed-b')).not.toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(1);
  });
});
