/**
 * Rock Paper Scissors on the wire: its REST route only `rock-paper-scissors/bet`.
 *
 * Sources (site-coverage.md §2.1): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs and SLOT2
 * stakeOriginalsBets.js [idx 62474217767] (REST `rock-paper-scissors/bet` with `{guesses:
 * ["rock"|"paper"|"scissors", …]}`, answer key `rockPaperScissorsBet`); the state was not captured.
 */
import type { BetInput, GameSite } from '../../operations/game-site.js';
import { route, type RockPaperScissorsState, type RpsGuess } from './rules.js';

export type { RockPaperScissorsState };

/** Inputs of `client.play('rockPaperScissors', …)`. */
export interface RockPaperScissorsInput extends BetInput {
  readonly guesses: readonly RpsGuess[];
}

/** rockPaperScissors's route for `client.play` (no `state` selection: its shape is not public). */
export const site: GameSite<RockPaperScissorsInput, RockPaperScissorsState> = {
  document: null,
  ...route.site,
  history: null,
};
