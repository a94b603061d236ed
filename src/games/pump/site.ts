/**
 * `PumpBet`: the site's pump bet, every pump in one request (`round`: the
 * pumps taken before the automatic cash out).
 *
 * Source: shared/research/site-coverage.md §2.1 — `PumpBet($amount,
 * $difficulty: CasinoGamePumpDifficultyEnum!, $currency, $identifier:
 * String, $round: Int!)` → `pumpBet`, state `CasinoGamePump { difficulty
 * payoutMultiplier round }`, in a browser-console Pump bot (PUMPJS, two
 * copies), a later copy of swqstake-bot/sportslots' stakeOriginalsBets.js
 * (SLOT2) and poky1084/StakeBOT (SBOT, REST `pump/bet`).
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite } from '../../operations/game-site.js';

import type { PumpDifficulty } from './rules.js';

export type { PumpDifficulty };

/** The pump game's `state`. */
// A type alias, not an interface: it must fit `verify_bet`'s `Record<string, unknown>` state.
export type PumpState = {
  readonly difficulty: PumpDifficulty;
  readonly payoutMultiplier: number;
  readonly round: number;
};

/** Variables of `PumpBet`. */
export interface PumpBetVariables {
  readonly amount: number;
  readonly currency: string;
  readonly difficulty: PumpDifficulty;
  readonly round: number;
  readonly identifier: string;
}

/** Result of `PumpBet`. */
export interface PumpBetResult {
  readonly pumpBet: CasinoBet<PumpState>;
}

/** The `PumpBet` mutation `client.play('pump', …)` sends; `$identifier: String!` as SLOT2 declares it (always sent). */
export const PumpBet = typed_document<PumpBetResult, PumpBetVariables>(/* GraphQL */ `
mutation PumpBet($amount: Float!, $difficulty: CasinoGamePumpDifficultyEnum!, $currency: CurrencyEnum!, $identifier: String!, $round: Int!) {
  pumpBet(amount: $amount, difficulty: $difficulty, currency: $currency, identifier: $identifier, round: $round) {
    ...CasinoBet
    state {
      ...CasinoGamePump
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGamePump on CasinoGamePump {
  difficulty
  payoutMultiplier
  round
}
`);

/** Inputs of `client.play('pump', …)`. */
export interface PumpInput extends BetInput {
  readonly difficulty: PumpDifficulty;
  readonly round: number;
}

/** pump's document for `client.play('pump', …)` and its `state` in the bet history. */
// In the history's union selection `difficulty` is aliased: other games' `difficulty` fields have other enum
// types, and GraphQL refuses one response key with two types. `compare` reads the alias (rules.ts).
export const site: GameSite<PumpInput, PumpState> = {
  document: PumpBet,
  field: 'pumpBet',
  rest: { path: 'pump/bet', source: 'site-coverage.md §2.1 (SBOT, SLOT2: `pump/bet` with round and difficulty)' },
  history: {
    typename: 'CasinoGamePump',
    fragment: `fragment CasinoGamePump on CasinoGamePump {
  pump_difficulty: difficulty
  payoutMultiplier
  round
}`,
  },
};
