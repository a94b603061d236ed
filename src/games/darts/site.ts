/**
 * Darts on the wire: its REST route only `darts/bet`.
 *
 * Sources (site-coverage.md §2.1): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs and SLOT2
 * stakeOriginalsBets.js [idx 62474217767] (REST `darts/bet` with `{difficulty}`, answer key
 * `dartsBet`), LOOKUP [idx 55243307689] (state typenames): `CasinoGameDarts { difficulty }`.
 */
import type { BetInput, GameSite } from '../../operations/game-site.js';
import type { Difficulty } from '../kernel/live.js';
import { route, type DartsState } from './rules.js';

export type { DartsState };

/** Inputs of `client.play('darts', …)`. */
export interface DartsInput extends BetInput {
  readonly difficulty: Difficulty;
}

/** darts's route for `client.play` and its `state` in the bet history. */
export const site: GameSite<DartsInput, DartsState> = {
  document: null,
  ...route.site,
  history: {
    typename: 'CasinoGameDarts',
    // Only fields no other state type has with another type: `rounds`, `difficulty` and
    // `payoutMultiplier` differ by game, and one union selection cannot hold both unaliased.
    fragment: `fragment CasinoGameDarts on CasinoGameDarts {
  __typename
}`,
  },
};
