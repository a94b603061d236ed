import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { BET_LOOKUP, DOCS, errorTypeOf, identifier, send } from './site.js';

interface Entry {
  id: string;
  iid: string;
  game: { name: string; slug: string };
  bet: { __typename: string; id: string; nonce: number; game: string; state: { __typename: string } };
}

describe('sandbox bet history (houseBetList) and bet(iid:)', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox({ starting_balances: { usd: 100 } });
  });
  afterAll(() => sandbox.close());

  it('pages the user\'s own bets newest first with offset and limit', async () => {
    const login = sandbox.login();
    const other = sandbox.login();
    await send(sandbox, other, DOCS.DiceRoll, { amount: 0, target: 50, condition: 'above', currency: 'usd', identifier: identifier() });
    for (let i = 0; i < 7; i++) {
      const doc = i % 2 === 0 ? DOCS.DiceRoll : DOCS.LimboBet;
      const vars = i % 2 === 0 ? { target: 50, condition: 'above' } : { multiplierTarget: 2 };
      expect((await send(sandbox, login, doc, { amount: 0, currency: 'usd', identifier: identifier(), ...vars })).errors).toBeUndefined();
    }
    const page = async (offset: number, limit: number) =>
      (await send<{ user: { houseBetList: Entry[] } }>(sandbox, login, DOCS.MyBetList, { offset, limit })).data!.user.houseBetList;
    const all = await page(0, 50);
    expect(all.map((e) => e.bet.nonce)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(all[0]).toMatchObject({ game: { name: 'Dice', slug: 'dice' }, bet: { __typename: 'CasinoBet', game: 'dice', state: { __typename: 'CasinoGameDice' } } });
    expect(all[1]).toMatchObject({ game: { slug: 'limbo' }, bet: { state: { __typename: 'CasinoGameLimbo' } } });
    for (const entry of all) {
      expect(entry.iid).toMatch(/^house:\d+$/);
      expect(entry.id).toBe(entry.bet.id);
    }
    expect((await page(0, 3)).map((e) => e.bet.nonce)).toEqual([6, 5, 4]);
    expect((await page(3, 3)).map((e) => e.bet.nonce)).toEqual([3, 2, 1]);
    expect((await page(6, 3)).map((e) => e.bet.nonce)).toEqual([0]);
    expect(await page(7, 3)).toEqual([]);
    // The document's default page is 50; without variables the sandbox's own default is 10.
    expect((await send<{ user: { houseBetList: Entry[] } }>(sandbox, login, 'query { user { houseBetList { id } } }')).data!.user.houseBetList).toHaveLength(7);
    expect(errorTypeOf(await send(sandbox, login, DOCS.MyBetList, { limit: 51 }))).toBe('numberLessEqual');
    expect(errorTypeOf(await send(sandbox, login, DOCS.MyBetList, { limit: 0 }))).toBe('numberGreaterEqual');
    expect(errorTypeOf(await send(sandbox, login, DOCS.MyBetList, { offset: -1 }))).toBe('numberGreaterEqual');
  });

  it('reads one bet again by iid (house: or casino:) or by betId; an unknown one is notFound', async () => {
    const login = sandbox.login();
    const placed = await send<{ diceRoll: { id: string } }>(sandbox, login, DOCS.DiceRoll, {
      amount: 1, target: 50, condition: 'above', currency: 'usd', identifier: identifier(),
    });
    const id = placed.data!.diceRoll.id;
    const byId = await send<{ bet: Entry }>(sandbox, login, BET_LOOKUP, { betId: id });
    const iid = byId.data!.bet.iid;
    expect(byId.data!.bet.bet.id).toBe(id);
    const byIid = await send<{ bet: Entry }>(sandbox, login, BET_LOOKUP, { iid });
    expect(byIid.data!.bet.id).toBe(id);
    const shared = await send<{ bet: Entry }>(sandbox, null, BET_LOOKUP, { iid: iid.replace('house:', 'casino:') });
    expect(shared.data!.bet.id).toBe(id);
    expect(errorTypeOf(await send(sandbox, login, BET_LOOKUP, { iid: 'house:999999999' }))).toBe('notFound');
    // A shared bet names its user; that user's balances and seeds stay theirs.
    const PRIVATE = 'query ($iid: String) { bet(iid: $iid) { bet { ... on CasinoBet { user { id name balances { available { amount } } } } } } }';
    const stranger = await send<{ bet: { bet: { user: { name: string } } } }>(sandbox, sandbox.login(), PRIVATE, { iid });
    expect(errorTypeOf(stranger)).toBe('forbidden');
    const mine = await send<{ bet: { bet: { user: { id: string; balances: unknown[] } } } }>(sandbox, login, PRIVATE, { iid });
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.bet.bet.user.id).toBe(login.user_id);
    const name = 'query ($iid: String) { bet(iid: $iid) { bet { ... on CasinoBet { user { id name } } } } }';
    expect((await send(sandbox, null, name, { iid })).errors).toBeUndefined();
    expect(errorTypeOf(await send(sandbox, login, BET_LOOKUP, {}))).toBe('invalidArgument');
  });
});
