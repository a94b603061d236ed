/**
 * Primedice-X on the wire: its REST route only `primedice-x/bet`.
 *
 * Source (site-coverage.md §2.1, one source): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs
 * `BetPrimedice` (REST `primedice-x/bet` with `{target1, target2, target3, target4, condition, identifier,
 * amount, currency}`, target3/4 null for rollBetween/rollOutside; it reads the answer's first key, so
 * `primediceXBet` is the route's name in the site's pattern, not a captured key; `state.result` without a
 * typename, so no history selection). BOT4's `PrimediceRoll` is primedice.com's, not this game.
 */
import type { BetInput, GameSite } from '../../operations/game-site.js';
import { route, type PrimediceXCondition, type PrimediceXState } from './rules.js';

export type { PrimediceXState };

/** Inputs of `client.play('primediceX', …)`; `target3`/`target4` only with `rollBetweenTwo`. */
export interface PrimediceXInput extends BetInput {
  readonly target1: number;
  readonly target2: number;
  readonly target3?: number | null;
  readonly target4?: number | null;
  readonly condition: PrimediceXCondition;
}

/** primediceX's route for `client.play` (no `state` selection: no source names its type). */
export const site: GameSite<PrimediceXInput, PrimediceXState> = {
  document: null,
  ...route.site,
  history: null,
};
