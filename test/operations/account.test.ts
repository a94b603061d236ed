/**
 * Against the real sandbox: a lost answer after a bet ran (one bet in the
 * ledger, the identifier on the error), history paging, vault, seeds with an
 * end-to-end fairness check, rates, and the typed `graphql()`.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { inspect } from 'node:util';
import type { Sandbox } from '../../src/sandbox/index.js';
import { TransportError } from '../../src/facade/index.js';
import { DiceRoll, identifier_of, type DiceRollResult, type HouseBet } from '../../src/operations/index.js';
import { verify_bet } from '../../src/fairness/index.js';
import { CURRENCIES } from '../../src/sandbox/currencies.js';
import { last_request, sandbox, user } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.close();
});

async function all(iterable: AsyncIterable<HouseBet>): Promise<HouseBet[]> {
  const out: HouseBet[] = [];
  for await (const bet of iterable) out.push(bet);
  return out;
}

describe('a dropped connection after the bet ran', () => {
  it('leaves exactly one bet, sends once, and puts the identifier on the error', async () => {
    const { client } = user(box);
    const before = box.stats();
    box.fail_next({ kind: 'drop_after_processing' });
    let error: unknown;
    try {
      await client.dice({ amount: 0.01, currency: 'btc', target: 50, condition: 'above' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TransportError);
    const t = error as TransportError;
    expect(t.may_have_reached_server).toBe(true);
    const sent = last_request(box);
    expect(sent?.operation_name).toBe('DiceRoll');
    const identifier = (sent?.variables as { identifier: string }).identifier;
    expect(identifier_of(t)).toBe(identifier);
    expect(JSON.stringify(t)).toContain(identifier);
    expect(inspect(t)).toContain(identifier);
    const after = box.stats();
    expect(after.requests - before.requests).toBe(1); // never resent
    expect(after.mutations_executed - before.mutations_executed).toBe(1);
    // The ledger holds that one bet: the history shows it, and the balance moved once.
    const history = await all(client.bets());
    expect(history).toHaveLength(1);
    const balances = await client.balances();
    const btc = balances.find((b) => b.available.currency === 'btc');
    const bet = history[0]?.bet as { amount: number; payout: number };
    expect(bet.amount).toBe(0.01);
    expect(btc?.available.amount).toBeCloseTo(1 - 0.01 + bet.payout, 8);
  });

  it('a refused connection says the bet did not reach the server, identifier still on it', async () => {
    const { client } = user(box);
    box.fail_next({ kind: 'drop' });
    const e = await client.limbo({ amount: 1, currency: 'usd', multiplierTarget: 2, identifier: 'dropped-1' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TransportError);
    expect(identifier_of(e)).toBe('dropped-1');
  });
});

describe('bet history', () => {
  it('pages newest first with MyBetList(offset, limit) and stops at a short page', async () => {
    const { client } = user(box);
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) placed.push((await client.dice({ amount: 1, currency: 'usd', target: 50, condition: 'above' })).id);
    const logStart = box.stats().request_log.length;
    const pages: number[] = [];
    const seen = await all(client.bets({ page_size: 2, on_page: (n) => pages.push(n) }));
    expect(seen.map((b) => (b.bet as { id: string }).id)).toEqual([...placed].reverse());
    const log = box.stats().request_log.slice(logStart);
    expect(log).toEqual([
      { operation_name: 'MyBetList', variables: { offset: 0, limit: 2 } },
      { operation_name: 'MyBetList', variables: { offset: 2, limit: 2 } },
      { operation_name: 'MyBetList', variables: { offset: 4, limit: 2 } },
    ]);
    expect(pages).toEqual([2, 4, 5]);
    expect(seen[0]).toMatchObject({ iid: expect.any(String), game: { slug: 'dice' }, bet: { __typename: 'CasinoBet', state: { __typename: 'CasinoGameDice' } } });
    // max and offset
    const two = await all(client.bets({ max: 2, offset: 1 }));
    expect(two.map((b) => (b.bet as { id: string }).id)).toEqual([placed[3], placed[2]]);
  });
});

describe('seeds', () => {
  it('reads the pair, rotates it with a given seed, and the revealed seed verifies earlier bets', async () => {
    const { client } = user(box);
    const bet = await client.dice({ amount: 1, currency: 'usd', target: 50, condition: 'above' });
    const pair = await client.active_seeds();
    expect(last_request(box)).toEqual({ operation_name: 'UserSeedPair', variables: {} });
    expect(pair.activeServerSeed.seedHash).toBe(bet.serverSeed.seedHash);
    expect(pair.activeClientSeed.seed).toBe(bet.clientSeed.seed);
    expect(pair.previousServerSeed).toBeNull();

    const rotated = await client.rotate_seed_pair({ seed: 'my-new-seed' });
    expect(last_request(box)).toEqual({ operation_name: 'RotateSeedPair', variables: { seed: 'my-new-seed' } });
    expect(rotated.activeClientSeed.seed).toBe('my-new-seed');
    expect(rotated.activeServerSeed.seedHash).toBe(pair.activeServerSeed.nextSeedHash);

    const after = await client.active_seeds();
    const revealed = after.previousServerSeed?.seed;
    expect(typeof revealed).toBe('string');
    const report = verify_bet(bet, { server_seed: revealed as string });
    expect(report.ok).toBe(true);
    // A wrong seed fails the same check: the verification can fail.
    expect(verify_bet(bet, { server_seed: 'f'.repeat(64) }).ok).toBe(false);

    await client.rotate_seed_pair();
    const random = (last_request(box)?.variables as { seed: string }).seed;
    expect(random).toMatch(/^[0-9a-f]{20}$/);
  });
});

describe('vault', () => {
  it('deposit sends CreateVaultDeposit and moves the funds', async () => {
    const { client } = user(box);
    const moved = await client.vault_deposit({ amount: 0.1 + 0.2, currency: 'btc' });
    expect(last_request(box)).toEqual({ operation_name: 'CreateVaultDeposit', variables: { currency: 'btc', amount: 0.3 } });
    const btc = moved.user.balances.find((b) => b.vault.currency === 'btc');
    expect(moved).toMatchObject({ id: expect.any(String), amount: 0.3, currency: 'btc' });
    expect(btc?.vault.amount).toBe(0.3);
    expect(btc?.available.amount).toBe(0.7);
  });

  it('withdraw sends CreateVaultWithdrawal; the password never shows in an error', async () => {
    const { client } = user(box);
    await client.vault_deposit({ amount: 0.5, currency: 'btc' });
    const moved = await client.vault_withdraw({ amount: 0.2, currency: 'btc', password: 'hunter2-very-secret' });
    const sent = last_request(box);
    expect(sent?.operation_name).toBe('CreateVaultWithdrawal');
    expect(sent?.variables).toMatchObject({ currency: 'btc', amount: 0.2 });
    expect(moved.user.balances.find((b) => b.vault.currency === 'btc')?.vault.amount).toBe(0.3);
    const e = await client.vault_withdraw({ amount: 5, currency: 'btc', password: 'hunter2-very-secret' }).catch((x: unknown) => x);
    expect((e as { error_type: string }).error_type).toBe('insufficientBalance');
    const shown = [String((e as Error).message), inspect(e), JSON.stringify(e)].join('\n');
    expect(shown).not.toContain('hunter2');
  });
});

describe('rates', () => {
  it('CurrencyConversionRate returns each currency in the fiat list', async () => {
    const { client } = user(box);
    const rates = await client.conversion_rates();
    expect(last_request(box)).toEqual({ operation_name: 'CurrencyConversionRate', variables: {} });
    const btc = rates.find((r) => r.name === 'btc');
    expect(btc?.usd).toBeGreaterThan(0);
    expect(btc?.eur).toBeGreaterThan(0);
  });

  it('load_currency_configuration sends isAcp as every public client does and lists the currencies the sandbox serves', async () => {
    const { client } = user(box);
    const config = await client.load_currency_configuration();
    expect(config.map((c) => c.name)).toEqual(CURRENCIES.map((c) => c.name));
    const sent = box.stats().request_log.at(-1);
    expect(sent?.operation_name).toBe('CurrencyConfiguration');
    expect(sent?.variables).toEqual({ isAcp: false });
  });
});

describe('typed graphql()', () => {
  it('infers the result and variables of a typed document; the text is the printed document, named', async () => {
    const { client } = user(box);
    const pending = client.graphql(DiceRoll, { amount: 1, target: 50, condition: 'above', currency: 'usd', identifier: 'typed-1' });
    expectTypeOf(pending).resolves.toEqualTypeOf<DiceRollResult>();
    expectTypeOf(client.graphql<unknown, unknown>).parameter(0).not.toBeString();
    // Wrong variables do not compile (checked by `npm run typecheck`, which covers test/): never called.
    const wrong = () => [
      // @ts-expect-error target must be a number
      client.graphql(DiceRoll, { amount: 1, target: '50', condition: 'above', currency: 'usd', identifier: 'x' }),
      // @ts-expect-error condition is 'above' | 'below'
      client.graphql(DiceRoll, { amount: 1, target: 50, condition: 'over', currency: 'usd', identifier: 'x' }),
    ];
    expect(typeof wrong).toBe('function');
    const data = await pending;
    expectTypeOf(data.diceRoll.state.condition).toEqualTypeOf<'above' | 'below'>();
    expect(data.diceRoll.state.target).toBe(50);
    expect(last_request(box)).toEqual({
      operation_name: 'DiceRoll',
      variables: { amount: 1, target: 50, condition: 'above', currency: 'usd', identifier: 'typed-1' },
    });
  });
});
