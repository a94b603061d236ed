/**
 * Comparing the outcome the seeds produce with the outcome a bet's `state`
 * records, field by field, in the site's field names. The registry's games
 * compare by their own rules (src/games/<game>/rules.ts `compare`). A game whose state fields are not
 * sourced is not compared (`ok: null`) rather than guessed.
 */
import type { Comparison } from '../games/kernel/compare.js';
import { GAMES, is_registry_game } from '../games/registry.js';
import type { GameName } from './outcome.js';

export type { Comparison };

/** Compares `expected` (from {@link outcome}) with the bet's recorded `state`. */
export function compare_state(game: GameName, expected: unknown, state: Record<string, unknown> | null): Comparison {
  if (is_registry_game(game)) return GAMES[game].compare(expected as never, state);
  return { ok: null, recorded: null, note: `the recorded state of ${game} is not compared: its fields are not sourced` };
}
