/**
 * Limbo: 1e8 / (float × 1e8) × 0.99 (1 % house edge), rounded down to two
 * decimals, at least 1 (https://stake.com/provably-fair/game-events, "Limbo").
 */
import type { GameDefinition } from './types.js';

/** The site's `CasinoGameLimbo.result`: the multiplier the round reached. */
export interface LimboOutcome {
  result: number;
}

const HOUSE_EDGE = 0.99;

export const limbo: GameDefinition<Record<string, never>, LimboOutcome> = {
  name: 'limbo',
  source: 'https://stake.com/provably-fair/game-events#limbo',
  formula: 'result = max(1, floor(1e8 / (float × 1e8) × 0.99 × 100) / 100)',
  params: () => ({}),
  float_count: () => 1,
  translate: (floats) => {
    const point = (1e8 / ((floats[0] as number) * 1e8)) * HOUSE_EDGE;
    return { result: Math.max(1, Math.floor(point * 100) / 100) };
  },
};
