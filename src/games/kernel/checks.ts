/**
 * The input checks the games share. Each refusal is a RangeError (TypeError
 * for a wrong type) whose message starts with the field, as the site's
 * variable names spell it: callers (autobet, the CLI) read the field from it.
 */

import { check_number } from './number.js';

/** `value` as a finite number, or a TypeError/RangeError naming `field`. */
export function finite(value: unknown, field: string): number {
  return check_number(value, field, { got: 'paren' });
}

/** `value` with at most two decimals (read the way amounts are: 50.5 + 0.0000000001 is refused, 0.1 + 0.2 is 0.3). */
export function two_decimals(value: number, field: string): number {
  const hundredths = value * 100;
  const whole = Math.round(hundredths);
  if (Math.abs(hundredths - whole) > 1e-9 * Math.max(1, Math.abs(hundredths))) {
    throw new RangeError(`${field} ${value} has more than two decimals`);
  }
  return whole / 100;
}

/** Checks a list of distinct integers in [0, size); `min`..`max` of them. */
export function distinct_ints(value: unknown, field: string, size: number, min: number, max: number): number[] {
  return int_list(value, field, size, min, max, true);
}

/** Checks a list of integers in [0, size), `min`..`max` of them, a number repeated only where `distinct` is false (kept in order). */
export function int_list(value: unknown, field: string, size: number, min: number, max: number, distinct = false): number[] {
  if (!Array.isArray(value)) throw new TypeError(`${field} must be an array of integers`);
  if (value.length < min || value.length > max) {
    const want = min === max ? `exactly ${min} number${min === 1 ? '' : 's'}` : `${min} to ${max} numbers`;
    throw new RangeError(`${field} must hold ${want} (got ${value.length})`);
  }
  const seen = new Set<number>();
  const out: number[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'number' || !Number.isInteger(item)) throw new TypeError(`${field} must hold integers only`);
    if (item < 0 || item >= size) throw new RangeError(`${field} must hold integers 0 to ${size - 1} (got ${item})`);
    if (distinct && seen.has(item)) throw new RangeError(`${field} must not repeat a number (${item} is there twice)`);
    seen.add(item);
    out.push(item);
  }
  return out;
}

/** `value` when it is one of `allowed`, else a RangeError naming `field` and the choices. */
export function one_of<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    const words = allowed.map((a) => `"${a}"`);
    const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : words.join('');
    throw new RangeError(`${field} must be ${list} (got ${JSON.stringify(value)})`);
  }
  return value as T;
}

/** A number for a person: at most `digits` decimals, no trailing zeros. */
function short_number(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/** Win chance (percent) and payout multiplier in words, as `stakeql bet` shows them before asking. */
export function odds_words(win_chance: number, multiplier: number): string {
  return `win chance ${short_number(win_chance, 4)} %, pays ×${short_number(multiplier, 4)} on a win`;
}
