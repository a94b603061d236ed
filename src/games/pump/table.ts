/**
 * The pump ladders: difficulty → multiplier by the pumps survived (index 0 =
 * cash out before the first pump; the last index is 25 − pops, every safe
 * pump taken).
 *
 * Source: MJE43/stake-pf-replay-go backend/internal/games/pump.go (one
 * public source; site-coverage.md §2.4 rates it [1]), copied from
 * shared/research/pay-tables.json (pump.tables). Their return to
 * player is about 98 % (test/games/pump.test.ts reports each figure).
 */
import type { PumpDifficulty } from './outcome.js';

/** Where the ladders come from, as `stakeql games` shows it. */
export const PUMP_TABLE_SOURCE = "MJE43/stake-pf-replay-go backend/internal/games/pump.go (one source); pops per difficulty: easy 1, medium 3, hard 5, expert 10, over 25 positions";

export const PUMP_TABLES: Readonly<Record<PumpDifficulty, readonly number[]>> = {
  easy: [1, 1.02, 1.06, 1.11, 1.17, 1.23, 1.29, 1.36, 1.44, 1.53, 1.62, 1.75, 1.88, 2, 2.23, 2.45, 2.72, 3.05, 3.5, 4.08, 5, 6.25, 8, 12.25, 24.5],
  medium: [1, 1.11, 1.27, 1.46, 1.69, 1.98, 2.33, 2.76, 3.31, 4.03, 4.95, 6.19, 7.87, 10.25, 13.66, 18.78, 26.83, 38.76, 64.4, 112.7, 225.4, 563.5, 2254],
  hard: [1, 1.23, 1.55, 1.98, 2.56, 3.36, 4.48, 6.08, 8.41, 11.92, 17, 26.01, 40.46, 65.74, 112.7, 206.62, 413.23, 929.77, 2479.4, 8677.9, 52067.4],
  expert: [1, 1.63, 2.8, 4.95, 9.08, 17.34, 34.68, 73.21, 164.72, 400.02, 1066.73, 3200.18, 11200.65, 48536.13, 291216.8, 3203384.8],
};
