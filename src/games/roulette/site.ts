/**
 * `RouletteBet`: the site's roulette spin; no `amount`, the stake is the
 * chips.
 *
 * Source: shared/research/site-coverage.md §2.1 — `RouletteBet($currency,
 * $colors: [RouletteBetColorsInput!], $numbers: [RouletteBetNumbersInput!],
 * $parities: [RouletteBetParitiesInput!], $ranges: [RouletteBetRangesInput!],
 * $rows: [RouletteBetRowsInput!], $identifier: String!)` → `rouletteBet`,
 * state `CasinoGameRoulette { result colors{amount value} numbers{…}
 * parities{…} ranges{…} rows{…} }`, in poky1084/bot4stake web.js (BOT4),
 * forcemaredart's client (FORCE) and poky1084/StakeBOT (SBOT, REST
 * `roulette/bet`); chip values §2.2.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { ChipsBetInput, GameSite } from '../../operations/game-site.js';

import { ROULETTE_CHIPS, type RouletteChip, type RouletteChipList } from './rules.js';

export type { RouletteChip };

/** The roulette game's `state`. */
// A type alias, not an interface: it must fit `verify_bet`'s `Record<string, unknown>` state.
export type RouletteState = {
  readonly result: number;
  readonly colors?: readonly RouletteChip[];
  readonly numbers?: readonly RouletteChip[];
  readonly parities?: readonly RouletteChip[];
  readonly ranges?: readonly RouletteChip[];
  readonly rows?: readonly RouletteChip[];
};

const CHIPS = '{\n    amount\n    value\n  }';

/** The `RouletteBet` mutation `client.play('roulette', …)` sends. */
export const RouletteBet = typed_document<{ readonly rouletteBet: CasinoBet<RouletteState> }, Record<string, unknown>>(/* GraphQL */ `
mutation RouletteBet($currency: CurrencyEnum!, $colors: [RouletteBetColorsInput!], $numbers: [RouletteBetNumbersInput!], $parities: [RouletteBetParitiesInput!], $ranges: [RouletteBetRangesInput!], $rows: [RouletteBetRowsInput!], $identifier: String!) {
  rouletteBet(currency: $currency, colors: $colors, numbers: $numbers, parities: $parities, ranges: $ranges, rows: $rows, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameRoulette
    }
  }
}
${CASINO_BET_FRAGMENT}
fragment CasinoGameRoulette on CasinoGameRoulette {
  result
  colors ${CHIPS}
  numbers ${CHIPS}
  parities ${CHIPS}
  ranges ${CHIPS}
  rows ${CHIPS}
}
`);

/**
 * Inputs of `client.play('roulette', …)`: the chips, and optionally `amount`,
 * their total (checked, not sent: the site takes the stake from the chips).
 */
export interface RouletteInput extends ChipsBetInput {
  readonly colors?: readonly RouletteChip[];
  readonly numbers?: readonly RouletteChip[];
  readonly parities?: readonly RouletteChip[];
  readonly ranges?: readonly RouletteChip[];
  readonly rows?: readonly RouletteChip[];
}

/** roulette's document for `client.play('roulette', …)` and its `state` in the bet history. */
// In the history's union selection `result` is aliased and `numbers` and `rows` left out: dice's `result`
// (Float), keno's `numbers`-like lists and plinko's `rows` (Int) share response keys with other types, and
// GraphQL refuses one key with two types. `compare` reads the alias (rules.ts).
export const site: GameSite<RouletteInput, RouletteState> = {
  document: RouletteBet,
  field: 'rouletteBet',
  rest: { path: 'roulette/bet', source: 'site-coverage.md §2.1 (SBOT: `roulette/bet` with the same five chip arrays)' },
  // SBOT (BotEngine.cs:778) and BOT4X send all five lists, empty when unused (research/wire-conformance.md §3 #8).
  complete: (params) => ({
    ...Object.fromEntries((Object.keys(ROULETTE_CHIPS) as RouletteChipList[]).map((list) => [list, params[list] ?? []])),
    ...params,
  }),
  history: {
    typename: 'CasinoGameRoulette',
    fragment: `fragment CasinoGameRoulette on CasinoGameRoulette {
  roulette_result: result
}`,
  },
};
