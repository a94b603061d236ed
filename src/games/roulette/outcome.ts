/**
 * Roulette: one float × 37, rounded down: the pocket 0–36 of a single-zero
 * wheel (https://stake.com/provably-fair/game-events, "Roulette").
 */
import type { GameDefinition } from '../kernel/definition.js';

/** The pocket the ball landed in, 0–36. */
export interface RouletteOutcome {
  result: number;
}

/** The pocket a float gives, 0–36. */
export function roulette_result(float: number): number {
  return Math.floor(float * 37);
}

export const roulette: GameDefinition<Record<string, never>, RouletteOutcome> = {
  name: 'roulette',
  source: 'https://stake.com/provably-fair/game-events',
  formula: 'result = floor(float × 37)',
  params: () => ({}),
  float_count: () => 1,
  translate: (floats) => ({ result: roulette_result(floats[0] as number) }),
};
