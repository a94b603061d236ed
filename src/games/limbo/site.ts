/**
 * `LimboBet`: the site's limbo bet.
 *
 * Sources: site-api.md; the Python client `bet_limbo` (search-index file
 * 44552582671) and the JS `StakeApi.limboBet` (file 36184893950) send this
 * operation with `CasinoBet` + `CasinoGameLimbo { result multiplierTarget }`;
 * the bot2love notes (file 42927075769) give the REST form `limbo/bet`.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite } from '../../operations/game-site.js';

/** The limbo game's `state`. */
// A type alias, not an interface: it must fit `verify_bet`'s `Record<string, unknown>` state.
export type LimboState = {
  readonly result: number;
  readonly multiplierTarget: number;
};

/** Variables of `LimboBet`. */
export interface LimboBetVariables {
  readonly amount: number;
  readonly multiplierTarget: number;
  readonly currency: string;
  readonly identifier: string;
}

/** Result of `LimboBet`. */
export interface LimboBetResult {
  readonly limboBet: CasinoBet<LimboState>;
}

/** The `LimboBet` mutation `client.limbo()` sends. */
export const LimboBet = typed_document<LimboBetResult, LimboBetVariables>(/* GraphQL */ `
mutation LimboBet($amount: Float!, $multiplierTarget: Float!, $currency: CurrencyEnum!, $identifier: String!) {
  limboBet(amount: $amount, currency: $currency, multiplierTarget: $multiplierTarget, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameLimbo
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGameLimbo on CasinoGameLimbo {
  result
  multiplierTarget
}
`);

/** Inputs of `client.play('limbo', …)` and `client.limbo()`. */
export interface LimboInput extends BetInput {
  readonly multiplierTarget: number;
}

/** limbo's document for `client.play('limbo', …)` and its `state` in the bet history. */
export const site: GameSite<LimboInput, LimboState> = {
  document: LimboBet,
  field: 'limboBet',
  rest: { path: 'limbo/bet', source: 'operations.md §2 (SBOT BotEngine.cs REST, MJE docs/api/game-endpoints.md)' },
  history: {
    typename: 'CasinoGameLimbo',
    fragment: `fragment CasinoGameLimbo on CasinoGameLimbo {
  result
  multiplierTarget
}`,
  },
};
