/**
 * Bars on the wire: its REST route only `bars/bet`.
 *
 * Sources (site-coverage.md §2.1): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs and SLOT2
 * stakeOriginalsBets.js [idx 62474217767] (REST `bars/bet` with `{difficulty, tiles:[int]}`, answer
 * key `barsBet`), LOOKUP [idx 55243307689] (state typenames): `CasinoGameBars { difficulty tiles }`.
 */
import type { BetInput, GameSite } from '../../operations/game-site.js';
import type { Difficulty } from '../kernel/live.js';
import { route, type BarsState } from './rules.js';

export type { BarsState };

/** Inputs of `client.play('bars', …)`. */
export interface BarsInput extends BetInput {
  readonly difficulty: Difficulty;
  readonly tiles: readonly number[];
}

/** bars's route for `client.play` and its `state` in the bet history. */
export const site: GameSite<BarsInput, BarsState> = {
  document: null,
  ...route.site,
  history: {
    typename: 'CasinoGameBars',
    // Only fields no other state type has with another type: `rounds`, `difficulty` and
    // `payoutMultiplier` differ by game, and one union selection cannot hold both unaliased.
    fragment: `fragment CasinoGameBars on CasinoGameBars {
  tiles
}`,
  },
};
