/**
 * Moles on the wire: its REST route only `moles/autobet`.
 *
 * Sources (site-coverage.md §2.1): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs `BetMoles`, the one
 * source of the route (REST `moles/autobet` with `{amount, currency, identifier, molesCount, picks:[int]}`;
 * it reads the answer's first key, so `molesAutobet` is the route's name in the site's pattern, not a
 * captured key), LOOKUP [idx 55243307689] (state typenames): `CasinoGameMoles { molesCount }`.
 */
import type { BetInput, GameSite } from '../../operations/game-site.js';
import { route, type MolesState } from './rules.js';

export type { MolesState };

/** Inputs of `client.play('moles', …)`. */
export interface MolesInput extends BetInput {
  readonly molesCount: number;
  readonly picks: readonly number[];
}

/** moles's route for `client.play` and its `state` in the bet history. */
export const site: GameSite<MolesInput, MolesState> = {
  document: null,
  ...route.site,
  history: {
    typename: 'CasinoGameMoles',
    // Only fields no other state type has with another type (one union selection merges them).
    fragment: `fragment CasinoGameMoles on CasinoGameMoles {
  molesCount
}`,
  },
};
