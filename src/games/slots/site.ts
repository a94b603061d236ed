/**
 * Slots on the wire: `slotBet`, REST `slots/bet`.
 *
 * Sources (site-coverage.md §2.1): PYLIB [idx 44552582671] (GraphQL operation `slotBet`:
 * `slotsBet($amount, $currency, $lines: Int!, $identifier: String!)`), poky1084/StakeBOT@7d5225a
 * StakeBotUI/BotEngine.cs and SLOT2 stakeOriginalsBets.js [idx 62474217767] (REST `slots/bet` with
 * `{lines}`); state `CasinoGameSlots { lines rounds { offsets paylines { payline hits multiplier
 * symbol } scatterMultiplier roundMultiplier totalMultiplier bonusRemaining bonusTotal } }`.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite } from '../../operations/game-site.js';
import { route, type SlotsState } from './rules.js';

export type { SlotsState };

/** Inputs of `client.play('slots', …)`. */
export interface SlotsInput extends BetInput {
  readonly lines: number;
}

/** The slots `state` selection (also Tome of Life's: one type, `CasinoGameSlots`). */
export const SLOTS_STATE_FRAGMENT = /* GraphQL */ `
fragment CasinoGameSlots on CasinoGameSlots {
  lines
  rounds {
    offsets
    paylines {
      payline
      hits
      multiplier
      symbol
    }
    scatterMultiplier
    roundMultiplier
    totalMultiplier
    bonusRemaining
    bonusTotal
  }
}
`;

/** Result of `slotBet`. */
export interface SlotBetResult {
  readonly slotsBet: CasinoBet<SlotsState>;
}

/** The `slotBet` mutation `client.play('slots', …)` sends. */
export const SlotBet = typed_document<SlotBetResult, Record<string, unknown>>(/* GraphQL */ `
mutation slotBet($amount: Float!, $currency: CurrencyEnum!, $lines: Int!, $identifier: String!) {
  slotsBet(amount: $amount, currency: $currency, lines: $lines, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameSlots
    }
  }
}
${CASINO_BET_FRAGMENT}
${SLOTS_STATE_FRAGMENT}
`);

/** slots's document and route for `client.play` and its `state` in the bet history. */
export const site: GameSite<SlotsInput, SlotsState> = {
  document: SlotBet,
  ...route.site,
  history: {
    typename: 'CasinoGameSlots',
    // Only fields no other state type has with another type: `rounds`, `difficulty` and
    // `payoutMultiplier` differ by game, and one union selection cannot hold both unaliased.
    fragment: `fragment CasinoGameSlots on CasinoGameSlots {
  lines
}`,
  },
};
