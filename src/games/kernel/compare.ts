/**
 * Comparing the outcome the seeds produce with the outcome a bet's `state`
 * records, field by field, in the site's field names. A game whose state
 * fields are not sourced is not compared (`ok: null`) rather than guessed.
 */
import type { GameName } from './outcome.js';

/** The result of one comparison: `ok` null when nothing comparable was recorded. */
export interface Comparison {
  ok: boolean | null;
  recorded: unknown;
  note?: string;
}

/** Hundredths of a shown two-decimal number, robust to binary noise (12.34 → 1234). */
function hundredths(value: number): number {
  return Math.floor(value * 100 + 1e-6);
}

function number_field(state: Record<string, unknown> | null, field: string): number | null {
  const value = state?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function int_list(state: Record<string, unknown> | null, field: string): number[] | null {
  const value = state?.[field];
  if (!Array.isArray(value) || !value.every((n) => Number.isInteger(n))) return null;
  return value as number[];
}

function same_list(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

function same_set(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const sorted_a = [...a].sort((x, y) => x - y);
  const sorted_b = [...b].sort((x, y) => x - y);
  return same_list(sorted_a, sorted_b);
}

function missing(field: string): Comparison {
  return { ok: null, recorded: null, note: `state has no ${field} to compare` };
}

function differ(ok: boolean, recorded: unknown, what: string): Comparison {
  return ok ? { ok, recorded } : { ok, recorded, note: `recorded ${what} differs from the one the seeds produce` };
}

function plinko_step(step: unknown): number {
  if (step === 0 || step === 1) return step;
  if (typeof step !== 'string') return -1;
  const word = step.toLowerCase();
  if (word === '0' || word === 'l' || word === 'left') return 0;
  if (word === '1' || word === 'r' || word === 'right') return 1;
  return -1;
}

/** Compares `expected` (from {@link outcome}) with the bet's recorded `state`. */
export function compare_state(game: GameName, expected: unknown, state: Record<string, unknown> | null): Comparison {
  const want = expected as Record<string, unknown>;
  switch (game) {
    case 'dice':
    case 'limbo':
    case 'roulette':
    case 'wheel': {
      const result = number_field(state, 'result');
      if (result === null) return missing('result');
      // The site may record limbo's multiplier with more decimals than it shows; what is shown is rounded down.
      const ok = game === 'roulette' || game === 'wheel' ? result === want.result : hundredths(result) === hundredths(want.result as number);
      return differ(ok, { result }, 'result');
    }
    case 'mines': {
      if (state !== null && state.mines === null) return { ok: null, recorded: { mines: null }, note: 'round still open: the site reveals mines when it ends' };
      const mines = int_list(state, 'mines');
      if (mines === null) return missing('mines');
      // Whether the site lists mines in draw order or sorted is not sourced; what is paid depends only on which tiles.
      return differ(same_set(mines, want.mines as number[]), { mines }, 'mines');
    }
    case 'keno': {
      const drawn = int_list(state, 'drawnNumbers');
      if (drawn === null) return missing('drawnNumbers');
      return differ(same_set(drawn, want.drawnNumbers as number[]), { drawnNumbers: drawn }, 'drawnNumbers');
    }
    case 'plinko': {
      const path = state?.path;
      if (!Array.isArray(path)) return missing('path');
      // How the site spells a step is not sourced: read 0/1 and L/R (either case, or left/right).
      const steps = path.map(plinko_step);
      if (steps.includes(-1)) return { ok: null, recorded: { path }, note: 'state path has steps that are neither left nor right' };
      return differ(same_list(steps, want.path as number[]), { path }, 'path');
    }
    default:
      return { ok: null, recorded: null, note: `the recorded state of ${game} is not compared: its fields are not sourced` };
  }
}
