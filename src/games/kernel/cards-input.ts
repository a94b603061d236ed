/**
 * A card as a round's input names it (hilo's start card, video poker's held
 * cards): `{ rank, suit }` with the site's spellings (site-coverage.md §2.2:
 * rank `A 2 … 10 J Q K`, suit `C D H S`; always an object, never a string).
 */
/** One card as the site writes it. */
export interface SiteCard {
  readonly rank: string;
  readonly suit: string;
}

/** The ranks in the site's spelling, ace low as hilo orders them. */
export const RANKS = Object.freeze(['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const);
/** The suits in the site's spelling. */
export const SUITS = Object.freeze(['C', 'D', 'H', 'S'] as const);

/** Checks one card, naming `field` in the error. */
export function check_card(value: unknown, field: string): SiteCard {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${field} must be an object { rank, suit }`);
  const { rank, suit } = value as { rank?: unknown; suit?: unknown };
  if (typeof rank !== 'string' || !(RANKS as readonly string[]).includes(rank)) throw new RangeError(`${field}.rank must be one of ${RANKS.join(' ')}`);
  if (typeof suit !== 'string' || !(SUITS as readonly string[]).includes(suit)) throw new RangeError(`${field}.suit must be one of ${SUITS.join(' ')}`);
  return { rank, suit };
}
