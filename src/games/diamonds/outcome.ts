/**
 * Diamonds: five gems, each GEMS[⌊float × 7⌋] (https://stake.com/provably-fair/game-events,
 * "Diamonds"). The ORDER is sourced: KyranRana/stake-provably-fair-api,
 * src/main/resources/Gems.json lists GREEN PURPLE YELLOW RED CYAN PINK BLUE,
 * and its src/test/Diamonds.test.ts reproduces the site's calculation page
 * with it (the vectors in test/fairness/vectors.test.ts). The sixth gem's
 * NAME is unconfirmed: "orange" here, after the game-events page as this
 * module first read it, "PINK" in that repository; no public source we found
 * quotes the page's word. Only the name is in doubt, not which gem is drawn.
 */
import type { GameDefinition } from '../kernel/definition.js';

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
