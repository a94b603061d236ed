/**
 * Tarot on the wire: its REST route only `tarot/bet`.
 *
 * Sources (site-coverage.md §2.1): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs and SLOT2
 * stakeOriginalsBets.js [idx 62474217767] (REST `tarot/bet` with `{difficulty}`, answer key
 * `tarotBet`), LOOKUP [idx 55243307689] (state typenames): `CasinoGameTarot { difficulty }`.
 */
import type { BetInput, GameSite } from '../../operations/game-site.js';
import type { Difficulty } from '../kernel/live.js';
import { route, type TarotState } from './rules.js';

export type { TarotState };

/** Inputs of `client.play('tarot', …)`. */
export interface TarotInput extends BetInput {
  readonly difficulty: Difficulty;
}

/** tarot's route for `client.play` and its `state` in the bet history. */
export const site: GameSite<TarotInput, TarotState> = {
  document: null,
  ...route.site,
  history: {
    typename: 'CasinoGameTarot',
    // Only fields no other state type has with another type: `rounds`, `difficulty` and
    // `payoutMultiplier` differ by game, and one union selection cannot hold both unaliased.
    fragment: `fragment CasinoGameTarot on CasinoGameTarot {
  __typename
}`,
  },
};
