/**
 * Drill on the wire: its REST route only `drill/bet`.
 *
 * Source (site-coverage.md §2.1, one source): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs
 * `BetDrill` (REST `drill/bet` with `{amount, currency, identifier, target, pick}`; it reads the answer's
 * first key, so `drillBet` is the route's name in the site's `{game}Bet` pattern, not a captured key; the
 * state's `drillResults[] { multiplier }` without a typename, so no history selection).
 */
import type { BetInput, GameSite } from '../../operations/game-site.js';
import { route, type DrillState } from './rules.js';

export type { DrillState };

/** Inputs of `client.play('drill', …)`. */
export interface DrillInput extends BetInput {
  readonly target: number;
  readonly pick: number;
}

/** drill's route for `client.play` (no `state` selection: no source names its type). */
export const site: GameSite<DrillInput, DrillState> = {
  document: null,
  ...route.site,
  history: null,
};
