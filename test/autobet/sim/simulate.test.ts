/**
 * The simulator: a replay gives the very bets a sandbox run gave (same seeds,
 * same engine, same limits), outcomes match an independent computation from
 * `createHmac`, and Monte Carlo results stand within 5 sigma of the exact
 * figures (win share of a flat bet, ruin probability of a martingale).
 */
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { run_autobet, simulate, type BetLine, type SessionResult } from '../../../src/autobet/index.js';
import { MARTINGALE, UNIT, world, type World } from '../helpers.js';
import { PAY_TABLES } from '../../support/pay-tables.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const martingale = MARTINGALE;

/** The site's dice roll, computed here from its published description (not by the code under test). */
function roll(server: string, client: string, nonce: number): number {
  const bytes = createHmac('sha256', server).update(`${client}:${nonce}:0`).digest();
  const float = bytes[0]! / 256 + bytes[1]! / 256 ** 2 + bytes[2]! / 256 ** 3 + bytes[3]! / 256 ** 4;
  return Math.floor(float * 10001) / 100;
}

describe('simulate', () => {
  it('replays a sandbox run bet by bet from its revealed seeds: amounts, outcomes, payouts, balances, stop reason', async () => {
    w = await world();
    const live: BetLine[] = [];
    const limits = { stop_loss: 0.000002, max_bet: 0.0000005, max_bets: 150 };
    const run = await run_autobet({ client: w.client, database: w.database, strategy: martingale, limits, on_bet: (l) => live.push(l) });
    const client_seed = (await w.client.active_seeds()).activeClientSeed.seed;
    await w.client.rotate_seed_pair();
    const server_seed = (await w.client.active_seeds()).previousServerSeed?.seed as string;
    expect(server_seed).toMatch(/^[0-9a-f]{64}$/);

    const replay: BetLine[] = [];
    const summary = await simulate({ strategy: martingale, limits, start_balance: 1, bets: 150, seeds: [{ server_seed, client_seed, nonce: 0 }], on_bet: (l) => replay.push(l), on_session: (s) => expect(s.reason).toBe(run.stop?.reason) });
    expect(summary.sessions).toBe(1);
    const strip = (l: BetLine) => ({ seq: l.seq, game: l.game, amount: l.amount, payoutMultiplier: l.payoutMultiplier, payout: l.payout, profit: l.profit, balance: l.balance, nonce: l.nonce, state: l.state });
    expect(replay.map(strip)).toEqual(live.map(strip));
    for (const l of replay) expect((l.state as { result: number }).result).toBe(roll(server_seed, client_seed, l.nonce));
  });

  it('keno and plinko: a replay of a sandbox run gives the same bets, bet by bet, paid by the site\'s tables', async () => {
    w = await world();
    const KENO_RISKS = ['classic', 'low', 'medium', 'high'] as const;
    const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
    // Every keno risk × picks and every plinko risk × rows, in turn.
    const strategy = () => ({
      name: 'keno-plinko-tour',
      next: (s: { bets: number }) => {
        const i = s.bets;
        if (i % 2 === 0) {
          const k = i / 2;
          return { game: 'keno' as const, amount: UNIT, numbers: Array.from({ length: (k % 10) + 1 }, (_, n) => (n * 7 + k) % 40), risk: KENO_RISKS[Math.floor(k / 10) % 4] };
        }
        const k = (i - 1) / 2;
        return { game: 'plinko' as const, amount: UNIT, rows: 8 + (k % 9), risk: PLINKO_RISKS[Math.floor(k / 9) % 3] };
      },
      save: () => null,
      restore: () => undefined,
    });
    const live: BetLine[] = [];
    const limits = { max_bets: 80, stop_loss: 1, max_bet: UNIT };
    await run_autobet({ client: w.client, database: w.database, strategy: strategy(), limits, on_bet: (l) => live.push(l) });
    const client_seed = (await w.client.active_seeds()).activeClientSeed.seed;
    await w.client.rotate_seed_pair();
    const server_seed = (await w.client.active_seeds()).previousServerSeed?.seed as string;

    const replay: BetLine[] = [];
    await simulate({ strategy: strategy(), limits, start_balance: 1, bets: 80, seeds: [{ server_seed, client_seed, nonce: 0 }], on_bet: (l) => replay.push(l) });
    const strip = (l: BetLine) => ({ seq: l.seq, game: l.game, amount: l.amount, payoutMultiplier: l.payoutMultiplier, payout: l.payout, nonce: l.nonce, state: l.state });
    expect(live).toHaveLength(80);
    expect(replay.map(strip)).toEqual(live.map(strip));
    for (const l of live) {
      const state = l.state as { selectedNumbers?: number[]; drawnNumbers?: number[]; risk: string; rows?: number; point?: number };
      const paid = l.game === 'keno'
        ? PAY_TABLES.keno.tables[state.risk]![String(state.selectedNumbers!.length)]![state.selectedNumbers!.filter((n) => state.drawnNumbers!.includes(n)).length]
        : PAY_TABLES.plinko.tables[state.risk]![String(state.rows)]![state.point!];
      expect(l.payoutMultiplier, `${l.game} bet ${l.seq}`).toBe(paid);
    }
  });

  it('plinko expert: the simulator refuses it before drawing, its table is not public', async () => {
    let session: SessionResult | undefined;
    const lines: BetLine[] = [];
    await simulate({ strategy: { game: 'plinko', bet: { amount: UNIT, rows: 8, risk: 'expert' } }, start_balance: 1, bets: 5, seeds: [{ server_seed: 'c'.repeat(64), client_seed: 'x' }], on_bet: (l) => lines.push(l), on_session: (s) => (session = s) });
    expect(lines).toEqual([]);
    expect(session?.reason).toBe('error:strategy');
  });

  it('stops a replay with seeds_exhausted when a rotation asks for a pair the list does not have', async () => {
    const strategy = {
      name: 'rotate-every-3',
      next: (s: { bets: number }) => ({ game: 'dice' as const, amount: UNIT, target: 50, condition: 'above' as const, rotate_seed_pair: s.bets > 0 && s.bets % 3 === 0 }),
      save: () => null,
      restore: () => undefined,
    };
    const pairs = [{ server_seed: 'a'.repeat(64), client_seed: 'one' }, { server_seed: 'b'.repeat(64), client_seed: 'two', nonce: 5 }];
    const lines: BetLine[] = [];
    let session: SessionResult | undefined;
    await simulate({ strategy, start_balance: 1, bets: 100, seeds: pairs, on_bet: (l) => lines.push(l), on_session: (s) => (session = s) });
    expect(session?.reason).toBe('seeds_exhausted');
    expect(lines.map((l) => l.nonce)).toEqual([0, 1, 2, 5, 6, 7]);
    expect(lines.map((l) => (l.state as { result: number }).result)).toEqual([
      roll(pairs[0]!.server_seed, 'one', 0), roll(pairs[0]!.server_seed, 'one', 1), roll(pairs[0]!.server_seed, 'one', 2),
      roll(pairs[1]!.server_seed, 'two', 5), roll(pairs[1]!.server_seed, 'two', 6), roll(pairs[1]!.server_seed, 'two', 7),
    ]);
  });

  it('wins a flat 49.5 % dice bet as often as the rules say, within 5 sigma over 20,000 bets on fresh seeds', async () => {
    let wins = 0;
    let bets = 0;
    // Ten replays of fresh random pairs, so every bet's line can be counted.
    const lines: BetLine[] = [];
    for (let i = 0; i < 10; i++) {
      await simulate({ strategy: { game: 'dice', bet: { amount: 0, target: 50.5, condition: 'above' } }, start_balance: 1, bets: 2000, seeds: [{ server_seed: randomHex(), client_seed: `c${i}` }], on_bet: (l) => lines.push(l) });
    }
    for (const l of lines) {
      bets++;
      if (l.payoutMultiplier > 1) wins++;
    }
    const p = 4950 / 10001;
    const sigma = Math.sqrt((p * (1 - p)) / bets);
    expect(bets).toBe(20_000);
    expect(Math.abs(wins / bets - p)).toBeLessThan(5 * sigma);
  });

  it('busts a martingale as often as its exact ruin probability, within 5 sigma over 4,000 sessions', async () => {
    // 7 units and a 1-unit martingale that stops at +1 unit: it busts exactly when the first 3 bets all lose.
    const sessions: SessionResult[] = [];
    const summary = await simulate({
      strategy: martingale, limits: { take_profit: UNIT }, start_balance: 7 * UNIT, bets: 100, sessions: 4000, workers: 1,
      on_session: (s) => sessions.push(s),
    });
    const q = 5051 / 10001;
    const ruin = q ** 3;
    const sigma = Math.sqrt((ruin * (1 - ruin)) / 4000);
    expect(summary.sessions).toBe(4000);
    expect(Math.abs(summary.bust_share - ruin)).toBeLessThan(5 * sigma);
    expect(sessions.every((s) => s.reason === 'insufficient_balance' || s.reason === 'take_profit')).toBe(true);
    expect(sessions.filter((s) => s.reason === 'insufficient_balance').every((s) => s.bets === 3 && s.end_balance === 0)).toBe(true);
    expect(summary.p50).toBeCloseTo(8 * UNIT, 12);
  });

  it('refuses bad input before running: balance <= 0, no bets, an unknown game, bad seeds', async () => {
    await expect(simulate({ strategy: martingale, start_balance: 0, bets: 10 })).rejects.toThrow(/start_balance/);
    await expect(simulate({ strategy: martingale, start_balance: 1, bets: 0 })).rejects.toThrow(/bets/);
    await expect(simulate({ strategy: { ...martingale, game: 'noSuchGame' }, start_balance: 1, bets: 10 })).rejects.toThrow(/game/);
    await expect(simulate({ strategy: martingale, start_balance: 1, bets: 10, seeds: [{ server_seed: 'not hex', client_seed: 'x' }] })).rejects.toThrow(/server_seed/);
  });
});

function randomHex(): string {
  let s = '';
  for (let i = 0; i < 64; i++) s += '0123456789abcdef'[Math.floor(Math.random() * 16)];
  return s;
}
