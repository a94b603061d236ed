/**
 * Chicken on the wire: its REST route only `chicken/bet`.
 *
 * Sources (site-coverage.md §2.1): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs and SLOT2
 * stakeOriginalsBets.js [idx 62474217767] (REST `chicken/bet` with `{difficulty, round}`, answer key
 * `chickenBet`), LOOKUP [idx 55243307689] (state typenames): `CasinoGameChicken { difficulty }`.
 */
import type { BetInput, GameSite } from '../../operations/game-site.js';
import type { Difficulty } from '../kernel/live.js';
import { route, type ChickenState } from './rules.js';

export type { ChickenState };

/** Inputs of `client.play('chicken', …)`. */
export interface ChickenInput extends BetInput {
  readonly difficulty: Difficulty;
  readonly round: number;
}

/** chicken's route for `client.play` and its `state` in the bet history. */
export const site: GameSite<ChickenInput, ChickenState> = {
  document: null,
  ...route.site,
  history: {
    typename: 'CasinoGameChicken',
    // Only fields no other state type has with another type: `rounds`, `difficulty` and
    // `payoutMultiplier` differ by game, and one union selection cannot hold both unaliased.
    fragment: `fragment CasinoGameChicken on CasinoGameChicken {
  __typename
}`,
  },
};
