/**
 * Card games. Blackjack, Hilo and Baccarat deal from an unlimited number of
 * decks: each card is CARDS[⌊float × 52⌋] with the index ♦2, ♥2, ♠2, ♣2, ♦3 …
 * ♣A; Hilo and Blackjack draw 52 floats, Baccarat 6. Video Poker deals from one
 * deck: 52 floats draw the 52 cards without replacement
 * (https://stake.com/provably-fair/game-events, "Blackjack, Hilo & Baccarat",
 * "Video Poker").
 */
import { draw_without_replacement } from './draw.js';
import type { GameDefinition } from './definition.js';

/** One card: its index 0–51 in the site's table, rank and suit. */
export interface Card {
  index: number;
  rank: '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | 'J' | 'Q' | 'K' | 'A';
  suit: 'D' | 'H' | 'S' | 'C';
}

/** The cards in the order they are dealt. */
export interface CardsOutcome {
  cards: Card[];
}

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
const SUITS = ['D', 'H', 'S', 'C'] as const;

/** The card at `index` (0–51) of the site's table: rank-major, suits ♦ ♥ ♠ ♣. */
export function card_at(index: number): Card {
  return { index, rank: RANKS[index >> 2] as Card['rank'], suit: SUITS[index & 3] as Card['suit'] };
}

function unlimited_deck(name: string, count: number): GameDefinition<Record<string, never>, CardsOutcome> {
  return {
    name,
    source: 'https://stake.com/provably-fair/game-events',
    formula: `card_i = CARDS[floor(float_i × 52)], i = 0…${count - 1} (CARDS: ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A)`,
    params: () => ({}),
    float_count: () => count,
    translate: (floats) => ({ cards: floats.map((f) => card_at(Math.floor(f * 52))) }),
  };
}

export const blackjack = unlimited_deck('blackjack', 52);
export const hilo = unlimited_deck('hilo', 52);
export const baccarat = unlimited_deck('baccarat', 6);

export const videoPoker: GameDefinition<Record<string, never>, CardsOutcome> = {
  name: 'videoPoker',
  source: 'https://stake.com/provably-fair/game-events',
  formula: 'card_i = remaining[floor(float_i × (52 − i))], i = 0…51 (one deck, no replacement)',
  params: () => ({}),
  float_count: () => 52,
  translate: (floats) => ({ cards: draw_without_replacement(floats, 52).map(card_at) }),
};
