/**
 * Limbo: 1e8 / (⌊float × 1e8⌋ + 1) × 0.99 (1 % house edge), rounded down to
 * two decimals, at least 1. The site's game-events page
 * (https://stake.com/provably-fair/game-events, "Limbo") writes the divisor as
 * `float * 1e8`; its calculation page computes ⌊float × 1e8⌋ + 1, which only
 * shows on tiny floats: clientSeed 83e27f682128eb1852b048203dfd6931, serverSeed
 * e8df2cc3b9ccb583ce5ea92336842387, nonce 1942124 gives 3807692.3 there, not
 * 3940702.15 (quoted from the calculation page in lucasholder/fair,
 * src/games/limbo.rs).
 */
import type { GameDefinition } from '../kernel/definition.js';

/** The site's `CasinoGameLimbo.result`: the multiplier the round reached. */
export interface LimboOutcome {
  result: number;
}

const HOUSE_EDGE = 0.99;

/** The multiplier a float gives (the scanner reads it without building the outcome object). */
export function limbo_result(float: number): number {
  const point = (1e8 / (Math.floor(float * 1e8) + 1)) * HOUSE_EDGE;
  return Math.max(1, Math.floor(point * 100) / 100);
}

export const limbo: GameDefinition<Record<string, never>, LimboOutcome> = {
  name: 'limbo',
  source: 'https://stake.com/provably-fair/game-events',
  formula: 'result = max(1, floor(1e8 / (floor(float × 1e8) + 1) × 0.99 × 100) / 100)',
  params: () => ({}),
  float_count: () => 1,
  translate: (floats) => ({ result: limbo_result(floats[0] as number) }),
};
