import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { server_seed_hash } from '../../src/fairness/index.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { BET_LOOKUP, DOCS, errorTypeOf, identifier, send, seedsOf } from './site.js';

interface SeededBet {
  id: string;
  nonce: number;
  clientSeed: { seed: string };
  serverSeed: { seedHash: string; seed: string | null };
}

describe('sandbox seed pairs: nonce per bet, rotateSeedPair reveals the previous server seed', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox({ starting_balances: { usd: 100 } });
  });
  afterAll(() => sandbox.close());

  async function roll(login: ReturnType<Sandbox['login']>) {
    const answer = await send<{ diceRoll: SeededBet }>(sandbox, login, DOCS.DiceRoll, {
      amount: 0, target: 50, condition: 'below', currency: 'usd', identifier: identifier(),
    });
    expect(answer.errors).toBeUndefined();
    return answer.data!.diceRoll;
  }

  it('hides the active server seed, reveals it on rotation, and the revealed seed hashes to the shown seedHash', async () => {
    const login = sandbox.login();
    const first = await seedsOf(sandbox, login);
    expect(first.activeServerSeed.nonce).toBe(0);
    expect(first.activeServerSeed.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.activeServerSeed.nextSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.activeServerSeed.nextSeedHash).not.toBe(first.activeServerSeed.seedHash);
    expect(first.previousServerSeed).toBeNull();

    const bets = [await roll(login), await roll(login), await roll(login)];
    expect(bets.map((b) => b.nonce)).toEqual([0, 1, 2]);
    expect((await seedsOf(sandbox, login)).activeServerSeed.nonce).toBe(3);
    // Before the rotation the seed is not readable anywhere: the bet, bet(betId:), history.
    const lookup = await send<{ bet: { iid: string; bet: SeededBet } }>(sandbox, login, BET_LOOKUP, { betId: bets[0]!.id });
    expect(lookup.data!.bet.bet.serverSeed.seed).toBeNull();

    const rotated = await send<{ rotateSeedPair: { clientSeed: { user: { activeClientSeed: { seed: string }; activeServerSeed: { nonce: number; seedHash: string; nextSeedHash: string } } } } }>(
      sandbox, login, DOCS.RotateSeedPair, { seed: 'fresh-client-seed' },
    );
    expect(rotated.errors).toBeUndefined();
    const user = rotated.data!.rotateSeedPair.clientSeed.user;
    expect(user.activeClientSeed.seed).toBe('fresh-client-seed');
    // The announced next seed became active, with a fresh nonce.
    expect(user.activeServerSeed.seedHash).toBe(first.activeServerSeed.nextSeedHash);
    expect(user.activeServerSeed.nonce).toBe(0);

    const after = await seedsOf(sandbox, login);
    expect(after.previousServerSeed!.seedHash).toBe(first.activeServerSeed.seedHash);
    const revealed = after.previousServerSeed!.seed!;
    expect(server_seed_hash(revealed)).toBe(first.activeServerSeed.seedHash);

    const again = await send<{ bet: { iid: string; bet: SeededBet } }>(sandbox, login, BET_LOOKUP, { iid: lookup.data!.bet.iid });
    expect(again.data!.bet.bet).toMatchObject({ nonce: 0, clientSeed: { seed: first.activeClientSeed.seed }, serverSeed: { seed: revealed } });
    const history = await send<{ user: { houseBetList: Array<{ bet: SeededBet }> } }>(sandbox, login, DOCS.MyBetList, {});
    expect(history.data!.user.houseBetList.map((e) => e.bet.serverSeed.seed)).toEqual([revealed, revealed, revealed]);

    // Bets under the new pair start at nonce 0 and keep their own seed hidden.
    const next = await roll(login);
    expect(next).toMatchObject({ nonce: 0, clientSeed: { seed: 'fresh-client-seed' }, serverSeed: { seedHash: user.activeServerSeed.seedHash, seed: null } });
  });

  it('refuses an empty or overlong client seed with invalidSeed and keeps the pair', async () => {
    const login = sandbox.login();
    const before = await seedsOf(sandbox, login);
    for (const seed of ['', 'x'.repeat(65), ' padded ']) {
      expect(errorTypeOf(await send(sandbox, login, DOCS.RotateSeedPair, { seed }))).toBe('invalidSeed');
    }
    expect(await seedsOf(sandbox, login)).toEqual(before);
  });

  it('keeps each user\'s pair to themselves', async () => {
    const a = sandbox.login();
    const b = sandbox.login();
    await roll(a);
    expect((await seedsOf(sandbox, b)).activeServerSeed.nonce).toBe(0);
    expect((await seedsOf(sandbox, a)).activeServerSeed.seedHash).not.toBe((await seedsOf(sandbox, b)).activeServerSeed.seedHash);
  });
});
