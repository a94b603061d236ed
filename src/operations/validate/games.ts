/**
 * The games' own ranges, checked before a bet leaves so a typo never reaches
 * the site. Each refusal is a RangeError (TypeError for a wrong type) naming
 * the field, as the site's variable names spell it.
 *
 * Where the numbers come from:
 * - dice: a win chance from 0.01 % to 98 % (the sandbox's dice.ts, "as on the
 *   site"), so `below` takes targets 0.01–98 and `above` 2–99.99; two decimals,
 *   as the site shows rolls (mydicebot sends `toFixed(2)` targets);
 * - limbo: `multiplierTarget` from 1.01 (a multiplier ≤ 1 cannot win) to
 *   1 000 000 with two decimals (the JS StakeApi sends `toFixed(2)`); the upper
 *   bound is the game's UI limit, not found in a public client;
 * - mines: `minesCount` 1–24 and tiles 0–24 (site-api.md; the bot2love notes
 *   say 1–24; public Mines bots index the 5×5 grid 0–24), distinct, and no more
 *   tiles than there are safe ones;
 * - keno: 1–10 distinct numbers 0–39 (bot2love notes; the Python client's
 *   "0 to 39, 10 numbers"), risk low | medium | high;
 * - plinko: rows 8–16, risk low | medium | high (see src/games/plinko/site.ts).
 */
import type { DiceCondition } from '../../games/dice/site.js';
import type { KenoRisk } from '../../games/keno/site.js';
import type { PlinkoRisk } from '../../games/plinko/site.js';

/** Win-chance bounds of a dice bet, in percent. */
export const DICE_MIN_CHANCE = 0.01;
export const DICE_MAX_CHANCE = 98;
/** Limbo target bounds. */
export const LIMBO_MIN_TARGET = 1.01;
export const LIMBO_MAX_TARGET = 1_000_000;
/** Mines board: tiles 0..MINES_TILES-1. */
export const MINES_TILES = 25;
/** Keno board: numbers 0..KENO_NUMBERS-1, at most KENO_MAX_PICKS of them. */
export const KENO_NUMBERS = 40;
export const KENO_MAX_PICKS = 10;
/** Plinko rows. */
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;

const RISKS: readonly string[] = ['low', 'medium', 'high'];

function finite(value: unknown, field: string): number {
  if (typeof value !== 'number') throw new TypeError(`${field} must be a number`);
  if (!Number.isFinite(value)) throw new RangeError(`${field} must be a finite number (got ${value})`);
  return value;
}

/** `value` with at most two decimals (read the way amounts are: 50.5 + 0.0000000001 is refused, 0.1 + 0.2 is 0.3). */
function two_decimals(value: number, field: string): number {
  const hundredths = value * 100;
  const whole = Math.round(hundredths);
  if (Math.abs(hundredths - whole) > 1e-9 * Math.max(1, Math.abs(hundredths))) {
    throw new RangeError(`${field} ${value} has more than two decimals`);
  }
  return whole / 100;
}

/** Checks a dice bet's `target` and `condition`; returns the target to send. */
export function check_dice(target: unknown, condition: unknown): { target: number; condition: DiceCondition } {
  if (condition !== 'above' && condition !== 'below') {
    throw new RangeError(`condition must be "above" or "below" (got ${JSON.stringify(condition)})`);
  }
  const t = two_decimals(finite(target, 'target'), 'target');
  const chance = condition === 'above' ? 100 - t : t;
  if (chance < DICE_MIN_CHANCE - 1e-9 || chance > DICE_MAX_CHANCE + 1e-9) {
    const [low, high] = condition === 'above' ? [100 - DICE_MAX_CHANCE, 100 - DICE_MIN_CHANCE] : [DICE_MIN_CHANCE, DICE_MAX_CHANCE];
    throw new RangeError(`target must be ${low} to ${high} for condition "${condition}" (a win chance of ${DICE_MIN_CHANCE}% to ${DICE_MAX_CHANCE}%); got ${t}`);
  }
  return { target: t, condition };
}

