/**
 * Video poker's one move: hold some of the five cards dealt and draw the
 * rest (`VideoPokerNext($held: [VideoPokerNextHeldInput]!)`, each held card
 * `{ rank, suit }`: site-coverage.md §2.1). At most five distinct cards, each
 * one of the hand dealt when that hand is known.
 */
import type { SiteCard } from '../kernel/cards-input.js';
import { check_card } from '../kernel/cards-input.js';
import type { VideoPokerState } from './site.js';

/** Checks `{ held }` of `client.act('videoPoker', …)`. */
export function check_video_poker_held(value: unknown, state: VideoPokerState | null): SiteCard[] {
  if (!Array.isArray(value)) throw new TypeError('held must be an array of cards { rank, suit }');
  if (value.length > 5) throw new RangeError(`held must hold at most 5 cards (got ${value.length})`);
  const held: SiteCard[] = [];
  for (let i = 0; i < value.length; i++) {
    const card = check_card(value[i], `held[${i}]`);
    if (held.some((c) => c.rank === card.rank && c.suit === card.suit)) throw new RangeError(`held[${i}] repeats ${card.rank}${card.suit}`);
    if (state !== null && !state.playerHand.some((c) => c.rank === card.rank && c.suit === card.suit)) {
      throw new RangeError(`held[${i}] ${card.rank}${card.suit} is not in the hand dealt`);
    }
    held.push(card);
  }
  return held;
}
