/**
 * Tome of Life on the wire: `TomeOfLifeBet`, REST `slots-tome-of-life/bet`.
 *
 * Sources (site-coverage.md §2.1): poky1084/StakeBOT@7d5225a StakeBotUI/BotEngine.cs and SLOT2
 * stakeOriginalsBets.js [idx 62474217767] (GraphQL `TomeOfLifeBet` → `slotsTomeOfLifeBet($amount,
 * $currency, $lines: Int!, $identifier: String!)`; REST `slots-tome-of-life/bet` with `{lines}`);
 * state `CasinoGameSlots`, as slots (src/games/slots/site.ts).
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { GameSite } from '../../operations/game-site.js';
import { SLOTS_STATE_FRAGMENT, type SlotsInput, type SlotsState } from '../slots/site.js';
import { route } from './rules.js';

/** Inputs of `client.play('slotsTomeOfLife', …)`: those of slots. */
export type SlotsTomeOfLifeInput = SlotsInput;
/** Tome of Life's `state`: slots' type. */
export type SlotsTomeOfLifeState = SlotsState;

/** Result of `TomeOfLifeBet`. */
export interface TomeOfLifeBetResult {
  readonly slotsTomeOfLifeBet: CasinoBet<SlotsState>;
}

/** The `TomeOfLifeBet` mutation `client.play('slotsTomeOfLife', …)` sends. */
export const TomeOfLifeBet = typed_document<TomeOfLifeBetResult, Record<string, unknown>>(/* GraphQL */ `
mutation TomeOfLifeBet($amount: Float!, $currency: CurrencyEnum!, $lines: Int!, $identifier: String!) {
  slotsTomeOfLifeBet(amount: $amount, currency: $currency, lines: $lines, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameSlots
    }
  }
}
${CASINO_BET_FRAGMENT}
${SLOTS_STATE_FRAGMENT}
`);

/** Tome of Life's document and route for `client.play`; its `state` is in the history through slots' selection (one type). */
export const site: GameSite<SlotsTomeOfLifeInput, SlotsTomeOfLifeState> = {
  document: TomeOfLifeBet,
  ...route.site,
  history: null,
};
