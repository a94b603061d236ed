/**
 * `WheelSpin`: the site's wheel bet.
 *
 * Source: shared/research/site-coverage.md §2.1 — `WheelSpin($amount,
 * $currency, $risk: CasinoGameWheelRiskEnum!, $segments: Int!, $identifier:
 * String!)` → `wheelSpin`, state `CasinoGameWheel { result segments risk }`
 * (`result` the segment index), in poky1084/bot4stake web.js (BOT4),
 * poky1084/StakeBOT (SBOT, REST `wheel/spin` with the same variables) and a
 * later copy of swqstake-bot/sportslots' stakeOriginalsBets.js (SLOT2).
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite } from '../../operations/game-site.js';

import type { WheelRisk } from './rules.js';

export type { WheelRisk };

/** The wheel game's `state`. */
// A type alias, not an interface: it must fit `verify_bet`'s `Record<string, unknown>` state.
export type WheelState = {
  readonly result: number;
  readonly segments: number;
  readonly risk: WheelRisk;
};

/** Variables of `WheelSpin`. */
export interface WheelSpinVariables {
  readonly amount: number;
  readonly currency: string;
  readonly risk: WheelRisk;
  readonly segments: number;
  readonly identifier: string;
}

/** Result of `WheelSpin`. */
export interface WheelSpinResult {
  readonly wheelSpin: CasinoBet<WheelState>;
}

/** The `WheelSpin` mutation `client.play('wheel', …)` sends. */
export const WheelSpin = typed_document<WheelSpinResult, WheelSpinVariables>(/* GraphQL */ `
mutation WheelSpin($amount: Float!, $currency: CurrencyEnum!, $risk: CasinoGameWheelRiskEnum!, $segments: Int!, $identifier: String!) {
  wheelSpin(amount: $amount, currency: $currency, risk: $risk, segments: $segments, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameWheel
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGameWheel on CasinoGameWheel {
  result
  segments
  risk
}
`);

/** Inputs of `client.play('wheel', …)`. */
export interface WheelInput extends BetInput {
  readonly risk: WheelRisk;
  readonly segments: number;
}

/** wheel's document for `client.play('wheel', …)` and its `state` in the bet history. */
// In the history's union selection `result` is aliased and `risk` left out: dice's `result` (Float) and
// plinko's/keno's `risk` (other enums) share the response keys, and GraphQL refuses one key with two
// types (graphql-js `validate`). `compare` reads the alias (rules.ts).
export const site: GameSite<WheelInput, WheelState> = {
  document: WheelSpin,
  field: 'wheelSpin',
  rest: { path: 'wheel/spin', source: 'site-coverage.md §2.1 (SBOT, REST `wheel/spin` with the variables of WheelSpin)' },
  history: {
    typename: 'CasinoGameWheel',
    fragment: `fragment CasinoGameWheel on CasinoGameWheel {
  wheel_result: result
  segments
}`,
  },
};
