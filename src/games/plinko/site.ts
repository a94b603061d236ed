/**
 * `PlinkoBet`: the site's plinko bet.
 *
 * Sources: `PlinkoBet($amount: Float!, $currency: CurrencyEnum!, $risk:
 * CasinoGamePlinkoRiskEnum!, $rows: Int!, $identifier: String!)` with state
 * `CasinoGamePlinko { risk rows point path }` in the Python client
 * (search-index file 44552582671) and a userscript (file 3483999882); risk
 * values lower-case `low | medium | high` in a Python bot (file 56674856138).
 * Rows 8–16 as the game offers them (public paytables for 8, 12, 16 rows and
 * clones describing "8 to 16"): a range we check, not a fact we could source
 * from the site itself; the site refuses anything else anyway.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite } from '../../operations/game-site.js';

import type { PlinkoRisk } from './rules.js';

export type { PlinkoRisk };

/**
 * The plinko game's `state`. `path` is the ball's step per row; how the site
 * spells a step (L/R or 0/1) is not in any public source we found, so both
 * are typed (the fairness module reads either).
 */
// A type alias, not an interface: it must fit `verify_bet`'s `Record<string, unknown>` state.
export type PlinkoState = {
  readonly risk: PlinkoRisk;
  readonly rows: number;
  readonly point: number;
  readonly path: ReadonlyArray<string | number>;
};

/** Variables of `PlinkoBet`. */
export interface PlinkoBetVariables {
  readonly amount: number;
  readonly currency: string;
  readonly risk: PlinkoRisk;
  readonly rows: number;
  readonly identifier: string;
}

/** Result of `PlinkoBet`. */
export interface PlinkoBetResult {
  readonly plinkoBet: CasinoBet<PlinkoState>;
}

/** The `PlinkoBet` mutation `client.plinko()` sends. */
export const PlinkoBet = typed_document<PlinkoBetResult, PlinkoBetVariables>(/* GraphQL */ `
mutation PlinkoBet($amount: Float!, $currency: CurrencyEnum!, $risk: CasinoGamePlinkoRiskEnum!, $rows: Int!, $identifier: String!) {
  plinkoBet(amount: $amount, currency: $currency, risk: $risk, rows: $rows, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGamePlinko
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGamePlinko on CasinoGamePlinko {
  risk
  rows
  point
  path
}
`);

/** Inputs of `client.play('plinko', …)` and `client.plinko()`. */
export interface PlinkoInput extends BetInput {
  readonly rows: number;
  readonly risk: PlinkoRisk;
}

/** plinko's document for `client.play('plinko', …)` and its `state` in the bet history. */
// `risk` is left out of the history's selection (see keno/site.ts).
export const site: GameSite<PlinkoInput, PlinkoState> = {
  document: PlinkoBet,
  field: 'plinkoBet',
  history: {
    typename: 'CasinoGamePlinko',
    fragment: `fragment CasinoGamePlinko on CasinoGamePlinko {
  rows
  point
  path
}`,
  },
};
