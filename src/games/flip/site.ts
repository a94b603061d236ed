/**
 * Flip on the wire: `FlipBet`.
 *
 * Sources (site-coverage.md §2.1): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs (sends it over
 * GraphQL: `FlipBet($amount, $currency, $identifier: String, $guesses: [FlipConditionEnum!]!)`), SLOT2
 * stakeOriginalsBets.js [idx 62474217767]; no REST route seen; state `CasinoGameFlip { currentRound
 * payoutMultiplier playedRounds flips }`.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite } from '../../operations/game-site.js';
import { route, type FlipCondition, type FlipState } from './rules.js';

export type { FlipState };

/** Inputs of `client.play('flip', …)`. */
export interface FlipInput extends BetInput {
  readonly guesses: readonly FlipCondition[];
}

/** Result of `FlipBet`. */
export interface FlipBetResult {
  readonly flipBet: CasinoBet<FlipState>;
}

/** The `FlipBet` mutation `client.play('flip', …)` sends. */
export const FlipBet = typed_document<FlipBetResult, Record<string, unknown>>(/* GraphQL */ `
mutation FlipBet($amount: Float!, $currency: CurrencyEnum!, $guesses: [FlipConditionEnum!]!, $identifier: String) {
  flipBet(amount: $amount, currency: $currency, guesses: $guesses, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameFlip
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGameFlip on CasinoGameFlip {
  currentRound
  payoutMultiplier
  playedRounds
  flips
}
`);

/** flip's document for `client.play` and its `state` in the bet history. */
export const site: GameSite<FlipInput, FlipState> = {
  document: FlipBet,
  ...route.site,
  history: {
    typename: 'CasinoGameFlip',
    // Only fields no other state type has with another type: `rounds`, `difficulty` and
    // `payoutMultiplier` differ by game, and one union selection cannot hold both unaliased.
    fragment: `fragment CasinoGameFlip on CasinoGameFlip {
  currentRound
  playedRounds
  flips
}`,
  },
};
