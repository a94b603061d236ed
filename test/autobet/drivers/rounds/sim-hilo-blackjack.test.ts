/**
 * `sim ≡ sandbox` for the hilo `{ cashout_at }` and blackjack `basic`
 * policies: the run on the sandbox step by step, then the simulator on the
 * revealed seeds (pure rules over the provably-fair cards, no sandbox) gives
 * the same bets, bet by bet; every card is the seeds' outcome computed here
 * with createHmac (cards-helpers.ts), not by the code under test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { run_autobet, simulate, type BetLine } from '../../../../src/autobet/index.js';
import { world, type World } from '../../helpers.js';
import { bj_cards_in_order, bj_return, bj_staked, cards_of, hilo_round, type BjState, type Card } from './cards-helpers.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const strip = (l: BetLine) => ({ seq: l.seq, game: l.game, amount: l.amount, payoutMultiplier: l.payoutMultiplier, payout: l.payout, profit: l.profit, balance: l.balance, nonce: l.nonce, state: l.state });

/** Runs `strategy` with `round` on the sandbox, then the simulator on the revealed seeds; both bet lines and the seeds. */
async function both(seed: string, strategy: () => never, round: Record<string, unknown>, limits: Record<string, number>): Promise<{ live: BetLine[]; replay: BetLine[]; server: string; client: string; reasons: [string | undefined, string | undefined] }> {
  w = await world({ dice_seed: seed });
  const live: BetLine[] = [];
  const run = await run_autobet({ client: w.client, database: w.database, currency: 'usd', strategy: strategy(), round, limits, on_bet: (l) => live.push(l) });
  const client = (await w.client.active_seeds()).activeClientSeed.seed;
  await w.client.rotate_seed_pair();
  const server = (await w.client.active_seeds()).previousServerSeed?.seed as string;
  const replay: BetLine[] = [];
  let reason: string | undefined;
  await simulate({ strategy: strategy(), round, limits, currency: 'usd', start_balance: 1000, bets: limits['max_bets']!, seeds: [{ server_seed: server, client_seed: client, nonce: 0 }], on_bet: (l) => replay.push(l), on_session: (s) => (reason = s.reason) });
  return { live, replay, server, client, reasons: [run.stop?.reason, reason] };
}

describe('sim ≡ sandbox for the hilo and blackjack round policies', () => {
  it.each([1.6, 30])('hilo { cashout_at: %d } with a martingale on the loss (flat at 30): the replay is the sandbox run, bet by bet; cards and guesses from createHmac', async (at) => {
    const START: Card = { rank: 'Q', suit: 'D' };
    const strategy = () => ({ game: 'hilo', bet: { amount: 0.01, startCard: START }, on_win: 'reset', on_loss: { increase_pct: at === 30 ? 0 : 100 } }) as never;
    const { live, replay, server, client, reasons } = await both(`sim-hilo-${at}`, strategy, { game: 'hilo', cashout_at: at }, { max_bets: 30, stop_loss: 50, max_bet: 10 });
    expect(reasons).toEqual(['max_bets', 'max_bets']);
    expect(replay.map(strip)).toEqual(live.map(strip));
    let cashed = 0;
    let longest = 0;
    for (const l of live) {
      const cards = cards_of(server, client, l.nonce);
      const expected = hilo_round(START.rank, cards, at);
      longest = Math.max(longest, expected.guesses.length);
      const state = l.state as { rounds: Array<{ card: Card; guess: string }> };
      expect(state.rounds.map((r) => r.card)).toEqual(cards.slice(0, expected.guesses.length));
      expect(state.rounds.map((r) => r.guess)).toEqual(expected.guesses);
      expect(l.payout > 0).toBe(expected.cashed);
      if (expected.cashed) cashed++;
    }
    if (at < 2) expect(cashed).toBeGreaterThan(0);
    expect(cashed).toBeLessThan(live.length);
    // cashout_at 30 takes rounds past the first 8 cards (one digest), which the simulator then draws all of.
    if (at === 30) expect(longest).toBeGreaterThan(8);
  }, 60_000);

  it('blackjack basic, a flat bet: the replay is the sandbox run, bet by bet; cards in deal order from createHmac, the public payouts', async () => {
    const strategy = () => ({ game: 'blackjack', bet: { amount: 0.02 } }) as never;
    const { live, replay, server, client, reasons } = await both('sim-blackjack', strategy, { game: 'blackjack', policy: 'basic' }, { max_bets: 60, stop_loss: 50, max_bet: 10 });
    expect(reasons).toEqual(['max_bets', 'max_bets']);
    expect(replay.map(strip)).toEqual(live.map(strip));
    for (const l of live) {
      const state = l.state as BjState;
      const { expected, got } = bj_cards_in_order(state, cards_of(server, client, l.nonce));
      expect(got).toEqual(expected);
      expect(Math.round(l.amount * 100)).toBe(2 * bj_staked(state, false));
      expect(Math.round(l.payout * 100)).toBe(Math.floor(2 * bj_return(state, false) + 1e-9));
    }
  }, 60_000);

  it('blackjack basic with max_bet below a double: the simulator stands where the sandbox run stood and stops with max_bet, the same bets', async () => {
    const strategy = () => ({ game: 'blackjack', bet: { amount: 1 } }) as never;
    const { live, replay, reasons } = await both('rounds-blackjack-max_bet', strategy, { game: 'blackjack', policy: 'basic' }, { max_bets: 200, stop_loss: 500, max_bet: 1.5 });
    expect(reasons).toEqual(['max_bet', 'max_bet']);
    expect(replay.map(strip)).toEqual(live.map(strip));
  }, 60_000);

  it('a hilo or blackjack settings strategy without a round policy: a RangeError naming round before anything runs', async () => {
    await expect(simulate({ strategy: { game: 'blackjack', bet: { amount: 0.01 } } as never, currency: 'usd', start_balance: 1, bets: 1 })).rejects.toThrow(/^round: a blackjack bet is a round over several requests/);
  });
});
