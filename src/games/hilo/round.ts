/**
 * Hilo's guesses: `CasinoGameHiloGuessEnum` is `higher lower equal
 * higherEqual lowerEqual skip` (site-coverage.md §2.2: StakeBOT, MJE, the
 * sportslots bot). On a king nothing is higher and on an ace nothing is
 * lower (the ace is hilo's lowest card, the king its highest: same sources),
 * so `higher` on a K and `lower` on an A are refused before the wire, judged
 * from the last card of the round's latest answer.
 */
import type { SiteCard } from '../kernel/cards-input.js';
import type { HiloGuess, HiloState } from './rules.js';

export type { HiloGuess };

/** Every guess the site takes, in its spelling. */
export const HILO_GUESSES: readonly HiloGuess[] = Object.freeze(['higher', 'lower', 'equal', 'higherEqual', 'lowerEqual', 'skip']);

/** The card a guess is about: the last drawn, else the start card. */
export function hilo_current_card(state: HiloState): SiteCard {
  const last = state.rounds[state.rounds.length - 1];
  return last === undefined ? state.startCard : last.card;
}

/** Checks `{ guess }` of `client.act('hilo', …)` against the current card when it is known. */
export function check_hilo_guess(value: unknown, state: HiloState | null): HiloGuess {
  if (typeof value !== 'string') throw new TypeError('guess must be a string');
  if (!(HILO_GUESSES as readonly string[]).includes(value)) throw new RangeError(`guess must be one of ${HILO_GUESSES.join(', ')}`);
  if (state !== null) {
    const { rank } = hilo_current_card(state);
    if (value === 'higher' && rank === 'K') throw new RangeError('guess higher is impossible on a king: nothing ranks above it (higherEqual, equal or lower)');
    if (value === 'lower' && rank === 'A') throw new RangeError('guess lower is impossible on an ace: nothing ranks below it (lowerEqual, equal or higher)');
  }
  return value as HiloGuess;
}
