/**
 * Keno: 10 floats draw 10 of the 40 squares without replacement
 * (https://stake.com/provably-fair/game-events, "Keno"). The site's
 * `CasinoGameKeno.drawnNumbers` are 0-based (0–39), in draw order.
 */
import { draw_without_replacement } from '../kernel/draw.js';
import type { GameDefinition } from '../kernel/definition.js';

/** The site's `CasinoGameKeno.drawnNumbers`. */
export interface KenoOutcome {
  drawnNumbers: number[];
}

export const keno: GameDefinition<Record<string, never>, KenoOutcome> = {
  name: 'keno',
  source: 'https://stake.com/provably-fair/game-events',
  formula: 'square_i = remaining[floor(float_i × (40 − i))], i = 0…9',
  params: () => ({}),
  float_count: () => 10,
  translate: (floats) => ({ drawnNumbers: draw_without_replacement(floats, 40) }),
};
