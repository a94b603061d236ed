/**
 * Hilo through client.start / act / cashout / active_bet against the real
 * sandbox over HTTP, to every ending: a won guess, a lost one, a skip, a
 * cashout. The cards are checked against an outcome computed here from the
 * revealed seeds with createHmac and Stake's published card table
 * (https://stake.com/provably-fair/game-events: CARDS[floor(float × 52)],
 * ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A), and every multiplier against Stake's hilo guide
 * (https://stake.com/blog/how-to-play-hilo-on-stake: ace lowest, king
 * highest, each rank 1 in 13) at its 99 % return: 0.99 / chance, written
 * out here, not taken from the code under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { GraphQLError } from '../../src/facade/index.js';
import { RoundOpenError } from '../../src/operations/index.js';
import { last_request, sandbox, user } from './helpers.js';
import { floats } from '../support/stake-floats.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox({ dice_seed: 'rounds-hilo-test' });
});
afterAll(async () => {
  await box.close();
});


const TABLE_RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const TABLE_SUITS = ['D', 'H', 'S', 'C'];
/** The round's cards as Stake's page draws them. */
function cards_of(server: string, client: string, nonce: number): Array<{ rank: string; suit: string }> {
  return floats(server, client, nonce, 52).map((f) => {
    const i = Math.floor(f * 52);
    return { rank: TABLE_RANKS[i >> 2]!, suit: TABLE_SUITS[i & 3]! };
  });
}

/** The guide's order, ace lowest. */
const value = (rank: string) => ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].indexOf(rank) + 1;
/** Ranks out of 13 that win, and whether `next` wins. */
function judge(guess: string, current: string, next: string): { wins: number; won: boolean } {
  const a = value(current);
  const b = value(next);
  const table: Record<string, [number, boolean]> = {
    higher: [13 - a, b > a],
    lower: [a - 1, b < a],
    equal: [1, a === b],
    higherEqual: [14 - a, b >= a],
    lowerEqual: [a, b <= a],
  };
  const [wins, won] = table[guess]!;
  return { wins, won };
}

/** The likelier side, the guide's options: on an ace higher, on a king lower, else higher-or-same / lower-or-same. */
function likelier(rank: string): string {
  if (rank === 'A') return 'higher';
  if (rank === 'K') return 'lower';
  return value(rank) <= 7 ? 'higherEqual' : 'lowerEqual';
}

interface Played {
  nonce: number;
  start: { rank: string; suit: string };
  rounds: ReadonlyArray<{ card: { rank: string; suit: string }; guess: string; payoutMultiplier: number }>;
  payout: number;
  cashed: boolean;
}

