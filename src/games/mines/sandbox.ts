/**
 * Mines rules: 25 tiles (0–24), 1 to 24 mines fixed at bet time, one round
 * per revealed tile. After k safe tiles with m mines the round pays
 * 0.99 × C(25, k) / C(25 − m, k) (1 % house edge):
 * https://www.trust-play.com/en/crypto/stake-mines-strategy ("Multiplier after
 * k successful clears on a board with N mines: M(N, k) = 0.99 × C(25, k) /
 * C(25-N, k)"); mine count 1–24 on a 5×5 grid:
 * https://igamifynews.com/crypto-gambling/how-does-stake-mines-work.
 */
import { mines_multiplier } from './rules.js';
import type { SandboxGame } from '../../sandbox/game-port.js';
import { SiteRefusal, checkRange } from '../../sandbox/refusals.js';

export const TILES = 25;
export const MIN_MINES = 1;
export const MAX_MINES = 24;

/** Refuses a mine count outside 1–24. */
export function checkMinesCount(minesCount: number): void {
  checkRange('minesCount', minesCount, MIN_MINES, MAX_MINES);
}

/**
 * Refuses fields that are not distinct tiles 0–24 or were revealed already;
 * an empty list is refused too (nothing to play).
 */
export function checkFields(fields: readonly number[], revealed: readonly number[]): void {
  if (fields.length === 0) throw new SiteRefusal('invalidArgument', 'fields must name at least one tile.');
  const seen = new Set(revealed);
  for (const field of fields) {
    checkRange('fields', field, 0, TILES - 1);
    if (seen.has(field)) throw new SiteRefusal('invalidArgument', `Tile ${field} is already revealed.`);
    seen.add(field);
  }
}

/** The multiplier after `safe` revealed safe tiles with `minesCount` mines, in ten-thousandths. */
export const minesMultiplier = mines_multiplier;

/** Mines in the sandbox's schema: a round of three mutations, played by casino.ts. */
export const sandbox: SandboxGame = {
  name: 'mines',
  // REST route: operations.md §2 (SBOT BotEngine.cs, MJE docs/api/game-endpoints.md).
  rest: { path: 'mines/bet', field: 'minesBet' },
  title: 'Mines',
  typename: 'CasinoGameMines',
  sdl: `type CasinoGameMinesRound { field: Int! payoutMultiplier: Float! }
  type CasinoGameMines {
    "Null while the round is open."
    mines: [Int!]
    minesCount: Int!
    rounds: [CasinoGameMinesRound!]!
  }`,
  // minesNext's fields are non-null: the web app's own capture (search-index file 33211996780) and four more
  // clients declare `$fields: [Int!]!` (research/wire-conformance.md §3 #3), so a nullable variable is refused.
  mutations: `minesBet(amount: Float!, currency: CurrencyEnum!, minesCount: Int!, fields: [Int!], identifier: String): CasinoBet!
    minesNext(fields: [Int!]!, identifier: String!): CasinoBet!
    minesCashout(identifier: String!): CasinoBet!`,
};
