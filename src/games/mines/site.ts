/**
 * `MinesBet`, `MinesNext`, `MinesCashout`: the site's mines round.
 *
 * Sources: site-api.md (the variables below, binding); the web app's
 * `CasinoGameMines { mines minesCount rounds { field payoutMultiplier } }`
 * fragment with `MinesBet($amount, $currency, $minesCount, $fields: [Int!],
 * $identifier: String)` in a userscript (search-index file 3483999882), a C#
 * bot (file 15515011835) and the Python client (file 44552582671); the REST
 * forms `mines/bet|next|cashout` with `{ fields }` and `{ identifier }` in
 * jakkapong1129/mines-bot (main.py) and the bot2love notes (file 42927075769).
 * Public copies of `MinesNext` differ: the web app's `($fields: [Int!]!)`
 * (files 15515011835, 33211996780) and `($fields: [Int!]!, $identifier:
 * String!)` (file 36008956795); we follow site-api.md, which carries the
 * identifier so every step of a round can be found again. `$fields` of
 * `MinesNext` is `[Int!]!` as the web app's capture (WEB-MINES) and four more
 * clients declare it (research/wire-conformance.md §3 #3), and `$identifier`
 * of `MinesBet` `String!` as FORCE and SLOT declare it: both are always sent,
 * and a non-null variable is valid for a nullable argument too.
 */
import { CASINO_BET_FRAGMENT, type CasinoBet } from '../../operations/documents/fragments.js';
import { typed_document } from '../../operations/documents/typed.js';
import type { BetInput, GameSite, RoundBasics, RoundSite } from '../../operations/game-site.js';
import { MINES_TILES, check_mines_count, check_mines_fields } from './rules.js';

/** One revealed tile of a mines round. */
export interface MinesRound {
  readonly field: number;
  readonly payoutMultiplier: number;
}

/** The mines game's `state`: `mines` is null while the round is open. */
// A type alias, not an interface: it must fit `verify_bet`'s `Record<string, unknown>` state.
export type MinesState = {
  readonly mines: readonly number[] | null;
  readonly minesCount: number;
  readonly rounds: readonly MinesRound[];
};

/** Variables of `MinesBet`. */
export interface MinesBetVariables {
  readonly amount: number;
  readonly currency: string;
  readonly minesCount: number;
  readonly fields?: readonly number[];
  readonly identifier: string;
}

/** Variables of `MinesNext`. */
export interface MinesNextVariables {
  readonly fields: readonly number[];
  readonly identifier: string;
}

/** Variables of `MinesCashout`. */
export interface MinesCashoutVariables {
  readonly identifier: string;
}

/** Results of the three mines mutations. */
export interface MinesBetResult {
  readonly minesBet: CasinoBet<MinesState>;
}
export interface MinesNextResult {
  readonly minesNext: CasinoBet<MinesState>;
}
export interface MinesCashoutResult {
  readonly minesCashout: CasinoBet<MinesState>;
}

const MINES_FRAGMENT = /* GraphQL */ `
fragment CasinoGameMines on CasinoGameMines {
  mines
  minesCount
  rounds {
    field
    payoutMultiplier
  }
}
`;

/** Opens a round (optionally revealing `fields` at once). */
export const MinesBet = typed_document<MinesBetResult, MinesBetVariables>(/* GraphQL */ `
mutation MinesBet($amount: Float!, $currency: CurrencyEnum!, $minesCount: Int!, $fields: [Int!], $identifier: String!) {
  minesBet(amount: $amount, currency: $currency, minesCount: $minesCount, fields: $fields, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameMines
    }
  }
}
${CASINO_BET_FRAGMENT}
${MINES_FRAGMENT}
`);

/** Reveals more tiles of the open round. */
export const MinesNext = typed_document<MinesNextResult, MinesNextVariables>(/* GraphQL */ `
mutation MinesNext($fields: [Int!]!, $identifier: String!) {
  minesNext(fields: $fields, identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameMines
    }
  }
}
${CASINO_BET_FRAGMENT}
${MINES_FRAGMENT}
`);

/** Ends the open round and pays out. */
export const MinesCashout = typed_document<MinesCashoutResult, MinesCashoutVariables>(/* GraphQL */ `
mutation MinesCashout($identifier: String!) {
  minesCashout(identifier: $identifier) {
    ...CasinoBet
    state {
      ...CasinoGameMines
    }
  }
}
${CASINO_BET_FRAGMENT}
${MINES_FRAGMENT}
`);

/** Inputs of `client.play('mines', …)`: a whole round in one request, cashed out unless a field is a mine. */
export interface MinesPlayInput extends BetInput {
  readonly minesCount: number;
  /** 1 to 25 − minesCount distinct tiles 0–24. */
  readonly fields: readonly number[];
}

/** mines's document for `client.play('mines', …)` and its `state` in the bet history. */
export const site: GameSite<MinesPlayInput, MinesState> = {
  document: MinesBet,
  field: 'minesBet',
  rest: { path: 'mines/bet', source: 'operations.md §2 (SBOT BotEngine.cs REST, MJE docs/api/game-endpoints.md)' },
  history: {
    typename: 'CasinoGameMines',
    fragment: `fragment CasinoGameMines on CasinoGameMines {
  mines
  minesCount
  rounds {
    field
    payoutMultiplier
  }
}`,
  },
};

/**
 * The open round, or null (`MinesActiveBet`: operations.md, the forcemaredart
 * client and PRIV send `user { activeCasinoBet(game: mines) { … } }`).
 */
export const MinesActiveBet = typed_document<{ readonly user: { readonly id: string; readonly activeCasinoBet: CasinoBet<MinesState> | null } }, Record<string, never>>(/* GraphQL */ `
query MinesActiveBet {
  user {
    id
    activeCasinoBet(game: mines) {
      ...CasinoBet
      state {
        ...CasinoGameMines
      }
    }
  }
}
${CASINO_BET_FRAGMENT}
${MINES_FRAGMENT}
`);

/** Input of `client.start('mines', …)`: tiles are revealed with `act`; all at once is `client.play('mines', …)`. */
export interface MinesStartInput extends RoundBasics {
  readonly minesCount: number;
  readonly identifier?: string;
}

/** A step of `client.act('mines', …)`: one or more tiles revealed. */
export interface MinesActInput {
  readonly fields: readonly number[];
  readonly identifier?: string;
}

/** Mines step by step on the wire (`client.start` / `act` / `cashout` / `active_bet`). */
export const round_site: RoundSite<MinesStartInput, MinesActInput> = {
  start: {
    document: MinesBet,
    field: 'minesBet',
    operation: 'MinesBet',
    inputs: (given) => {
      if (given['fields'] !== undefined) throw new RangeError("fields: reveal tiles with client.act('mines', { fields }) (all at once is client.play('mines', …))");
      return { minesCount: check_mines_count(given['minesCount']) };
    },
  },
  act: { document: MinesNext, field: 'minesNext', operation: 'MinesNext', inputs: (given) => ({ fields: check_mines_fields(given['fields'], 1, MINES_TILES - 1) }) },
  cashout: { document: MinesCashout, field: 'minesCashout', operation: 'MinesCashout' },
  active: { document: MinesActiveBet },
};
