/**
 * Blackjack basic strategy for the rules of ./rules.ts, from the public chart
 * for "3 or more decks, dealer stands on soft 17, double on any 2 cards,
 * double after split allowed, dealer peeks for blackjack, and blackjack pays
 * 3:2" (http://blackjack-hand-odds.blogspot.com/2009/04/table-of-what-to-do-in-each-blackjack.html;
 * the same table as Wikipedia's "Blackjack" basic-strategy table, copied at
 * https://pinocchiopedia.com/wiki/User:Kaluza81). The site offers no
 * surrender, so the chart's "surrender, else hit" is a hit; insurance is
 * never taken (basic strategy declines it). An unlimited deck is closest to
 * the chart's many decks.
 */
import { blackjack_insurance_offered, blackjack_total, type BlackjackAction, type BlackjackHand, type BlackjackState } from './rules.js';

type Cell = 'H' | 'S' | 'Dh' | 'Ds' | 'P';
/** Dealer up card 2, 3, …, 10, A → column 0–9. */
const column = (rank: string): number => (rank === 'A' ? 9 : rank === 'J' || rank === 'Q' || rank === 'K' ? 8 : Number(rank) - 2);
const row = (cells: string): Cell[] => cells.split(' ') as Cell[];

// Hard totals, columns dealer 2 3 4 5 6 7 8 9 10 A.
const HARD: Readonly<Record<number, Cell[]>> = {
  9: row('H Dh Dh Dh Dh H H H H H'),
  10: row('Dh Dh Dh Dh Dh Dh Dh Dh H H'),
  11: row('Dh Dh Dh Dh Dh Dh Dh Dh Dh H'),
  12: row('H H S S S H H H H H'),
  13: row('S S S S S H H H H H'),
  14: row('S S S S S H H H H H'),
  15: row('S S S S S H H H H H'),
  16: row('S S S S S H H H H H'),
};
// Soft totals (A + the other cards).
const SOFT: Readonly<Record<number, Cell[]>> = {
  13: row('H H H Dh Dh H H H H H'),
  14: row('H H H Dh Dh H H H H H'),
  15: row('H H Dh Dh Dh H H H H H'),
  16: row('H H Dh Dh Dh H H H H H'),
  17: row('H Dh Dh Dh Dh H H H H H'),
  18: row('S Ds Ds Ds Ds S S H H H'),
};
// Pairs, by rank; 5,5 and ten-valued pairs are played as hard totals.
const PAIRS: Readonly<Record<string, Cell[]>> = {
  A: row('P P P P P P P P P P'),
  '9': row('P P P P P S P P S S'),
  '8': row('P P P P P P P P P P'),
  '7': row('P P P P P P H H H H'),
  '6': row('P P P P P H H H H H'),
  '4': row('H H H P P H H H H H'),
  '3': row('P P P P P P H H H H'),
  '2': row('P P P P P P H H H H'),
};

/** Whether a hand still takes moves: its history does not end it. */
function open_hand(hand: BlackjackHand): boolean {
  return !hand.actions.some((a) => a === 'stand' || a === 'double' || a === 'bust' || a === 'full');
}

/**
 * The basic-strategy move for the round's state (the site's
 * CasinoGameBlackjack): `noInsurance` when insurance is offered, else the
 * chart's move for the first hand still open against the dealer's up card.
 * A RangeError when no hand is open.
 */
export function basic_strategy(state: BlackjackState): BlackjackAction {
  const up = state.dealer[0]?.cards[0];
  const first = state.player[0];
  if (up === undefined || first === undefined) throw new RangeError('the state has no dealer up card or no player hand');
  if (blackjack_insurance_offered(state)) return 'noInsurance';
  const hand = state.player.find(open_hand);
  if (hand === undefined) throw new RangeError('no hand of the round is open');
  const col = column(up.rank);
  const two = hand.cards.length === 2;
  const [a, b] = hand.cards;
  let cell: Cell | undefined;
  if (two && state.player.length === 1 && a !== undefined && b !== undefined && a.rank === b.rank) cell = PAIRS[a.rank]?.[col];
  if (cell === undefined) {
    const { total, soft } = blackjack_total(hand.cards);
    if (soft) cell = total >= 19 ? 'S' : SOFT[total]?.[col] ?? 'H';
    else cell = total >= 17 ? 'S' : total <= 8 ? 'H' : HARD[total]?.[col] ?? 'H';
  }
  switch (cell) {
    case 'P':
      return 'split';
    case 'S':
      return 'stand';
    case 'H':
      return 'hit';
    case 'Dh':
      return two ? 'double' : 'hit';
    case 'Ds':
      return two ? 'double' : 'stand';
  }
}
