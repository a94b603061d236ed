/**
 * Limbo rules: the bet wins when the result reaches the target
 * (`result >= multiplierTarget`) and then pays `multiplierTarget`; the 1 %
 * house edge is in the result formula (see outcomes.ts). Targets run from
 * 1.01× to 1,000,000× (https://forum.stake.com/guides/, "Limbo": "The minimum
 * payout playable is 1.01x while the max is capped at 1,000,000.00x").
 */
import { limbo_multiplier, limbo_wins } from './rules.js';
import type { SandboxGame } from '../../sandbox/game-port.js';
import { checkRange } from '../../sandbox/refusals.js';

export const MIN_LIMBO_TARGET = 1.01;
export const MAX_LIMBO_TARGET = 1_000_000;

/** Refuses a target outside 1.01–1,000,000. */
export function checkLimboTarget(multiplierTarget: number): void {
  checkRange('multiplierTarget', multiplierTarget, MIN_LIMBO_TARGET, MAX_LIMBO_TARGET);
}

/** Whether the round's result reaches the target. */
export const limboWins = limbo_wins;

/** The target as a multiplier in ten-thousandths. */
export const limboMultiplier = limbo_multiplier;

/** Limbo in the sandbox's schema; `limboBet` refuses a target out of range. */
export const sandbox: SandboxGame = {
  name: 'limbo',
  // REST route: operations.md §2 (SBOT BotEngine.cs, MJE docs/api/game-endpoints.md).
  rest: { path: 'limbo/bet', field: 'limboBet' },
  title: 'Limbo',
  typename: 'CasinoGameLimbo',
  sdl: 'type CasinoGameLimbo { result: Float! multiplierTarget: Float! }',
  mutations: 'limboBet(amount: Float!, multiplierTarget: Float!, currency: CurrencyEnum!, identifier: String!): CasinoBet!',
  check: (args) => {
    const multiplierTarget = args['multiplierTarget'] as number;
    checkLimboTarget(multiplierTarget);
    return { multiplierTarget };
  },
};
