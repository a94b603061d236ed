/**
 * Plinko: one float per row; ⌊float × 2⌋ is 0 (left) or 1 (right); the
 * bucket is the number of rights, 0 = leftmost
 * (https://stake.com/provably-fair/game-events, "Plinko"). The risk only
 * changes the payout table, not the path.
 */
import { enum_param, int_param, type GameDefinition } from '../kernel/definition.js';

/** The site's plinko inputs: `rows` 8–16 and `risk`. */
export interface PlinkoParams {
  rows: number;
  /** Checked when given; the path does not depend on it. */
  risk?: PlinkoRisk;
}

/** `CasinoGamePlinkoRiskEnum` values public clients send (`expert` in two 2026 clients; its pay table is not public). */
export type PlinkoRisk = 'low' | 'medium' | 'high' | 'expert';
export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high', 'expert'];

/** Where the ball went: `path[i]` is 0 (left) or 1 (right) at row i; `bucket` counts the rights. */
export interface PlinkoOutcome {
  path: number[];
  bucket: number;
}

export const plinko: GameDefinition<PlinkoParams, PlinkoOutcome> = {
  name: 'plinko',
  source: 'https://stake.com/provably-fair/game-events',
  formula: 'direction_i = floor(float_i × 2) (0 left, 1 right), one per row; bucket = Σ direction_i',
  params: (input) => ({
    rows: int_param(input, 'rows', 8, 16),
    ...(input.risk === undefined ? {} : { risk: enum_param(input, 'risk', PLINKO_RISKS) }),
  }),
  float_count: ({ rows }) => rows,
  translate: (floats) => {
    const path = floats.map((f) => Math.floor(f * 2));
    let bucket = 0;
    for (const step of path) bucket += step;
    return { path, bucket };
  },
};
