/**
 * Plinko: 8 to 16 rows, one step per row, the bucket is the number of steps
 * to the right (site: provably-fair/game-events, "Plinko").
 *
 * The payout is the SANDBOX's rule, not the site's table: bucket b of n rows
 * pays 0.99 × 2^n / ((n + 1) × C(n, b)), whatever the risk, so every bucket
 * contributes equally and the expected multiplier is 0.99.
 */
import { plinko_multiplier } from './rules.js';
import { checkRange } from '../../sandbox/refusals.js';

export const MIN_PLINKO_ROWS = 8;
export const MAX_PLINKO_ROWS = 16;

/** Refuses rows outside 8–16. */
export function checkPlinkoRows(rows: number): void {
  checkRange('rows', rows, MIN_PLINKO_ROWS, MAX_PLINKO_ROWS);
}

/** The sandbox's plinko multiplier in ten-thousandths. */
export const plinkoMultiplier = plinko_multiplier;
