import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { DOCS, balanceOf, errorTypeOf, identifier, send, seedsOf } from './site.js';
import { wait_until } from '../support/wait.js';

const dice = (over: Record<string, unknown> = {}) => ({ amount: 1, target: 50, condition: 'above', currency: 'usd', identifier: identifier(), ...over });

describe('sandbox refusals: the site\'s errorType at the top level of each error, nothing changed', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox({ starting_balances: { usd: 10, btc: 0.001 } });
  });
  afterAll(() => sandbox.close());

  it('sends { message, errorType, path, locations } and no extensions, with data null', async () => {
    const login = sandbox.login();
    const answer = await send(sandbox, login, DOCS.DiceRoll, dice({ amount: 11 }));
    expect(answer.data).toBeNull();
    expect(answer.errors).toHaveLength(1);
    const error = answer.errors![0]!;
    expect(Object.keys(error).sort()).toEqual(['errorType', 'locations', 'message', 'path']);
    expect(error).toMatchObject({ errorType: 'insufficientBalance', path: ['diceRoll'] });
  });

  it('insufficientBalance for every game, the nonce untouched', async () => {
    const login = sandbox.login();
    const plays = [
      [DOCS.DiceRoll, dice({ amount: 10.01 })],
      [DOCS.LimboBet, { amount: 10.01, multiplierTarget: 2, currency: 'usd', identifier: identifier() }],
      [DOCS.MinesBet, { amount: 10.01, minesCount: 3, currency: 'usd', identifier: identifier() }],
      [DOCS.KenoBet, { amount: 10.01, numbers: [1], risk: 'low', currency: 'usd', identifier: identifier() }],
      [DOCS.PlinkoBet, { amount: 10.01, rows: 8, risk: 'low', currency: 'usd', identifier: identifier() }],
      [DOCS.DiceRoll, dice({ currency: 'eth' })],
    ] as const;
    for (const [doc, variables] of plays) expect(errorTypeOf(await send(sandbox, login, doc, variables))).toBe('insufficientBalance');
    expect((await balanceOf(sandbox, login, 'usd')).available).toBe(10);
    expect((await seedsOf(sandbox, login)).activeServerSeed.nonce).toBe(0);
    // The whole balance is still playable.
    expect((await send(sandbox, login, DOCS.DiceRoll, dice({ amount: 10 }))).errors).toBeUndefined();
  });

  it('range errors name the limit: numberLessEqual above it, numberGreaterEqual below; insignificantBet under one unit', async () => {
    const login = sandbox.login();
    const cases: Array<[Parameters<typeof send>[2], Record<string, unknown>, string]> = [
      [DOCS.LimboBet, { amount: 1, multiplierTarget: 1_000_001, currency: 'usd', identifier: identifier() }, 'numberLessEqual'],
      [DOCS.LimboBet, { amount: 1, multiplierTarget: 1.0, currency: 'usd', identifier: identifier() }, 'numberGreaterEqual'],
      [DOCS.DiceRoll, dice({ target: 99.5, condition: 'below' }), 'numberLessEqual'],
      [DOCS.DiceRoll, dice({ amount: -1 }), 'numberGreaterEqual'],
      [DOCS.DiceRoll, dice({ amount: 0.000000001, currency: 'btc' }), 'insignificantBet'],
      [DOCS.KenoBet, { amount: 1, numbers: [40], risk: 'classic', currency: 'usd', identifier: identifier() }, 'numberLessEqual'],
      [DOCS.KenoBet, { amount: 1, numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'classic', currency: 'usd', identifier: identifier() }, 'numberLessEqual'],
      [DOCS.KenoBet, { amount: 1, numbers: [3, 3], risk: 'classic', currency: 'usd', identifier: identifier() }, 'invalidArgument'],
      [DOCS.PlinkoBet, { amount: 1, rows: 17, risk: 'low', currency: 'usd', identifier: identifier() }, 'numberLessEqual'],
      [DOCS.PlinkoBet, { amount: 1, rows: 7, risk: 'low', currency: 'usd', identifier: identifier() }, 'numberGreaterEqual'],
      [DOCS.DiceRoll, dice({ identifier: '' }), 'invalidArgument'],
    ];
    for (const [doc, variables, errorType] of cases) {
      expect(errorTypeOf(await send(sandbox, login, doc, variables)), JSON.stringify(variables)).toBe(errorType);
    }
    expect((await balanceOf(sandbox, login, 'usd')).available).toBe(10);
    expect((await seedsOf(sandbox, login)).activeServerSeed.nonce).toBe(0);
  });

  it('notAuthenticated without a token or with a revoked one, tokenExpired past the lifetime', async () => {
    expect(errorTypeOf(await send(sandbox, null, DOCS.DiceRoll, dice()))).toBe('notAuthenticated');
    expect(errorTypeOf(await send(sandbox, null, DOCS.UserSeedPair))).toBe('notAuthenticated');
    const login = sandbox.login();
    sandbox.revoke_token(login.access_token);
    expect(errorTypeOf(await send(sandbox, login, DOCS.CreateVaultDeposit, { currency: 'usd', amount: 1 }))).toBe('notAuthenticated');
    const expiring = await start_sandbox({ token_ttl_seconds: 0 });
    try {
      const stale = expiring.login();
      expect(errorTypeOf(await send(expiring, stale, DOCS.RotateSeedPair, { seed: 'abc' }))).toBe('tokenExpired');
      expect(expiring.stats().mutations_executed).toBe(0);
    } finally {
      await expiring.close();
    }
  });
});

describe('sandbox parallelCasinoBet: two bets of one user overlapping in time', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    // Each bet holds its user's bet lock 3 s: a bound wide enough that the next requests arrive meanwhile on a busy machine.
    sandbox = await start_sandbox({ starting_balances: { usd: 10 }, bet_delay_ms: 3000 });
  });
  afterAll(() => sandbox.close());

  it('refuses the second with parallelCasinoBet; exactly one bet lands; another user is not blocked', async () => {
    const login = sandbox.login();
    const other = sandbox.login();
    const first = send<{ diceRoll: { id: string } }>(sandbox, login, DOCS.DiceRoll, dice());
    // Wait until the first request is in (its body read), so the order is certain.
    await wait_until(() => sandbox.stats().request_log.length > 0, 'the first bet to reach the sandbox');
    const [second, third, elsewhere] = await Promise.all([
      send(sandbox, login, DOCS.LimboBet, { amount: 1, multiplierTarget: 2, currency: 'usd', identifier: identifier() }),
      send(sandbox, login, DOCS.RotateSeedPair, { seed: 'during-a-bet' }),
      send(sandbox, other, DOCS.DiceRoll, dice()),
    ]);
    expect(errorTypeOf(second)).toBe('parallelCasinoBet');
    expect(errorTypeOf(third)).toBe('parallelCasinoBet');
    expect(elsewhere.errors).toBeUndefined();
    expect((await first).errors).toBeUndefined();
    const history = await send<{ user: { houseBetList: Array<{ id: string }> } }>(sandbox, login, DOCS.MyBetList, {});
    expect(history.data!.user.houseBetList.map((b) => b.id)).toEqual([(await first).data!.diceRoll.id]);
    // Once the first has settled the user may bet again.
    expect((await send(sandbox, login, DOCS.DiceRoll, dice())).errors).toBeUndefined();
  });
});
