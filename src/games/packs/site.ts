/**
 * Packs on the wire: its REST route only `packs/bet`.
 *
 * Sources (site-coverage.md §2.1): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs and SLOT2
 * stakeOriginalsBets.js [idx 62474217767] (REST `packs/bet`, body `{}` beyond the bet's own fields;
 * answer key `packsBet`); state `CasinoGamePacks { cards { id isNew multiplier } cardsCollected }`
 * (SLOT).
 */
import type { BetInput, GameSite } from '../../operations/game-site.js';
import { route, type PacksState } from './rules.js';

export type { PacksState };

/** Inputs of `client.play('packs', …)`. */
export type PacksInput = BetInput;

/** packs's route for `client.play` and its `state` in the bet history. */
export const site: GameSite<PacksInput, PacksState> = {
  document: null,
  ...route.site,
  history: {
    typename: 'CasinoGamePacks',
    // Only fields no other state type has with another type: `rounds`, `difficulty` and
    // `payoutMultiplier` differ by game, and one union selection cannot hold both unaliased.
    fragment: `fragment CasinoGamePacks on CasinoGamePacks {
  cards {
    id
    isNew
    multiplier
  }
  cardsCollected
}`,
  },
};
