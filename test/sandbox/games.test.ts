import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcome, server_seed_hash, verify_bet } from '../../src/fairness/index.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { read_house_bets, type MyBetListAnswer } from '../../src/operations/documents/my-bet-list.js';
import { DOCS, balanceOf, identifier, send, seedsOf } from './site.js';
import { PAY_TABLES } from '../support/pay-tables.js';

interface Bet {
  id: string;
  active: boolean;
  game: string;
  amount: number;
  payout: number;
  payoutMultiplier: number;
  amountMultiplier: number;
  currency: string;
  nonce: number;
  user: { id: string; name: string };
  clientSeed: { seed: string };
  serverSeed: { seedHash: string; seed: string | null };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each game's state is read field by field
  state: Record<string, any>;
}

describe('sandbox games: each bet drawn from the seed pair, books moved by exactly the payout', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox({ dice_seed: 'games-test', starting_balances: { usd: 1000, btc: 1 } });
  });
  afterAll(() => sandbox.close());

  it('dice: the site shape, 99/chance on a win, nonce counting up, balance -amount +payout', async () => {
    const login = sandbox.login('dice-player');
    const seeds = await seedsOf(sandbox, login);
    let balance = (await balanceOf(sandbox, login, 'usd')).available;
    let wins = 0;
    for (let i = 0; i < 12; i++) {
      const answer = await send<{ diceRoll: Bet }>(sandbox, login, DOCS.DiceRoll, {
        amount: 1.5, target: 50.5, condition: 'above', currency: 'usd', identifier: identifier(),
      });
      expect(answer.errors).toBeUndefined();
      const bet = answer.data!.diceRoll;
      expect(bet).toMatchObject({ active: false, game: 'dice', amount: 1.5, amountMultiplier: 1, currency: 'usd', nonce: i });
      expect(bet.user.name).toBe('dice-player');
      expect(bet.clientSeed.seed).toBe(seeds.activeClientSeed.seed);
      expect(bet.serverSeed).toEqual({ seedHash: seeds.activeServerSeed.seedHash, seed: null });
      expect(Object.keys(bet.state).sort()).toEqual(['condition', 'result', 'target']);
      const won = bet.state['result'] > 50.5;
      if (won) wins++;
      // 99 / 49.5 = 2.
      expect(bet.payoutMultiplier).toBe(won ? 2 : 0);
      expect(bet.payout).toBe(won ? 3 : 0);
      balance = balance - 1.5 + bet.payout;
      expect((await balanceOf(sandbox, login, 'usd')).available).toBeCloseTo(balance, 2);
    }
    // Fixed dice_seed: this sequence is fixed, and it has both outcomes.
    expect(wins).toBeGreaterThan(0);
    expect(wins).toBeLessThan(12);
    expect((await seedsOf(sandbox, login)).activeServerSeed.nonce).toBe(12);
  });

  it('limbo: pays multiplierTarget when result >= target, else nothing', async () => {
    const login = sandbox.login();
    let balance = (await balanceOf(sandbox, login, 'btc')).available;
    const seen = new Set<boolean>();
    for (let i = 0; i < 10; i++) {
      const answer = await send<{ limboBet: Bet }>(sandbox, login, DOCS.LimboBet, {
        amount: 0.0001, multiplierTarget: 1.98, currency: 'btc', identifier: identifier(),
      });
      const bet = answer.data!.limboBet;
      expect(Object.keys(bet.state).sort()).toEqual(['multiplierTarget', 'result']);
      expect(bet.state['multiplierTarget']).toBe(1.98);
      expect(bet.state['result']).toBeGreaterThanOrEqual(1);
      const won = bet.state['result'] >= 1.98;
      seen.add(won);
      expect(bet.payoutMultiplier).toBe(won ? 1.98 : 0);
      expect(bet.payout).toBe(won ? 0.000198 : 0);
      balance = balance - 0.0001 + bet.payout;
      expect((await balanceOf(sandbox, login, 'btc')).available).toBeCloseTo(balance, 8);
    }
    expect([...seen].sort()).toEqual([false, true]);
  });

  it('keno: 10 distinct 0-based squares drawn, the picks echoed, the site\'s table paid', async () => {
    const login = sandbox.login();
    const before = (await balanceOf(sandbox, login, 'usd')).available;
    const answer = await send<{ kenoBet: Bet }>(sandbox, login, DOCS.KenoBet, {
      amount: 2, currency: 'usd', numbers: [0, 5, 10, 39], risk: 'medium', identifier: identifier(),
    });
    const bet = answer.data!.kenoBet;
    const drawn: number[] = bet.state['drawnNumbers'];
    expect(new Set(drawn).size).toBe(10);
    for (const n of drawn) expect(n >= 0 && n <= 39 && Number.isInteger(n)).toBe(true);
    expect(bet.state['selectedNumbers']).toEqual([0, 5, 10, 39]);
    expect(bet.state['risk']).toBe('medium');
    const hits = [0, 5, 10, 39].filter((n) => drawn.includes(n)).length;
    expect(bet.payoutMultiplier).toBe(PAY_TABLES.keno.tables['medium']!['4']![hits]);
    expect((await balanceOf(sandbox, login, 'usd')).available).toBeCloseTo(before - 2 + bet.payout, 2);
  });

  it('plinko: one L/R step per row, the bucket as point, the site\'s table paid', async () => {
    const login = sandbox.login();
    const answer = await send<{ plinkoBet: Bet }>(sandbox, login, DOCS.PlinkoBet, {
      amount: 1, currency: 'usd', risk: 'high', rows: 12, identifier: identifier(),
    });
    const bet = answer.data!.plinkoBet;
    const path: string[] = bet.state['path'];
    expect(path).toHaveLength(12);
    for (const step of path) expect(['L', 'R']).toContain(step);
    const rights = path.filter((s) => s === 'R').length;
    expect(bet.state).toMatchObject({ risk: 'high', rows: 12, point: rights });
    expect(bet.payoutMultiplier).toBe(PAY_TABLES.plinko.tables['high']!['12']![rights]);
  });

  it('after rotateSeedPair every bet of the old pair verifies with verify_bet and the fairness outcome', async () => {
    const login = sandbox.login();
    const before = await seedsOf(sandbox, login);
    const placed: Bet[] = [];
    const plays = [
      [DOCS.DiceRoll, 'diceRoll', { amount: 1, target: 30, condition: 'below', currency: 'usd' }],
      [DOCS.LimboBet, 'limboBet', { amount: 1, multiplierTarget: 3, currency: 'usd' }],
      [DOCS.KenoBet, 'kenoBet', { amount: 1, currency: 'usd', numbers: [1, 2, 3], risk: 'low' }],
      [DOCS.PlinkoBet, 'plinkoBet', { amount: 1, currency: 'usd', risk: 'low', rows: 8 }],
      [DOCS.MinesBet, 'minesBet', { amount: 1, currency: 'usd', minesCount: 3, fields: [0, 1] }],
    ] as const;
    for (const [doc, field, variables] of plays) {
      const answer = await send<Record<string, Bet>>(sandbox, login, doc, { ...variables, identifier: identifier() });
      expect(answer.errors).toBeUndefined();
      placed.push(answer.data![field]!);
    }
    expect(placed.map((b) => b.nonce)).toEqual([0, 1, 2, 3, 4]);

    const rotated = await send(sandbox, login, DOCS.RotateSeedPair, { seed: 'my-new-client-seed' });
    expect(rotated.errors).toBeUndefined();
    const history = await send<MyBetListAnswer>(sandbox, login, DOCS.MyBetList, { limit: 5 });
    // The site's names back from the aliases MyBetList sends (`diceResult: result`, ...).
    const bets = read_house_bets(history.data!).map((entry) => entry.bet as unknown as Bet).reverse();
    expect(bets.map((b) => b.id)).toEqual(placed.map((b) => b.id));
    for (const bet of bets) {
      const seed = bet.serverSeed.seed;
      expect(seed).not.toBeNull();
      expect(server_seed_hash(seed!)).toBe(before.activeServerSeed.seedHash);
      const report = verify_bet(bet as never);
      expect(report.ok, `${bet.game}: ${JSON.stringify(report)}`).toBe(true);
    }
    // Independent of verify_bet: the dice result is the fairness outcome of (seed, client seed, nonce 0).
    const dice = bets[0]!;
    expect(dice.state['result']).toBe(
      outcome('dice', { server_seed: dice.serverSeed.seed!, client_seed: before.activeClientSeed.seed, nonce: 0 }).result,
    );
  });
});
