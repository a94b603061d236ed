/**
 * Blackjack's moves as the site takes them: `BlackjackNextActionInput` is
 * `hit stand double split insurance noInsurance` (site-coverage.md §2.2: the
 * sportslots bot, MJE, search-index file 40686573989). There is no
 * `surrender` in any source, so it is refused before the wire; whether a move
 * is allowed now (a split without a pair, a double after a hit) the site
 * decides.
 */

import type { BlackjackAction } from './rules.js';

export type { BlackjackAction };

/** Every move the site takes, in its spelling. */
export const BLACKJACK_ACTIONS: readonly BlackjackAction[] = Object.freeze(['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance']);

/** Checks `{ action }` of `client.act('blackjack', …)`. */
export function check_blackjack_action(value: unknown): BlackjackAction {
  if (typeof value !== 'string') throw new TypeError('action must be a string');
  if (!(BLACKJACK_ACTIONS as readonly string[]).includes(value)) {
    const why = value === 'surrender' ? ' (the site offers no surrender)' : '';
    throw new RangeError(`action must be one of ${BLACKJACK_ACTIONS.join(', ')}${why}`);
  }
  return value as BlackjackAction;
}
