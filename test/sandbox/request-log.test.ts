import { validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DOCUMENTS, operation_name_of } from '../../src/operations/documents/index.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SANDBOX_SDL, SCHEMA } from '../../src/sandbox/schema.js';
import { DOCS, identifier, send, seedsOf } from './site.js';

describe('sandbox schema serves every client document', () => {
  it('each document of src/operations validates against the sandbox schema', () => {
    expect(ALL_DOCUMENTS.length).toBeGreaterThan(10);
    for (const document of ALL_DOCUMENTS) {
      expect(validate(SCHEMA, document), operation_name_of(document) ?? '?').toEqual([]);
    }
  });

  it('exports its SDL text with no Subscription type (the realtime side adds it)', () => {
    expect(SANDBOX_SDL).toContain('type Mutation');
    expect(SANDBOX_SDL).not.toContain('Subscription');
  });
});

describe('sandbox request log and dropped answers', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox({ starting_balances: { usd: 100 } });
  });
  afterAll(() => sandbox.close());

  it('records each request\'s operation name and variables, with secrets redacted', async () => {
    const login = sandbox.login();
    const start = sandbox.stats().request_log.length;
    const id = identifier();
    await send(sandbox, login, DOCS.DiceRoll, { amount: 1, target: 50, condition: 'above', currency: 'usd', identifier: id });
    await send(sandbox, login, DOCS.CreateVaultWithdrawal, { currency: 'usd', amount: 1, password: 'hunter2', tfaToken: '123456' });
    await send(sandbox, login, '{ currencyConfiguration(isAcp: false) { currencies { name } } }');
    const log = sandbox.stats().request_log.slice(start);
    expect(log).toEqual([
      { operation_name: 'DiceRoll', variables: { amount: 1, target: 50, condition: 'above', currency: 'usd', identifier: id } },
      { operation_name: 'CreateVaultWithdrawal', variables: { currency: 'usd', amount: 1, password: '[redacted]', tfaToken: '[redacted]' } },
      { operation_name: '', variables: {} },
    ]);
    const dump = JSON.stringify(sandbox.stats());
    expect(dump).not.toContain('hunter2');
    expect(dump).not.toContain('123456');
  });

  it('drop_after_processing: every mutation ran exactly once though its answer was lost', async () => {
    const login = sandbox.login();
    const mutations: Array<[Parameters<typeof send>[2], Record<string, unknown>]> = [
      [DOCS.DiceRoll, { amount: 1, target: 50, condition: 'above', currency: 'usd', identifier: identifier() }],
      [DOCS.LimboBet, { amount: 1, multiplierTarget: 2, currency: 'usd', identifier: identifier() }],
      [DOCS.KenoBet, { amount: 1, numbers: [1, 2], risk: 'low', currency: 'usd', identifier: identifier() }],
      [DOCS.PlinkoBet, { amount: 1, rows: 8, risk: 'low', currency: 'usd', identifier: identifier() }],
      [DOCS.MinesBet, { amount: 1, minesCount: 3, currency: 'usd', identifier: identifier() }],
      [DOCS.MinesNext, { fields: [12], identifier: identifier() }],
      [DOCS.CreateVaultDeposit, { currency: 'usd', amount: 5 }],
    ];
    for (const [doc, variables] of mutations) {
      const before = sandbox.stats().mutations_executed;
      sandbox.fail_next({ kind: 'drop_after_processing' });
      await expect(send(sandbox, login, doc, variables)).rejects.toThrow();
      expect(sandbox.stats().mutations_executed).toBe(before + 1);
    }
    const history = await send<{ user: { houseBetList: Array<{ bet: { game: string; nonce: number } }> } }>(sandbox, login, DOCS.MyBetList, {});
    expect(history.data!.user.houseBetList.map((e) => e.bet.game)).toEqual(['mines', 'plinko', 'keno', 'limbo', 'dice']);
    expect((await seedsOf(sandbox, login)).activeServerSeed.nonce).toBe(5);
    const usd = (await send<{ user: { balances: Array<{ vault: { amount: number; currency: string } }> } }>(
      sandbox, login, 'query { user { balances { vault { amount currency } } } }',
    )).data!.user.balances.find((b) => b.vault.currency === 'usd')!;
    expect(usd.vault.amount).toBe(5);
    // A rotation whose answer is lost still happened once.
    const seedHash = (await seedsOf(sandbox, login)).activeServerSeed.nextSeedHash;
    const open = await send<{ user: { activeCasinoBet: { active: boolean } | null } }>(sandbox, login, 'query { user { activeCasinoBet(game: mines) { active } } }');
    if (open.data!.user.activeCasinoBet !== null) await send(sandbox, login, DOCS.MinesNext, { fields: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13], identifier: identifier() });
    const stillOpen = await send<{ user: { activeCasinoBet: unknown } }>(sandbox, login, 'query { user { activeCasinoBet(game: mines) { active } } }');
    if (stillOpen.data!.user.activeCasinoBet !== null) await send(sandbox, login, DOCS.MinesCashout, { identifier: identifier() });
    sandbox.fail_next({ kind: 'drop_after_processing' });
    await expect(send(sandbox, login, DOCS.RotateSeedPair, { seed: 'lost-answer' })).rejects.toThrow();
    expect((await seedsOf(sandbox, login))).toMatchObject({ activeClientSeed: { seed: 'lost-answer' }, activeServerSeed: { seedHash } });
  });
});
