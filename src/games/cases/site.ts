/**
 * Cases on the wire: `CasesBet`, REST `cases/bet`.
 *
 * Sources (site-coverage.md §2.1): swqstake-bot/sportslots@05037ce src/api/queries.ts (GraphQL
 * `CasesBet($amount, $currency, $identifier: String!, $difficulty: CasesDifficultyEnum!)`),
 * poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs and SLOT2 stakeOriginalsBets.js [idx 62474217767]
 * (REST `cases/bet`), LOOKUP [idx 55243307689] (state typenames).
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite } from '../../operations/game-site.js';
import type { Difficulty } from '../kernel/live.js';
import { route, type CasesState } from './rules.js';

export type { CasesState };

/** Inputs of `client.play('cases', …)`. */
export interface CasesInput extends BetInput {
  readonly difficulty: Difficulty;
}

/** Result of `CasesBet`. */
export interface CasesBetResult {
  readonly casesBet: CasinoBet<CasesState>;
}

/** The `CasesBet` mutation `client.play('cases', …)` sends. */
export const CasesBet = typed_document<CasesBetResult, Record<string, unknown>>(/* GraphQL */ `
mutation CasesBet($amount: Float!, $currency: CurrencyEnum!, $difficulty: CasesDifficultyEnum!, $identifier: String!) {
  casesBet(amount: $amount, currency: $currency, difficulty: $difficulty, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameCases
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGameCases on CasinoGameCases {
  difficulty
}
`);

/** cases's document and route for `client.play` and its `state` in the bet history. */
export const site: GameSite<CasesInput, CasesState> = {
  document: CasesBet,
  ...route.site,
  history: {
    typename: 'CasinoGameCases',
    // Only fields no other state type has with another type: `rounds`, `difficulty` and
    // `payoutMultiplier` differ by game, and one union selection cannot hold both unaliased.
    fragment: `fragment CasinoGameCases on CasinoGameCases {
  __typename
}`,
  },
};
