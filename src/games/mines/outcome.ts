/**
 * Mines: 24 floats draw the 25 tiles without replacement; the first
 * `minesCount` drawn hold mines (https://stake.com/provably-fair/game-events,
 * "Mines"). Tiles are 0-based, left to right, top to bottom, as the site's
 * `CasinoGameMines.mines` reports them.
 */
import { draw_without_replacement } from '../kernel/draw.js';
import { int_param, type GameDefinition } from '../kernel/definition.js';

/** Parameters of a mines round (the site's `minesCount`). */
export interface MinesParams {
  minesCount: number;
}

/** The site's `CasinoGameMines.mines`: 0-based tiles, in draw order. */
export interface MinesOutcome {
  mines: number[];
}

export const mines: GameDefinition<MinesParams, MinesOutcome> = {
  name: 'mines',
  source: 'https://stake.com/provably-fair/game-events',
  formula: 'tile_i = remaining[floor(float_i × (25 − i))], i = 0…23; mines = first minesCount tiles',
  params: (input) => ({ minesCount: int_param(input, 'minesCount', 1, 24) }),
  float_count: () => 24,
  translate: (floats, { minesCount }) => ({ mines: draw_without_replacement(floats, 25).slice(0, minesCount) }),
};
