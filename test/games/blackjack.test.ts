/**
 * Blackjack's pure rules and basic strategy. Chart cells are written out by
 * hand from the public chart basic.ts cites (3+ decks, dealer stands on soft
 * 17, double any two, double after split, peek, 3:2; the site has no
 * surrender, so "surrender else hit" is a hit). The return of basic strategy
 * over hands dealt from random seeds (Stake's published draw, through
 * stakeql/fairness) is checked against the public figure for Stake Originals
 * Blackjack, RTP 99.43 % (docs/round-rules.md); a small count here, the long
 * run in `npm run stress` (scripts/stress-blackjack.mjs).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { outcome } from '../../src/fairness/index.js';
import { basic_strategy } from '../../src/games/blackjack/basic.js';
import { blackjack_act, blackjack_deal, blackjack_multiplier, blackjack_result, blackjack_settle, blackjack_total } from '../../src/games/blackjack/rules.js';
import type { BlackjackState } from '../../src/games/blackjack/site.js';

const c = (rank: string, suit = 'S') => ({ rank, suit });
/** A state with one open hand of `ranks` against the dealer's `up`. */
function hand(ranks: string[], up: string, actions: string[] = ['deal']): BlackjackState {
  return { player: [{ value: 0, actions, cards: ranks.map((r) => c(r)) }], dealer: [{ value: 0, actions: ['deal'], cards: [c(up)] }] };
}

describe('basic strategy: chart cells', () => {
  it.each([
    [['10', '6'], '10', 'hit'], // 16 v 10: surrender in the chart, none on the site, so hit
    [['10', '2'], '4', 'stand'], // 12 v 4
    [['10', '2'], '3', 'hit'], // 12 v 3
    [['6', '5'], 'A', 'hit'], // 11 v A
    [['6', '5'], '10', 'double'], // 11 v 10
    [['5', '4'], '2', 'hit'], // 9 v 2
    [['5', '4'], '3', 'double'], // 9 v 3
    [['A', '7'], '3', 'double'], // soft 18 v 3
    [['A', '7'], '9', 'hit'], // soft 18 v 9
    [['A', '7'], '2', 'stand'], // soft 18 v 2
    [['A', '2'], '5', 'double'], // soft 13 v 5
    [['A', '2'], '4', 'hit'], // soft 13 v 4
    [['9', '9'], '7', 'stand'],
    [['9', '9'], '8', 'split'],
    [['8', '8'], 'A', 'split'],
    [['4', '4'], '5', 'split'],
    [['5', '5'], '9', 'double'], // played as hard 10
    [['K', 'K'], '6', 'stand'],
    [['A', 'A'], '10', 'split'],
  ])('%j against %s: %s', (ranks, up, move) => {
    // Against an ace, insurance has been declined first.
    expect(basic_strategy(hand(ranks, up, up === 'A' ? ['deal', 'noInsurance'] : ['deal']))).toBe(move);
  });

  it('three cards cannot double: "double else stand" stands, "double else hit" hits; insurance is declined', () => {
    expect(basic_strategy(hand(['A', '3', '4'], '3', ['deal', 'hit']))).toBe('stand'); // soft 18 v 3
    expect(basic_strategy(hand(['3', '3', '5'], '6', ['deal', 'hit']))).toBe('hit'); // 11 v 6
    expect(basic_strategy(hand(['10', '6'], 'A'))).toBe('noInsurance');
    expect(basic_strategy(hand(['10', '6'], 'A', ['deal', 'noInsurance']))).toBe('hit');
  });
});

describe('blackjack rules', () => {
  it('deals player, dealer, player, hole card; a natural pays 3:2; the dealer stands on soft 17', () => {
    const natural = blackjack_deal([c('A'), c('9'), c('K'), c('7')]);
    expect(natural.over).toBe(true);
    expect(blackjack_result(natural)).toEqual({ staked: 1, returned: 2.5, insurance: 'none' });
    // 10+8 stands on 18; the dealer 6+A is soft 17: stands, player wins 1:1.
    let round = blackjack_deal([c('10'), c('6'), c('8'), c('A'), c('5')]);
    round = blackjack_act(round, 'stand');
    expect(round.dealer.cards).toHaveLength(2);
    expect(blackjack_result(round).returned).toBe(2);
  });

  it('insurance pays 2:1 on a dealer natural; split gives two hands; a double stakes twice and takes one card', () => {
    let round = blackjack_deal([c('10'), c('A'), c('9'), c('K')]);
    expect(() => blackjack_act(round, 'hit')).toThrow(/insurance, noInsurance/);
    round = blackjack_act(round, 'insurance');
    const r = blackjack_result(round);
    expect(r).toEqual({ staked: 1, returned: 0, insurance: 'won' });
    expect(blackjack_multiplier(r)).toBe(1); // 1.5 back on 1.5 staked
    let split = blackjack_deal([c('8'), c('10'), c('8'), c('7'), c('3'), c('10'), c('9')]);
    split = blackjack_act(split, 'split');
    expect(split.hands.map((h) => h.cards.map((x) => x.rank))).toEqual([['8', '3'], ['8', '10']]);
    split = blackjack_act(split, 'double'); // 8+3 = 11, draws one card
    expect(split.hands[0]!.stake).toBe(2);
    expect(() => blackjack_act(split, 'split')).toThrow(RangeError); // no re-split
    expect(blackjack_total([c('A'), c('6')])).toEqual({ total: 17, soft: true });
  });
});

describe('basic strategy over dealt hands', () => {
  it('returns within the public figure (RTP 99.43 %) over 20,000 hands from random seeds (long run: npm run stress)', () => {
    const hands = 20_000;
    const server_seed = randomBytes(32).toString('hex');
    const client_seed = randomBytes(8).toString('hex');
    let net = 0;
    for (let nonce = 0; nonce < hands; nonce++) {
      const { cards } = outcome('blackjack', { server_seed, client_seed, nonce });
      const { result } = blackjack_settle(cards, basic_strategy);
      const insured = result.insurance === 'none' ? 0 : 0.5;
      net += result.returned + (result.insurance === 'won' ? 1.5 : 0) - result.staked - insured;
    }
    // Per first stake; one hand's standard deviation is about 1.15, so 20,000 hands give ±0.8 % a sigma: 3 % is over 3.5 sigma.
    const rtp = 1 + net / hands;
    expect(Math.abs(rtp - 0.9943)).toBeLessThan(0.03);
  });
});
