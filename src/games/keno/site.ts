/**
 * `KenoBet`: the site's keno bet.
 *
 * Sources: the same document (`KenoBet($amount: Float!, $currency:
 * CurrencyEnum!, $numbers: [Int!]!, $identifier: String!, $risk:
 * CasinoGameKenoRiskEnum)`, state `CasinoGameKeno { drawnNumbers
 * selectedNumbers risk }`) in the Python client (search-index file
 * 44552582671, "0 to 39, 10 numbers"), a C# bot (file 30760976299) and a
 * userscript (file 3483999882); the bot2love notes (file 42927075769) give
 * numbers 0–39 and risk `low | medium | high`. site-api.md: keno sends and
 * returns 0-based numbers.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite } from '../../operations/game-site.js';

import { KENO_DEFAULT_RISK, type KenoRisk } from './rules.js';

export type { KenoRisk };

/** The keno game's `state`. */
// A type alias, not an interface: it must fit `verify_bet`'s `Record<string, unknown>` state.
export type KenoState = {
  readonly drawnNumbers: readonly number[];
  readonly selectedNumbers: readonly number[];
  readonly risk: KenoRisk;
};

/** Variables of `KenoBet`. */
export interface KenoBetVariables {
  readonly amount: number;
  readonly currency: string;
  readonly numbers: readonly number[];
  readonly identifier: string;
  readonly risk: KenoRisk;
}

/** Result of `KenoBet`. */
export interface KenoBetResult {
  readonly kenoBet: CasinoBet<KenoState>;
}

/** The `KenoBet` mutation `client.keno()` sends. */
export const KenoBet = typed_document<KenoBetResult, KenoBetVariables>(/* GraphQL */ `
mutation KenoBet($amount: Float!, $currency: CurrencyEnum!, $numbers: [Int!]!, $identifier: String!, $risk: CasinoGameKenoRiskEnum!) {
  kenoBet(amount: $amount, currency: $currency, numbers: $numbers, risk: $risk, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameKeno
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGameKeno on CasinoGameKeno {
  drawnNumbers
  selectedNumbers
  risk
}
`);

/** Inputs of `client.play('keno', …)` and `client.keno()`: 1–10 distinct numbers 0–39. */
export interface KenoInput extends BetInput {
  readonly numbers: readonly number[];
  readonly risk?: KenoRisk;
}

/** keno's document for `client.play('keno', …)` and its `state` in the bet history. */
// `risk` is left out of the history's selection: keno's and plinko's have different enum types, so
// GraphQL cannot return both under one response key (graphql-js `validate` refuses the document), and
// neither game's outcome depends on it.
export const site: GameSite<KenoInput, KenoState> = {
  document: KenoBet,
  field: 'kenoBet',
  rest: { path: 'keno/bet', source: 'operations.md §2 (SBOT BotEngine.cs REST, MJE docs/api/game-endpoints.md)' },
  // Every source sends `risk`: SLOT declares `$risk: CasinoGameKenoRiskEnum!`, SBOT, MJE and BOT4X put it in every
  // REST body (research/wire-conformance.md §3 #9). Left out, it is the risk our rules pay a bet without one by.
  complete: (params) => ({ ...params, risk: params['risk'] ?? KENO_DEFAULT_RISK }),
  history: {
    typename: 'CasinoGameKeno',
    fragment: `fragment CasinoGameKeno on CasinoGameKeno {
  drawnNumbers
  selectedNumbers
}`,
  },
};
