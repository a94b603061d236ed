/**
 * `sim ≡ sandbox` on the originals the registry added (wheel, pump): a
 * settings strategy and a JS-style strategy run on the sandbox, then the
 * simulator replays them from the revealed seeds and gives the same bets,
 * bet by bet; each bet's payout is checked against the public table with
 * the outcome computed here from createHmac (not by the code under test).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { run_autobet, simulate, type BetLine } from '../../../src/autobet/index.js';
import { UNIT, world, type World } from '../helpers.js';
import { PAY_TABLES } from '../../support/pay-tables.js';
import { floats } from '../../support/stake-floats.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const POPS: Record<string, number> = { easy: 1, medium: 3, hard: 5, expert: 10 };
const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];


/** What a bet pays by the public tables, from the seeds. */
function expected_multiplier(line: BetLine, server: string, client: string): number {
  const state = line.state as Record<string, unknown>;
  if (line.game === 'wheel') {
    const segments = state['segments'] as number;
    const result = Math.floor((floats(server, client, line.nonce, 1)[0] as number) * segments);
    expect(state['result']).toBe(result);
    return PAY_TABLES.wheel.tables[String(segments)]![state['risk'] as string]![result] as number;
  }
  if (line.game === 'roulette') {
    // Straight up 36× on the pocket floor(float × 37); red 2× (the European layout), 0 loses the outside chip.
    const pocket = Math.floor((floats(server, client, line.nonce, 1)[0] as number) * 37);
    expect(state['result']).toBe(pocket);
    const straight = (state['numbers'] as { value: string; amount: number }[])[0]!;
    const red = (state['colors'] as { value: string; amount: number }[])[0]!;
    const paid = (straight.value === `number${pocket}` ? 36 * straight.amount : 0) + (RED.includes(pocket) ? 2 * red.amount : 0);
    return Math.round((paid / (straight.amount + red.amount)) * 10_000) / 10_000;
  }
  const difficulty = state['difficulty'] as string;
  const m = POPS[difficulty] as number;
  const remaining = Array.from({ length: 25 }, (_, i) => i + 1);
  const pops = floats(server, client, line.nonce, m).map((f, i) => remaining.splice(Math.floor(f * (25 - i)), 1)[0] as number);
  const safe = Math.min(Math.min(...pops) - 1, 25 - m);
  const round = state['round'] as number;
  return round <= safe ? (PAY_TABLES.pump.tables[difficulty]![round] as number) : 0;
}

const strip = (l: BetLine) => ({ seq: l.seq, game: l.game, amount: l.amount, payoutMultiplier: l.payoutMultiplier, payout: l.payout, profit: l.profit, balance: l.balance, nonce: l.nonce, state: l.state });

async function replay_of(strategy: () => Parameters<typeof simulate>[0]['strategy'], bets: number, min_bets = bets): Promise<void> {
  w = await world();
  const live: BetLine[] = [];
  const limits = { max_bets: bets, stop_loss: 1, max_bet: UNIT * 1024 };
  const run = await run_autobet({ client: w.client, database: w.database, strategy: strategy() as never, limits, on_bet: (l) => live.push(l) });
  const client_seed = (await w.client.active_seeds()).activeClientSeed.seed;
  await w.client.rotate_seed_pair();
  const server_seed = (await w.client.active_seeds()).previousServerSeed?.seed as string;
  const replay: BetLine[] = [];
  let reason: string | undefined;
  await simulate({ strategy: strategy(), limits, start_balance: 1, bets, seeds: [{ server_seed, client_seed, nonce: 0 }], on_bet: (l) => replay.push(l), on_session: (s) => (reason = s.reason) });
  // A martingale may stop early at max_bet: the replay must stop at the same bet, for the same reason.
  expect(live.length).toBeGreaterThanOrEqual(min_bets);
  expect(reason).toBe(run.stop?.reason ?? 'max_bets');
  expect(replay.map(strip)).toEqual(live.map(strip));
  for (const l of live) expect(l.payoutMultiplier, `${l.game} bet ${l.seq}`).toBe(expected_multiplier(l, server_seed, client_seed));
}

describe('sim ≡ sandbox on wheel, pump and roulette', () => {
  it('a settings strategy on wheel (martingale on a loss): the replay is the sandbox run, bet by bet', async () => {
    await replay_of(() => ({ game: 'wheel', bet: { amount: UNIT, risk: 'medium', segments: 30 }, on_win: 'reset', on_loss: { increase_pct: 100 } }) as never, 60, 10);
  });

  it('a settings strategy on pump', async () => {
    await replay_of(() => ({ game: 'pump', bet: { amount: UNIT, difficulty: 'medium', round: 3 }, on_win: 'reset', on_loss: { increase_pct: 50 } }) as never, 60, 10);
  });

  it('a strategy touring every wheel risk × segments and every pump difficulty', async () => {
    const RISKS = ['low', 'medium', 'high'] as const;
    const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
    const strategy = () => ({
      name: 'wheel-pump-tour',
      next: (s: { bets: number }) => {
        const i = s.bets;
        if (i % 2 === 0) return { game: 'wheel' as const, amount: UNIT, risk: RISKS[(i / 2) % 3], segments: 10 * (1 + (Math.floor(i / 6) % 5)) };
        const k = (i - 1) / 2;
        return { game: 'pump' as const, amount: UNIT, difficulty: DIFFICULTIES[k % 4], round: 1 + (k % 5) };
      },
      save: () => null,
      restore: () => undefined,
    });
    await replay_of(strategy as never, 60);
  });

  it('a strategy on roulette (a straight-up chip and a red chip, amount their total)', async () => {
    const strategy = () => ({
      name: 'roulette-spread',
      next: (s: { bets: number }) => {
        const i = s.bets;
        const straight = [1e-8, 2e-8, 3e-8][i % 3] as number;
        return { game: 'roulette' as const, amount: straight + UNIT, numbers: [{ value: `number${(i * 7) % 37}`, amount: straight }], colors: [{ value: 'colorRed', amount: UNIT }] };
      },
      save: () => null,
      restore: () => undefined,
    });
    await replay_of(strategy as never, 60);
  });

  it('a settings strategy that changes the amount on roulette stops at that bet: the chips no longer add up (nothing sent)', async () => {
    const lines: BetLine[] = [];
    let reason: string | undefined;
    const strategy = { game: 'roulette', bet: { amount: UNIT, numbers: [{ value: 'number0', amount: UNIT }] }, on_win: 'reset', on_loss: { increase_pct: 100 } };
    await simulate({ strategy: strategy as never, start_balance: 1, bets: 50, seeds: [{ server_seed: 'a'.repeat(64), client_seed: 'c' }], on_bet: (l) => lines.push(l), on_session: (x) => (reason = x.reason) });
    // The first spin loses unless the pocket is 0; the next would stake 2 units on 1 unit of chips.
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.every((l) => l.amount === UNIT)).toBe(true);
    expect(reason).toBe('error:strategy');
  });
});
