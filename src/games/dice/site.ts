/**
 * `DiceRoll`: the site's dice bet.
 *
 * Sources: shared/spec/site-api.md; the same document (operation name,
 * variables, `CasinoBet` + `CasinoGameDice` fragments) in a public Python client
 * (`bet_dice`, search-index file 44552582671), the bot2love extension notes
 * (file 42927075769, REST form `dice/roll` with the same variables), a JS
 * `StakeApi` class (file 36184893950), and mydicebot
 * (github.com/mydicebot/mydicebot.github.io, src/api/models/stake.js), which
 * also selects `nonce serverSeed { seedHash seed } clientSeed { seed }`.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite } from '../../operations/game-site.js';

import type { DiceCondition } from './rules.js';

export type { DiceCondition };

/** The dice game's `state`. */
// A type alias, not an interface: it must fit `verify_bet`'s `Record<string, unknown>` state.
export type DiceState = {
  readonly result: number;
  readonly target: number;
  readonly condition: DiceCondition;
};

/** Variables of `DiceRoll`, as the site names them. */
export interface DiceRollVariables {
  readonly amount: number;
  readonly target: number;
  readonly condition: DiceCondition;
  readonly currency: string;
  readonly identifier: string;
}

/** Result of `DiceRoll`. */
export interface DiceRollResult {
  readonly diceRoll: CasinoBet<DiceState>;
}

/** The `DiceRoll` mutation `client.dice()` sends. */
export const DiceRoll = typed_document<DiceRollResult, DiceRollVariables>(/* GraphQL */ `
mutation DiceRoll($amount: Float!, $target: Float!, $condition: CasinoGameDiceConditionEnum!, $currency: CurrencyEnum!, $identifier: String!) {
  diceRoll(amount: $amount, target: $target, condition: $condition, currency: $currency, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameDice
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGameDice on CasinoGameDice {
  result
  target
  condition
}
`);

/** Inputs of `client.play('dice', …)` and `client.dice()`. */
export interface DiceInput extends BetInput {
  readonly target: number;
  readonly condition: DiceCondition;
}

/** dice's document for `client.play('dice', …)` and its `state` in the bet history. */
export const site: GameSite<DiceInput, DiceState> = {
  document: DiceRoll,
  field: 'diceRoll',
  rest: { path: 'dice/roll', source: 'operations.md §2 (SBOT BotEngine.cs REST, MJE docs/api/game-endpoints.md)' },
  history: {
    typename: 'CasinoGameDice',
    fragment: `fragment CasinoGameDice on CasinoGameDice {
  result
  target
  condition
}`,
  },
};