describe('hilo step by step through start / act / cashout / active_bet', () => {
  it('plays to every ending with HiloBet, HiloNext, HiloCashout, HiloActiveBet; the cards are the seeds\' outcome, the multipliers 0.99 / chance', async () => {
    const { client } = user(box);
    const usd = async () => (await client.balances()).find((b) => b.available.currency === 'usd')!.available.amount;
    const before = await usd();
    const endings = new Set<string>();
    const played: Played[] = [];
    // Fixed dice_seed: the same rounds every run; 16 rounds of "skip, then up to 3 likelier guesses" include every ending.
    for (let n = 0; n < 16; n++) {
      const start = { rank: '7', suit: 'H' };
      const opened = await client.start('hilo', { amount: 1, currency: 'usd', startCard: start });
      expect(last_request(box)).toEqual({ operation_name: 'HiloBet', variables: { amount: 1, currency: 'usd', startCard: start } });
      expect(opened).toMatchObject({ active: true, game: 'hilo', state: { startCard: start, rounds: [] } });
      expect((await client.active_bet('hilo'))?.id).toBe(opened.id);
      expect(last_request(box)?.operation_name).toBe('HiloActiveBet');
      // A cashout before any guess: the site's hiloNoRoundsPlayed.
      const early = await client.cashout('hilo').then(() => null, (e: unknown) => e);
      expect(GraphQLError.is(early) && early.error_type).toBe('hiloNoRoundsPlayed');
      let bet = await client.act('hilo', { guess: 'skip' });
      expect(last_request(box)).toEqual({ operation_name: 'HiloNext', variables: { guess: 'skip' } });
      expect(bet.active).toBe(true);
      endings.add('skip');
      for (let g = 0; g < 3 && bet.active; g++) {
        const current = bet.state.rounds.at(-1)!.card.rank;
        bet = await client.act('hilo', { guess: likelier(current) as never });
        endings.add(bet.active ? 'win' : 'loss');
      }
      let cashed = false;
      if (bet.active) {
        bet = await client.cashout('hilo', { identifier: `hilo-out-${n}` });
        expect(last_request(box)).toEqual({ operation_name: 'HiloCashout', variables: { identifier: `hilo-out-${n}` } });
        expect(bet.active).toBe(false);
        endings.add('cashout');
        cashed = true;
      }
      expect(await client.active_bet('hilo')).toBeNull();
      played.push({ nonce: bet.nonce, start, rounds: bet.state.rounds, payout: bet.payout, cashed });
    }
    expect([...endings].sort()).toEqual(['cashout', 'loss', 'skip', 'win']);

    const seeds = await client.active_seeds();
    await client.rotate_seed_pair({ seed: 'hilo-after' });
    const revealed = (await client.active_seeds()).previousServerSeed?.seed;
    expect(revealed).toMatch(/^[0-9a-f]{64}$/);
    let net = 0;
    for (const round of played) {
      const cards = cards_of(revealed!, seeds.activeClientSeed.seed, round.nonce);
      let current = round.start.rank;
      let multiplier = 1;
      round.rounds.forEach((r, i) => {
        // Card i of the outcome is drawn for the i-th guess, skips included.
        expect(r.card).toEqual(cards[i]);
        if (r.guess === 'skip') {
          expect(r.payoutMultiplier).toBeCloseTo(multiplier, 10);
        } else {
          const { wins, won } = judge(r.guess, current, r.card.rank);
          multiplier = won ? multiplier * (0.99 / (wins / 13)) : 0;
          expect(r.payoutMultiplier).toBeCloseTo(multiplier, 10);
        }
        current = r.card.rank;
      });
      // The multiplier in ten-thousandths, then cents, each rounded down (the house keeps fractions); 0 for a lost round.
      const cents = Math.floor((100 * Math.floor(multiplier * 10_000 + 1e-7)) / 10_000);
      expect(round.payout).toBeCloseTo(round.cashed ? cents / 100 : 0, 8);
      net += round.payout - 1;
    }
    expect(await usd()).toBeCloseTo(before + net, 8);
  });

  it('existingGame on a second start; a guess that cannot win or cannot lose refused by the site; nothing open after', async () => {
    const { client } = user(box);
    const usd = async () => (await client.balances()).find((b) => b.available.currency === 'usd')!.available.amount;
    const first = await client.start('hilo', { amount: 1, currency: 'usd', startCard: { rank: 'A', suit: 'S' } });
    const again = await client.start('hilo', { amount: 1, currency: 'usd', startCard: { rank: 'A', suit: 'S' } }).then(() => null, (e: unknown) => e);
    expect(again).toBeInstanceOf(RoundOpenError);
    expect((again as RoundOpenError).error_type).toBe('existingGame');
    const balance = await usd();
    // Higher-or-same on an ace cannot lose: the guide offers "higher" there; the sandbox refuses it, nothing changes.
    const sure = await client.act('hilo', { guess: 'higherEqual' }).then(() => null, (e: unknown) => e);
    expect(GraphQLError.is(sure) && sure.error_type).toBe('invalidArgument');
    expect((await client.active_bet('hilo'))?.state.rounds).toEqual([]);
    expect(await usd()).toBe(balance);
    // The client refuses lower on an ace before the wire.
    await expect(client.act('hilo', { guess: 'lower' })).rejects.toThrow(/impossible on an ace/);
    // Play the round out: higher on an ace wins 12 times in 13 (0.99 × 13 / 12 = 1.0725).
    let bet = await client.act('hilo', { guess: 'higher' });
    if (bet.active) {
      expect(bet.state.rounds[0]!.payoutMultiplier).toBeCloseTo(1.0725, 10);
      bet = await client.cashout('hilo');
      expect(bet.payoutMultiplier).toBeCloseTo(1.0725, 10);
      expect(bet.payout).toBe(1.07); // 107.25 cents, rounded down
    } else {
      expect(bet.state.rounds[0]!.card.rank).toBe('A');
    }
    expect(bet.id).toBe(first.id);
    expect(await client.active_bet('hilo')).toBeNull();
    const none = await client.act('hilo', { guess: 'skip' }).then(() => null, (e: unknown) => e);
    expect(GraphQLError.is(none) && none.error_type).toBe('notFound');
  });
});
