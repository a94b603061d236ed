/**
 * Diamonds: five gems, each GEMS[⌊float × 7⌋] with GEMS green, purple,
 * yellow, red, cyan, orange, blue (https://stake.com/provably-fair/game-events,
 * "Diamonds").
 */
import type { GameDefinition } from './types.js';

export const GEMS = ['green', 'purple', 'yellow', 'red', 'cyan', 'orange', 'blue'] as const;
export type Gem = (typeof GEMS)[number];

/** The five gems dealt, left to right. */
export interface DiamondsOutcome {
  gems: Gem[];
}

export const diamonds: GameDefinition<Record<string, never>, DiamondsOutcome> = {
  name: 'diamonds',
  source: 'https://stake.com/provably-fair/game-events',
  formula: 'gem_i = GEMS[floor(float_i × 7)], i = 0…4 (GEMS: green purple yellow red cyan orange blue)',
  params: () => ({}),
  float_count: () => 5,
  translate: (floats) => ({ gems: floats.map((f) => GEMS[Math.floor(f * 7)] as Gem) }),
};
