/**
 * `BaccaratBet`: the site's baccarat bet; no `amount`, the stake is the three
 * sides.
 *
 * Source: shared/research/site-coverage.md §2.1 — `BaccaratBet($tie:
 * Float, $player: Float, $banker: Float, $currency, $identifier: String!)` →
 * `baccaratBet`, state `CasinoGameBaccarat { playerCards{suit rank}
 * bankerCards{suit rank} tie player banker result }`, in poky1084/bot4stake
 * web.js (BOT4), forcemaredart's client (FORCE, which declares the stakes
 * `Float!`), poky1084/StakeBOT (SBOT, REST `baccarat/bet`) and
 * MJE43/stake-pf-replay-go.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { ChipsBetInput, GameSite } from '../../operations/game-site.js';

import type { BaccaratCard, BaccaratSide } from './rules.js';

/** The baccarat game's `state`. */
// A type alias, not an interface: it must fit `verify_bet`'s `Record<string, unknown>` state.
export type BaccaratState = {
  readonly playerCards: readonly BaccaratCard[];
  readonly bankerCards: readonly BaccaratCard[];
  readonly tie: number;
  readonly player: number;
  readonly banker: number;
  readonly result: BaccaratSide;
};

/** The `BaccaratBet` mutation `client.play('baccarat', …)` sends; the three sides `Float!` as FORCE declares them (always sent, 0 when not staked). */
export const BaccaratBet = typed_document<{ readonly baccaratBet: CasinoBet<BaccaratState> }, Record<string, unknown>>(/* GraphQL */ `
mutation BaccaratBet($tie: Float!, $player: Float!, $banker: Float!, $currency: CurrencyEnum!, $identifier: String!) {
  baccaratBet(tie: $tie, player: $player, banker: $banker, currency: $currency, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameBaccarat
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGameBaccarat on CasinoGameBaccarat {
  playerCards {
    suit
    rank
  }
  bankerCards {
    suit
    rank
  }
  tie
  player
  banker
  result
}
`);

/** Inputs of `client.play('baccarat', …)`: the stakes, and optionally `amount`, their total (checked, not sent). */
export interface BaccaratInput extends ChipsBetInput {
  readonly player?: number;
  readonly banker?: number;
  readonly tie?: number;
}

/** baccarat's document for `client.play('baccarat', …)` and its `state` in the bet history. */
// `result` is aliased in the history's union selection: dice's `result` is a Float.
export const site: GameSite<BaccaratInput, BaccaratState> = {
  document: BaccaratBet,
  field: 'baccaratBet',
  rest: { path: 'baccarat/bet', source: 'site-coverage.md §2.1 (SBOT: `baccarat/bet` with currency, identifier, tie, player, banker)' },
  history: {
    typename: 'CasinoGameBaccarat',
    fragment: `fragment CasinoGameBaccarat on CasinoGameBaccarat {
  playerCards {
    suit
    rank
  }
  bankerCards {
    suit
    rank
  }
  tie
  player
  banker
  baccarat_result: result
}`,
  },
};
