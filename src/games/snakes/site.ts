/**
 * Snakes on the wire: its REST route only `snakes/bet`.
 *
 * Sources (site-coverage.md §2.1): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs and SLOT2
 * stakeOriginalsBets.js [idx 62474217767] (REST `snakes/bet` with `{difficulty, rollCount}`, answer
 * key `snakesBet`), LOOKUP [idx 55243307689] (state typenames): `CasinoGameSnakes { difficulty }`.
 */
import type { BetInput, GameSite } from '../../operations/game-site.js';
import type { Difficulty } from '../kernel/live.js';
import { route, type SnakesState } from './rules.js';

export type { SnakesState };

/** Inputs of `client.play('snakes', …)`. */
export interface SnakesInput extends BetInput {
  readonly difficulty: Difficulty;
  readonly rollCount: number;
}

/** snakes's route for `client.play` and its `state` in the bet history. */
export const site: GameSite<SnakesInput, SnakesState> = {
  document: null,
  ...route.site,
  history: {
    typename: 'CasinoGameSnakes',
    // Only fields no other state type has with another type: `rounds`, `difficulty` and
    // `payoutMultiplier` differ by game, and one union selection cannot hold both unaliased.
    fragment: `fragment CasinoGameSnakes on CasinoGameSnakes {
  __typename
}`,
  },
};