/** Checks a limbo `multiplierTarget`; returns the value to send. */
export function check_limbo(multiplierTarget: unknown): number {
  const m = two_decimals(finite(multiplierTarget, 'multiplierTarget'), 'multiplierTarget');
  if (m < LIMBO_MIN_TARGET || m > LIMBO_MAX_TARGET) {
    throw new RangeError(`multiplierTarget must be ${LIMBO_MIN_TARGET} to ${LIMBO_MAX_TARGET} (got ${m})`);
  }
  return m;
}

/** Checks a list of distinct integers in [0, size); `min`..`max` of them. */
function distinct_ints(value: unknown, field: string, size: number, min: number, max: number): number[] {
  if (!Array.isArray(value)) throw new TypeError(`${field} must be an array of integers`);
  if (value.length < min || value.length > max) {
    const want = min === max ? `exactly ${min} number${min === 1 ? '' : 's'}` : `${min} to ${max} numbers`;
    throw new RangeError(`${field} must hold ${want} (got ${value.length})`);
  }
  const seen = new Set<number>();
  for (const item of value as unknown[]) {
    if (typeof item !== 'number' || !Number.isInteger(item)) throw new TypeError(`${field} must hold integers only`);
    if (item < 0 || item >= size) throw new RangeError(`${field} must hold integers 0 to ${size - 1} (got ${item})`);
    if (seen.has(item)) throw new RangeError(`${field} must not repeat a number (${item} is there twice)`);
    seen.add(item);
  }
  return [...seen];
}

/** Checks `minesCount`. */
export function check_mines_count(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new TypeError('minesCount must be an integer');
  if (value < 1 || value > MINES_TILES - 1) throw new RangeError(`minesCount must be 1 to ${MINES_TILES - 1} (got ${value})`);
  return value;
}

/** Checks the tiles of a mines step (1 to `max` of them; `max` defaults to every tile). */
export function check_mines_fields(value: unknown, min: number, max = MINES_TILES - 1): number[] {
  return distinct_ints(value, 'fields', MINES_TILES, min, max);
}

/** Checks keno `numbers` and `risk`. */
export function check_keno(numbers: unknown, risk: unknown): { numbers: number[]; risk: KenoRisk | undefined } {
  const picked = distinct_ints(numbers, 'numbers', KENO_NUMBERS, 1, KENO_MAX_PICKS);
  if (risk !== undefined && (typeof risk !== 'string' || !RISKS.includes(risk))) {
    throw new RangeError(`risk must be "low", "medium" or "high" (got ${JSON.stringify(risk)})`);
  }
  return { numbers: picked, risk: risk as KenoRisk | undefined };
}

/** Checks plinko `rows` and `risk`. */
export function check_plinko(rows: unknown, risk: unknown): { rows: number; risk: PlinkoRisk } {
  if (typeof rows !== 'number' || !Number.isInteger(rows)) throw new TypeError('rows must be an integer');
  if (rows < PLINKO_MIN_ROWS || rows > PLINKO_MAX_ROWS) throw new RangeError(`rows must be ${PLINKO_MIN_ROWS} to ${PLINKO_MAX_ROWS} (got ${rows})`);
  if (typeof risk !== 'string' || !RISKS.includes(risk)) {
    throw new RangeError(`risk must be "low", "medium" or "high" (got ${JSON.stringify(risk)})`);
  }
  return { rows, risk: risk as PlinkoRisk };
}

/**
 * Checks a client seed for `RotateSeedPair`: 1–64 printable ASCII characters
 * without spaces (our bound; the site's own limit is not in a public source).
 */
export function check_client_seed(value: unknown): string {
  if (typeof value !== 'string') throw new TypeError('seed must be a string');
  if (!/^[\x21-\x7e]{1,64}$/.test(value)) throw new RangeError('seed must be 1 to 64 printable ASCII characters without spaces');
  return value;
}
