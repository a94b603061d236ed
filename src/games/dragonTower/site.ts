/**
 * Dragon Tower on the wire: `DragonTowerBet`, REST `dragon-tower/bet`.
 *
 * Sources (site-coverage.md §2.1): poky1084/bot4stake:web.js@1af081c, FORCE [idx 36008956795] (GraphQL
 * `DragonTowerBet($amount, $currency, $difficulty: DragonTowerDifficultyEnum!, $eggs: [Int!]!,
 * $identifier: String)`), poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs and SLOT2
 * stakeOriginalsBets.js [idx 62474217767] (REST `dragon-tower/bet`); state `CasinoGameDragonTower {
 * currentRound playedRounds difficulty rounds tilesSelected }`.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite } from '../../operations/game-site.js';
import { route, type DragonTowerDifficulty, type DragonTowerState } from './rules.js';

export type { DragonTowerState };

/** Inputs of `client.play('dragonTower', …)`. */
export interface DragonTowerInput extends BetInput {
  readonly difficulty: DragonTowerDifficulty;
  readonly eggs: readonly number[];
}

/** Result of `DragonTowerBet`. */
export interface DragonTowerBetResult {
  readonly dragonTowerBet: CasinoBet<DragonTowerState>;
}

/** The `DragonTowerBet` mutation `client.play('dragonTower', …)` sends. */
export const DragonTowerBet = typed_document<DragonTowerBetResult, Record<string, unknown>>(/* GraphQL */ `
mutation DragonTowerBet($amount: Float!, $currency: CurrencyEnum!, $difficulty: DragonTowerDifficultyEnum!, $eggs: [Int!]!, $identifier: String) {
  dragonTowerBet(amount: $amount, currency: $currency, difficulty: $difficulty, eggs: $eggs, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameDragonTower
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGameDragonTower on CasinoGameDragonTower {
  currentRound
  playedRounds
  difficulty
  rounds
  tilesSelected
}
`);

/** dragonTower's document and route for `client.play` and its `state` in the bet history. */
export const site: GameSite<DragonTowerInput, DragonTowerState> = {
  document: DragonTowerBet,
  ...route.site,
  history: {
    typename: 'CasinoGameDragonTower',
    // Only fields no other state type has with another type: `rounds`, `difficulty` and
    // `payoutMultiplier` differ by game, and one union selection cannot hold both unaliased.
    fragment: `fragment CasinoGameDragonTower on CasinoGameDragonTower {
  currentRound
  playedRounds
  tilesSelected
}`,
  },
};
