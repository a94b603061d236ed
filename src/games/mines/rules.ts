/**
 * Mines, apart from the network: 25 tiles (0–24), 1 to 24 mines fixed at bet
 * time (outcome.ts). After k safe tiles with m mines the round pays
 * 0.99 × C(25, k) / C(25 − m, k) (1 % house edge):
 * https://www.trust-play.com/en/crypto/stake-mines-strategy ("Multiplier after
 * k successful clears on a board with N mines: M(N, k) = 0.99 × C(25, k) /
 * C(25-N, k)"); mine count 1–24 on a 5×5 grid:
 * https://igamifynews.com/crypto-gambling/how-does-stake-mines-work.
 *
 * As a registry game it is played in one request, every field at once and
 * cashed out unless one is a mine (the site's own auto mode); the rounds
 * (`MinesNext`, `MinesCashout`) stay the client's and the sandbox's own.
 */
import { distinct_ints } from '../kernel/checks.js';
import { differ, int_list, missing, same_set } from '../kernel/compare.js';
import type { GameRules } from '../kernel/rules.js';
import { mines as outcome, type MinesOutcome } from './outcome.js';

/** Tiles of a mines board. */
export const MINES_TILES = 25;

/** A one-request mines bet: the mine count and the tiles revealed at once. */
export interface MinesBetParams {
  minesCount: number;
  fields: number[];
}

/** One revealed tile of a round. */
export interface MinesRoundStep {
  field: number;
  payoutMultiplier: number;
}

/** The multiplier after `safe` safe tiles with `minesCount` mines: 0.99 × C(25, k) / C(25 − m, k), in ten-thousandths. */
export function mines_multiplier(minesCount: number, safe: number): number {
  let ratio = 1;
  for (let i = 0; i < safe; i++) ratio *= (MINES_TILES - i) / (MINES_TILES - minesCount - i);
  return Math.round(0.99 * ratio * 10_000);
}

/** Checks `minesCount`. */
export function check_mines_count(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new TypeError('minesCount must be an integer');
  if (value < 1 || value > MINES_TILES - 1) throw new RangeError(`minesCount must be 1 to ${MINES_TILES - 1} (got ${value})`);
  return value;
}

/** Checks the tiles of a mines step (1 to `max` of them; `max` defaults to every tile). */
export function check_mines_fields(value: unknown, min: number, max = MINES_TILES - 1): number[] {
  return distinct_ints(value, 'fields', MINES_TILES, min, max);
}

export const mines: GameRules<MinesBetParams, MinesOutcome, { mines: number[]; minesCount: number; rounds: MinesRoundStep[] }> = {
  name: 'mines',
  outcome,
  inputs: [
    { name: 'minesCount', takes: `1–${MINES_TILES - 1}`, required: true },
    { name: 'fields', takes: `1 to 25 − minesCount distinct tiles 0–${MINES_TILES - 1}`, required: true },
  ],
  check: (input) => {
    const minesCount = check_mines_count(input['minesCount']);
    return { minesCount, fields: check_mines_fields(input['fields'], 1, MINES_TILES - minesCount) };
  },
  outcome_params: ({ minesCount }) => ({ minesCount }),
  compare: (want, state) => {
    if (state !== null && state['mines'] === null) return { ok: null, recorded: { mines: null }, note: 'round still open: the site reveals mines when it ends' };
    const drawn = int_list(state, 'mines');
    if (drawn === null) return missing('mines');
    // Whether the site lists mines in draw order or sorted is not sourced; what is paid depends only on which tiles.
    return differ(same_set(drawn, want.mines), { mines: drawn }, 'mines');
  },
  settle: ({ mines: drawn }, { minesCount, fields }) => {
    const rounds: MinesRoundStep[] = [];
    let multiplier = 0;
    for (const field of fields) {
      if (drawn.includes(field)) {
        rounds.push({ field, payoutMultiplier: 0 });
        multiplier = 0;
        break;
      }
      multiplier = mines_multiplier(minesCount, rounds.length + 1);
      rounds.push({ field, payoutMultiplier: multiplier / 10_000 });
    }
    return { multiplier, state: { mines: drawn, minesCount, rounds } };
  },
  rtp: 0.99,
  pay: { rule: '0.99 × C(25, k) / C(25 − m, k)', source: 'https://www.trust-play.com/en/crypto/stake-mines-strategy', table: false },
  offline: { sandbox: true, simulator: true },
  transport: { operation: 'MinesBet', field: 'minesBet' },
  cli: {
    options: [
      { flag: 'mines-count', input: 'minesCount', kind: 'number', help: 'mines on the board, 1-24' },
      { flag: 'fields', input: 'fields', kind: 'list', help: 'the tiles revealed at once, 0-24, comma-separated (cashed out unless one is a mine)' },
    ],
    describe: ({ minesCount, fields }) => `mines, ${minesCount} mines, tiles ${fields.join(',')} at once`,
    outcome: (state) => {
      const last = state.rounds[state.rounds.length - 1];
      return last !== undefined && last.payoutMultiplier === 0 ? `a mine at tile ${last.field}` : `${state.rounds.length} safe tiles`;
    },
  },
};
