/**
 * Diamonds on the wire: `DiamondsBet`, REST `diamonds/bet`.
 *
 * Sources (site-coverage.md §2.1): FORCE [idx 36008956795], PYLIB [idx 44552582671] (GraphQL
 * `DiamondsBet($amount, $currency, $identifier: String)`), poky1084/StakeBOT@7d5225a
 * StakeBotUI/BotEngine.cs and SLOT2 stakeOriginalsBets.js [idx 62474217767] (REST `diamonds/bet`, body
 * `{}` beyond the bet's own fields); state `CasinoGameDiamonds { hand }` (5 gem names).
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite } from '../../operations/game-site.js';
import { route, type DiamondsState } from './rules.js';

export type { DiamondsState };

/** Inputs of `client.play('diamonds', …)`. */
export type DiamondsInput = BetInput;

/** Result of `DiamondsBet`. */
export interface DiamondsBetResult {
  readonly diamondsBet: CasinoBet<DiamondsState>;
}

/** The `DiamondsBet` mutation `client.play('diamonds', …)` sends; `$identifier: String!` as SLOT2 declares it (always sent). */
export const DiamondsBet = typed_document<DiamondsBetResult, Record<string, unknown>>(/* GraphQL */ `
mutation DiamondsBet($amount: Float!, $currency: CurrencyEnum!, $identifier: String!) {
  diamondsBet(amount: $amount, currency: $currency, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameDiamonds
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGameDiamonds on CasinoGameDiamonds {
  hand
}
`);

/** diamonds's document and route for `client.play` and its `state` in the bet history. */
export const site: GameSite<DiamondsInput, DiamondsState> = {
  document: DiamondsBet,
  ...route.site,
  history: {
    typename: 'CasinoGameDiamonds',
    // Only fields no other state type has with another type: `rounds`, `difficulty` and
    // `payoutMultiplier` differ by game, and one union selection cannot hold both unaliased.
    fragment: `fragment CasinoGameDiamonds on CasinoGameDiamonds {
  hand
}`,
  },
};
