/**
 * The bet methods against the real sandbox over HTTP: the exact operation and
 * variables that leave (the sandbox's request log), the result's shape, the
 * identifier on the result, and bad input refused with nothing sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { StakeClient } from '../../src/facade/index.js';
import { last_request, sandbox, user } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

const SHAPE = {
  id: expect.any(String),
  active: false,
  payoutMultiplier: expect.any(Number),
  amountMultiplier: expect.any(Number),
  payout: expect.any(Number),
  updatedAt: expect.any(String),
  user: { id: expect.any(String), name: expect.any(String) },
  nonce: expect.any(Number),
  clientSeed: { seed: expect.any(String) },
  serverSeed: { seedHash: expect.stringMatching(/^[0-9a-f]{64}$/), seed: null },
};

describe('one-shot bets', () => {
  it('dice sends DiceRoll with the shortest decimal of the amount meant and a fresh identifier', async () => {
    const { client, login } = user(box);
    const before = box.stats();
    const bet = await client.dice({ amount: 0.1 + 0.2, currency: 'usd', target: 50.5, condition: 'above' });
    const sent = last_request(box);
    expect(sent).toEqual({
      operation_name: 'DiceRoll',
      variables: { amount: 0.3, target: 50.5, condition: 'above', currency: 'usd', identifier: bet.identifier },
    });
    expect(bet.identifier).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(bet).toMatchObject({ ...SHAPE, amount: 0.3, currency: 'usd', game: 'dice', user: { id: login.user_id } });
    expect(bet.state).toEqual({ result: expect.any(Number), target: 50.5, condition: 'above' });
    const after = box.stats();
    expect(after.requests - before.requests).toBe(1);
    expect(after.mutations_executed - before.mutations_executed).toBe(1);
  });

  it('a given identifier is sent and returned', async () => {
    const { client } = user(box);
    const bet = await client.dice({ amount: '1', currency: 'usd', target: 10, condition: 'below', identifier: 'mine-0001' });
    expect(bet.identifier).toBe('mine-0001');
    expect(last_request(box)?.variables).toMatchObject({ identifier: 'mine-0001', amount: 1, target: 10, condition: 'below' });
  });

  it('limbo sends LimboBet', async () => {
    const { client } = user(box);
    const bet = await client.limbo({ amount: 0.00000123, currency: 'btc', multiplierTarget: 2 });
    expect(last_request(box)).toEqual({
      operation_name: 'LimboBet',
      variables: { amount: 0.00000123, multiplierTarget: 2, currency: 'btc', identifier: bet.identifier },
    });
    expect(bet).toMatchObject({ ...SHAPE, amount: 0.00000123, currency: 'btc', game: 'limbo' });
    expect(bet.state).toEqual({ result: expect.any(Number), multiplierTarget: 2 });
  });

  it('keno sends KenoBet with 0-based numbers', async () => {
    const { client } = user(box);
    const bet = await client.keno({ amount: 1, currency: 'usd', numbers: [0, 7, 39], risk: 'medium' });
    expect(last_request(box)).toEqual({
      operation_name: 'KenoBet',
      variables: { amount: 1, currency: 'usd', numbers: [0, 7, 39], identifier: bet.identifier, risk: 'medium' },
    });
    expect(bet).toMatchObject({ ...SHAPE, game: 'keno' });
    expect(bet.state.selectedNumbers).toEqual([0, 7, 39]);
    expect(bet.state.drawnNumbers).toHaveLength(10);
    expect(bet.state.risk).toBe('medium');
  });

  it('keno without a risk still sends one, classic, as every public source sends risk (KenoBet declares $risk non-null)', async () => {
    const { client } = user(box);
    const bet = await client.keno({ amount: 1, currency: 'usd', numbers: [3, 4] });
    expect(last_request(box)).toEqual({
      operation_name: 'KenoBet',
      variables: { amount: 1, currency: 'usd', numbers: [3, 4], identifier: bet.identifier, risk: 'classic' },
    });
    expect(bet.state.risk).toBe('classic');
  });

  it('plinko sends PlinkoBet', async () => {
    const { client } = user(box);
    const bet = await client.plinko({ amount: 1, currency: 'usd', rows: 8, risk: 'low' });
    expect(last_request(box)).toEqual({
      operation_name: 'PlinkoBet',
      variables: { amount: 1, currency: 'usd', risk: 'low', rows: 8, identifier: bet.identifier },
    });
    expect(bet).toMatchObject({ ...SHAPE, game: 'plinko' });
    expect(bet.state).toMatchObject({ risk: 'low', rows: 8 });
    expect(bet.state.path).toHaveLength(8);
  });
});

describe('a mines round', () => {
  it('MinesBet opens it, MinesNext reveals, MinesCashout ends it; each step its own identifier', async () => {
    const { client } = user(box);
    const open = await client.mines_bet({ amount: 1, currency: 'usd', minesCount: 1 });
    expect(last_request(box)).toEqual({
      operation_name: 'MinesBet',
      variables: { amount: 1, currency: 'usd', minesCount: 1, identifier: open.identifier },
    });
    expect(open).toMatchObject({ ...SHAPE, active: true, game: 'mines' });
    expect(open.state).toEqual({ mines: null, minesCount: 1, rounds: [] });

    // With one mine, keep revealing until a tile is safe (the round ends on the mine otherwise).
    const next = await client.mines_next({ fields: [12] });
    expect(last_request(box)).toEqual({ operation_name: 'MinesNext', variables: { fields: [12], identifier: next.identifier } });
    expect(next.identifier).not.toBe(open.identifier);
    expect(next.state.rounds[0]?.field).toBe(12);
    if (!next.active) {
      expect(next.state.mines).toEqual([12]);
      return;
    }
    const done = await client.mines_cashout();
    expect(last_request(box)).toEqual({ operation_name: 'MinesCashout', variables: { identifier: done.identifier } });
    expect(done.active).toBe(false);
    expect(done.state.mines).toHaveLength(1);
    expect(done.payout).toBeGreaterThan(0);
  });
});

describe('bad input is refused before anything is sent', () => {
  const cases: Array<[string, (c: StakeClient) => Promise<unknown>, RegExp, typeof TypeError | typeof RangeError]> = [
    ['amount NaN', (c) => c.dice({ amount: Number.NaN, currency: 'btc', target: 50, condition: 'above' }), /^amount must be a finite number/, RangeError],
    ['amount negative', (c) => c.limbo({ amount: -1, currency: 'btc', multiplierTarget: 2 }), /^amount must be at least 0/, RangeError],
    ['amount too precise', (c) => c.dice({ amount: 0.001, currency: 'usd', target: 50, condition: 'above' }), /^amount 0.001 has more decimals than usd allows \(2\)/, RangeError],
    // Issue 22, item 9: every amount below the currency's smallest unit is refused alike, never sent as 0.
    ['amount 1e-12 usd', (c) => c.dice({ amount: 1e-12, currency: 'usd', target: 50, condition: 'above' }), /^amount 1e-12 has more decimals than usd allows \(2\)/, RangeError],
    ['amount 1e-300 btc', (c) => c.dice({ amount: 1e-300, currency: 'btc', target: 50, condition: 'above' }), /^amount 1e-300 has more decimals than btc allows \(8\)/, RangeError],
    ['amount 1e-9 btc', (c) => c.dice({ amount: 1e-9, currency: 'btc', target: 50, condition: 'above' }), /^amount 1e-9 has more decimals than btc allows \(8\)/, RangeError],
    ['amount 5e-324 btc (the smallest double)', (c) => c.limbo({ amount: Number.MIN_VALUE, currency: 'btc', multiplierTarget: 2 }), /^amount 5e-324 has more decimals than btc allows/, RangeError],
    ['amount Infinity', (c) => c.keno({ amount: Infinity, currency: 'btc', numbers: [1] }), /^amount/, RangeError],
    ['currency upper-case', (c) => c.dice({ amount: 1, currency: 'USD', target: 50, condition: 'above' }), /^currency/, RangeError],
    ['dice target', (c) => c.dice({ amount: 1, currency: 'usd', target: 99, condition: 'below' }), /^target must be 0.01 to 98/, RangeError],
    ['dice condition', (c) => c.dice({ amount: 1, currency: 'usd', target: 50, condition: 'over' as 'above' }), /^condition/, RangeError],
    ['limbo multiplier', (c) => c.limbo({ amount: 1, currency: 'usd', multiplierTarget: 1 }), /^multiplierTarget must be 1.01/, RangeError],
    ['mines count 0', (c) => c.mines_bet({ amount: 1, currency: 'usd', minesCount: 0 }), /^minesCount must be 1 to 24/, RangeError],
    ['mines count 25', (c) => c.mines_bet({ amount: 1, currency: 'usd', minesCount: 25 }), /^minesCount must be 1 to 24/, RangeError],
    ['mines field 25', (c) => c.mines_next({ fields: [25] }), /^fields must hold integers 0 to 24/, RangeError],
    ['mines fields repeated', (c) => c.mines_next({ fields: [3, 3] }), /^fields must not repeat/, RangeError],
    ['mines too many fields', (c) => c.mines_bet({ amount: 1, currency: 'usd', minesCount: 24, fields: [0, 1] }), /^fields must hold exactly 1 number \(got 2\)/, RangeError],
    ['keno number 40', (c) => c.keno({ amount: 1, currency: 'usd', numbers: [40] }), /^numbers/, RangeError],
    ['plinko rows', (c) => c.plinko({ amount: 1, currency: 'usd', rows: 17, risk: 'low' }), /^rows must be 8 to 16/, RangeError],
    ['identifier', (c) => c.dice({ amount: 1, currency: 'usd', target: 50, condition: 'above', identifier: 'has space' }), /^identifier/, RangeError],
    ['amount type', (c) => c.dice({ amount: null as unknown as number, currency: 'usd', target: 50, condition: 'above' }), /^amount must be a number/, TypeError],
    ['vault amount zero', (c) => c.vault_deposit({ amount: 0, currency: 'btc' }), /^amount must be more than 0/, RangeError],
    ['vault no password', (c) => c.vault_withdraw({ amount: 1, currency: 'usd' }), /password/, TypeError],
    ['seed', (c) => c.rotate_seed_pair({ seed: '' }), /^seed/, RangeError],
    ['history page', (c) => c.bets({ page_size: 51 })[Symbol.asyncIterator]().next(), /^page_size must be 1 to 50/, RangeError],
  ];
  for (const [name, call, message, type] of cases) {
    it(name, async () => {
      const { client } = user(box);
      const before = box.stats().requests;
      let error: unknown;
      try {
        await call(client);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(type);
      expect((error as Error).message).toMatch(message);
      expect(box.stats().requests).toBe(before);
    });
  }
});
