import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcome } from '../../src/fairness/index.js';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { ACTIVE_MINES, DOCS, balanceOf, errorTypeOf, identifier, send, seedsOf } from './site.js';

interface MinesBet {
  id: string;
  active: boolean;
  amount: number;
  payout: number;
  payoutMultiplier: number;
  nonce: number;
  serverSeed: { seedHash: string; seed: string | null };
  clientSeed: { seed: string };
  state: { mines: number[] | null; minesCount: number; rounds: Array<{ field: number; payoutMultiplier: number }> };
}

/** 0.99 × C(25, k) / C(25 − m, k), four decimals: the site's mines multiplier. */
function multiplier(mines: number, k: number): number {
  let ratio = 1;
  for (let i = 0; i < k; i++) ratio *= (25 - i) / (25 - mines - i);
  return Math.round(0.99 * ratio * 10_000) / 10_000;
}

async function open(sandbox: Sandbox, login: SandboxLogin, minesCount: number, extra: Record<string, unknown> = {}) {
  return send<{ minesBet: MinesBet }>(sandbox, login, DOCS.MinesBet, { amount: 1, currency: 'usd', minesCount, identifier: identifier(), ...extra });
}

describe('sandbox mines: a multi-step round', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox({ dice_seed: 'mines-test', starting_balances: { usd: 1000 } });
  });
  afterAll(() => sandbox.close());

  it('opens active with mines hidden and the amount debited; the nonce is used at minesBet', async () => {
    const login = sandbox.login();
    const answer = await open(sandbox, login, 3);
    expect(answer.errors).toBeUndefined();
    const bet = answer.data!.minesBet;
    expect(bet).toMatchObject({ active: true, amount: 1, payout: 0, nonce: 0, state: { mines: null, minesCount: 3, rounds: [] } });
    expect((await balanceOf(sandbox, login, 'usd')).available).toBe(999);
    expect((await seedsOf(sandbox, login)).activeServerSeed.nonce).toBe(1);
    const active = await send<{ user: { activeCasinoBet: { id: string; active: boolean; state: { mines: null } } | null } }>(sandbox, login, ACTIVE_MINES);
    expect(active.data!.user.activeCasinoBet).toMatchObject({ id: bet.id, active: true, state: { mines: null } });
  });

  it('plays rounds to the end: safe tiles pay 0.99·C(25,k)/C(25−m,k), a mine ends it with nothing, cashout pays exactly', async () => {
    const login = sandbox.login();
    let expected = (await balanceOf(sandbox, login, 'usd')).available;
    const endings = new Set<string>();
    const played: MinesBet[] = [];
    // Fixed dice_seed: the same rounds every run, and they include both endings.
    for (let round = 0; round < 12; round++) {
      const opened = (await open(sandbox, login, 5)).data!.minesBet;
      expected -= 1;
      let bet = opened;
      for (const field of [12, 0, 24]) {
        const next = await send<{ minesNext: MinesBet }>(sandbox, login, DOCS.MinesNext, { fields: [field], identifier: identifier() });
        expect(next.errors).toBeUndefined();
        bet = next.data!.minesNext;
        expect(bet.id).toBe(opened.id);
        const last = bet.state.rounds.at(-1)!;
        expect(last.field).toBe(field);
        if (!bet.active) break;
        expect(bet.state.mines).toBeNull();
        expect(last.payoutMultiplier).toBe(multiplier(5, bet.state.rounds.length));
      }
      if (bet.active) {
        const cashout = await send<{ minesCashout: MinesBet }>(sandbox, login, DOCS.MinesCashout, { identifier: identifier() });
        expect(cashout.errors).toBeUndefined();
        bet = cashout.data!.minesCashout;
        expect(bet.active).toBe(false);
        expect(bet.payoutMultiplier).toBe(multiplier(5, 3));
        expect(bet.payout).toBe(Math.floor(multiplier(5, 3) * 100) / 100);
        expect(bet.state.mines).toHaveLength(5);
        for (const r of bet.state.rounds) expect(bet.state.mines).not.toContain(r.field);
        endings.add('cashout');
      } else {
        // The round ended on a mine: revealed, nothing paid.
        expect(bet.payout).toBe(0);
        expect(bet.payoutMultiplier).toBe(0);
        expect(bet.state.mines).toContain(bet.state.rounds.at(-1)!.field);
        expect(bet.state.rounds.at(-1)!.payoutMultiplier).toBe(0);
        endings.add('mine');
      }
      expected += bet.payout;
      expect((await balanceOf(sandbox, login, 'usd')).available).toBeCloseTo(expected, 2);
      played.push(bet);
      const after = await send<{ user: { activeCasinoBet: unknown } }>(sandbox, login, ACTIVE_MINES);
      expect(after.data!.user.activeCasinoBet).toBeNull();
    }
    expect([...endings].sort()).toEqual(['cashout', 'mine']);

    // The mines were fixed at bet time from the seeds: the fairness outcome of each bet's nonce.
    const before = await seedsOf(sandbox, login);
    await send(sandbox, login, DOCS.RotateSeedPair, { seed: 'after-mines' });
    const history = await send<{ user: { houseBetList: Array<{ bet: MinesBet }> } }>(sandbox, login, DOCS.MyBetList, { limit: 12 });
    for (const { bet } of history.data!.user.houseBetList) {
      const drawn = outcome('mines', { server_seed: bet.serverSeed.seed!, client_seed: before.activeClientSeed.seed, nonce: bet.nonce, minesCount: 5 });
      expect([...bet.state.mines!].sort()).toEqual([...drawn.mines].sort());
    }
  });

  it('minesBet with fields plays them at once and settles (cashout if none was a mine)', async () => {
    const login = sandbox.login();
    const bet = (await open(sandbox, login, 1, { fields: [3, 4] })).data!.minesBet;
    expect(bet.active).toBe(false);
    const mine = bet.state.mines![0]!;
    expect(bet.state.rounds.map((r) => r.field)).toEqual(mine === 3 ? [3] : [3, 4]);
    expect(bet.payoutMultiplier).toBe(mine === 3 || mine === 4 ? 0 : multiplier(1, 2));
  });

  it('revealing every safe tile ends the round at once with the full multiplier (24 mines: 0.99 × 25)', async () => {
    const login = sandbox.login();
    let won: MinesBet | undefined;
    // One safe tile in 25: rounds until tile 0 is the safe one (fixed dice_seed: the same round every run).
    for (let round = 0; round < 150 && won === undefined; round++) {
      await open(sandbox, login, 24);
      const bet = (await send<{ minesNext: MinesBet }>(sandbox, login, DOCS.MinesNext, { fields: [0], identifier: identifier() })).data!.minesNext;
      expect(bet.active).toBe(false);
      if (bet.payout > 0) won = bet;
      else expect(bet.state.mines).toContain(0);
    }
    expect(won).toBeDefined();
    expect(won!.payoutMultiplier).toBe(24.75);
    expect(won!.payout).toBe(24.75);
    expect(won!.state.mines).not.toContain(0);
  });

  it('refuses the round\'s misuses with the site\'s errorTypes and changes nothing', async () => {
    const login = sandbox.login();
    expect(errorTypeOf(await send(sandbox, login, DOCS.MinesNext, { fields: [1], identifier: identifier() }))).toBe('notFound');
    expect(errorTypeOf(await send(sandbox, login, DOCS.MinesCashout, { identifier: identifier() }))).toBe('notFound');
    expect(errorTypeOf(await open(sandbox, login, 25))).toBe('numberLessEqual');
    expect(errorTypeOf(await open(sandbox, login, 0))).toBe('numberGreaterEqual');
    expect((await open(sandbox, login, 2)).errors).toBeUndefined();
    expect(errorTypeOf(await open(sandbox, login, 2))).toBe('existingGame');
    expect(errorTypeOf(await send(sandbox, login, DOCS.RotateSeedPair, { seed: 'not-now' }))).toBe('existingGame');
    // Nothing revealed yet: nothing to cash out.
    expect(errorTypeOf(await send(sandbox, login, DOCS.MinesCashout, { identifier: identifier() }))).toBe('insignificantBet');
    expect(errorTypeOf(await send(sandbox, login, DOCS.MinesNext, { fields: [25], identifier: identifier() }))).toBe('numberLessEqual');
    expect(errorTypeOf(await send(sandbox, login, DOCS.MinesNext, { fields: [7, 7], identifier: identifier() }))).toBe('invalidArgument');
    expect(errorTypeOf(await send(sandbox, login, DOCS.MinesNext, { fields: [], identifier: identifier() }))).toBe('invalidArgument');
    expect((await balanceOf(sandbox, login, 'usd')).available).toBe(999);
    const active = await send<{ user: { activeCasinoBet: { state: { rounds: unknown[] } } } }>(sandbox, login, ACTIVE_MINES);
    expect(active.data!.user.activeCasinoBet.state.rounds).toEqual([]);
  });
});
