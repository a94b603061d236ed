/**
 * The pieces each game's `compare` (src/games/<game>/rules.ts) is made of:
 * reading a recorded `state`'s fields and saying whether they match the
 * outcome the seeds produce. A field that is not there is not compared
 * (`ok: null`) rather than guessed.
 */

/** The result of one comparison: `ok` null when nothing comparable was recorded. */
export interface Comparison {
  ok: boolean | null;
  recorded: unknown;
  note?: string;
}

/** Hundredths of a shown two-decimal number, robust to binary noise (12.34 → 1234). */
export function hundredths(value: number): number {
  return Math.floor(value * 100 + 1e-6);
}

/** A finite number `state[field]`, or null. */
export function number_field(state: Record<string, unknown> | null, field: string): number | null {
  const value = state?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A list of integers `state[field]`, or null. */
export function int_list(state: Record<string, unknown> | null, field: string): number[] | null {
  const value = state?.[field];
  if (!Array.isArray(value) || !value.every((n) => Number.isInteger(n))) return null;
  return value as number[];
}

/** The same numbers in the same order. */
export function same_list(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

/** The same numbers in any order. */
export function same_set(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const sorted_a = [...a].sort((x, y) => x - y);
  const sorted_b = [...b].sort((x, y) => x - y);
  return same_list(sorted_a, sorted_b);
}

/** Not compared: the state has no such field. */
export function missing(field: string): Comparison {
  return { ok: null, recorded: null, note: `state has no ${field} to compare` };
}

/** The comparison of `recorded` with what the seeds produce, with a note when they differ. */
export function differ(ok: boolean, recorded: unknown, what: string): Comparison {
  return ok ? { ok, recorded } : { ok, recorded, note: `recorded ${what} differs from the one the seeds produce` };
}
