/**
 * Hilo and blackjack computed here from the seeds with createHmac and
 * Stake's published card table (https://stake.com/provably-fair/game-events:
 * CARDS[floor(float × 52)], ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A), and the public rules
 * written out (hilo: Stake's guide, ace lowest, 0.99 / chance; blackjack:
 * 1:1, a natural 3:2, a push returns the stake, insurance 2:1, the dealer
 * stands on 17), independent of the code under test.
 */
import { floats } from './mines-helpers.js';

export type Card = { rank: string; suit: string };

const TABLE_RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const TABLE_SUITS = ['D', 'H', 'S', 'C'];

/** The round's 52 cards as Stake's page draws them. */
export function cards_of(server: string, client: string, nonce: number): Card[] {
  return floats(server, client, nonce, 52).map((f) => {
    const i = Math.floor(f * 52);
    return { rank: TABLE_RANKS[i >> 2]!, suit: TABLE_SUITS[i & 3]! };
  });
}

/** Hilo's order, ace lowest. */
export const hilo_value = (rank: string): number => ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].indexOf(rank) + 1;

/** The likelier side (the guide's options): on an ace higher, on a king lower, else higher-or-same / lower-or-same. */
export function hilo_likelier(rank: string): string {
  if (rank === 'A') return 'higher';
  if (rank === 'K') return 'lower';
  return hilo_value(rank) <= 7 ? 'higherEqual' : 'lowerEqual';
}

/** Ranks out of 13 that win `guess` on `current`, and whether `next` wins. */
export function hilo_judge(guess: string, current: string, next: string): { wins: number; won: boolean } {
  const a = hilo_value(current);
  const b = hilo_value(next);
  const table: Record<string, [number, boolean]> = {
    higher: [13 - a, b > a], lower: [a - 1, b < a], equal: [1, a === b], higherEqual: [14 - a, b >= a], lowerEqual: [a, b <= a],
  };
  return { wins: table[guess]![0], won: table[guess]![1] };
}

/** A `{ cashout_at }` round over `cards` from `start`: the guesses made, the multiplier, whether it was cashed out. */
export function hilo_round(start: string, cards: readonly Card[], cashout_at: number): { guesses: string[]; multiplier: number; cashed: boolean } {
  let current = start;
  let multiplier = 1;
  const guesses: string[] = [];
  for (const card of cards) {
    if (guesses.length > 0 && multiplier >= cashout_at) return { guesses, multiplier, cashed: true };
    const guess = hilo_likelier(current);
    guesses.push(guess);
    const { wins, won } = hilo_judge(guess, current, card.rank);
    if (!won) return { guesses, multiplier: 0, cashed: false };
    multiplier *= 0.99 / (wins / 13);
    current = card.rank;
  }
  throw new Error('52 cards and no ending');
}

/** Best blackjack total: faces 10, an ace 11 unless that busts. */
export function bj_total(cards: readonly Card[]): number {
  let sum = 0;
  let aces = 0;
  for (const { rank } of cards) {
    if (rank === 'A') aces++;
    sum += rank === 'A' ? 1 : ['J', 'Q', 'K'].includes(rank) ? 10 : Number(rank);
  }
  return aces > 0 && sum + 10 <= 21 ? sum + 10 : sum;
}
export const bj_natural = (cards: readonly Card[]): boolean => cards.length === 2 && bj_total(cards) === 21;

/** A finished blackjack state: the player's hands (with their actions) and the dealer's cards. */
export interface BjState {
  readonly player: ReadonlyArray<{ readonly cards: readonly Card[]; readonly actions: readonly string[] }>;
  readonly dealer: ReadonlyArray<{ readonly cards: readonly Card[] }>;
}

/** Checks the state's cards are the seeds' in deal order: player, dealer, player, hole card, then each card asked for. */
export function bj_cards_in_order(state: BjState, cards: readonly Card[]): { expected: Card[]; got: Card[] } {
  const hands = state.player.map((h) => h.cards);
  const dealer = state.dealer[0]!.cards;
  const split = hands.length === 2;
  const later = split ? [hands[0]![1]!, hands[1]![1]!, ...hands[0]!.slice(2), ...hands[1]!.slice(2)] : hands[0]!.slice(2);
  const got = [hands[0]![0]!, dealer[0]!, split ? hands[1]![0]! : hands[0]![1]!, ...(dealer[1] === undefined ? [] : [dealer[1]]), ...later, ...dealer.slice(2)];
  return { expected: cards.slice(0, got.length), got };
}

/** What the public payouts return for the final state, per 1 of the opening bet (insurance: half the bet at 2:1). */
export function bj_return(state: BjState, insured: boolean): number {
  const dealer = state.dealer[0]!.cards;
  const d = bj_total(dealer);
  const split = state.player.length > 1;
  let back = insured && bj_natural(dealer) ? 0.5 * 3 : 0;
  for (const hand of state.player) {
    const stake = hand.actions.includes('double') ? 2 : 1;
    const p = bj_total(hand.cards);
    if (bj_natural(dealer)) back += !split && bj_natural(hand.cards) ? stake : 0;
    else if (!split && bj_natural(hand.cards)) back += 2.5;
    else if (p > 21) back += 0;
    else if (d > 21 || p > d) back += 2 * stake;
    else if (p === d) back += stake;
  }
  return back;
}

/** The stake the final state shows, per 1 of the opening bet: a double or a split puts it up again, insurance half. */
export function bj_staked(state: BjState, insured: boolean): number {
  return state.player.reduce((s, h) => s + (h.actions.includes('double') ? 2 : 1), 0) + (insured ? 0.5 : 0);
}
