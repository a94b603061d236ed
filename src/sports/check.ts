/**
 * Input checks of the sports calls: each a TypeError (wrong type) or
 * RangeError (bad value) naming the field, before anything is sent.
 */
import type { OddsChange, SportBetType } from './types.js';
import type { SportSearch, SportType } from './documents/read.js';
import { check_number, optional_number } from '../games/kernel/number.js';

/** The site's maximum for these lists (SLOT: `number_less_equal` above 50). */
export const MAX_PAGE = 50;
/** A page when none is asked for. */
export const DEFAULT_PAGE = 20;

const SEARCH: readonly string[] = ['upcoming', 'live', 'active', 'popular', 'all'];

/** An integer in [min, max], or `fallback` when undefined. */
export function integer(value: unknown, field: string, min: number, max: number, fallback: number): number {
  return optional_number(value, field, fallback, { min, max, style: 'strict' });
}

/** A slug, id or group name: 1 to 200 characters, no control characters. */
export function name(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new TypeError(`${field} must be a string`);
  if (value.length === 0 || value.length > 200) throw new RangeError(`${field} must be 1 to 200 characters`);
  for (let i = 0; i < value.length; i++) {
    if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) throw new RangeError(`${field} must not hold control characters`);
  }
  return value;
}

export function search(value: unknown, field: string, fallback: SportSearch): SportSearch {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !SEARCH.includes(value)) throw new RangeError(`${field} must be one of ${SEARCH.join(', ')}`);
  return value as SportSearch;
}

export function sport_type(value: unknown): SportType | null {
  if (value === undefined || value === null) return null;
  if (value !== 'sport' && value !== 'esport') throw new RangeError('sportType must be "sport" or "esport"');
  return value;
}

export function odds_change(value: unknown): OddsChange {
  if (value === undefined) return 'none';
  if (value !== 'none' && value !== 'higher' && value !== 'any') throw new RangeError('oddsChange must be "none", "higher" or "any"');
  return value;
}

export function bet_type(value: unknown): SportBetType {
  if (value === undefined) return 'sports';
  if (value !== 'sports' && value !== 'esports') throw new RangeError('betType must be "sports" or "esports"');
  return value;
}

/** Decimal odds: a finite number above 1. */
export function odds(value: unknown, field: string): number {
  return check_number(value, field, { above: 1, words: 'must be decimal odds above 1', got: 'paren' });
}

/** An options object (undefined: empty). */
export function object(value: unknown, what: string): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${what} must be an object`);
  return value as Record<string, unknown>;
}

/** An AbortSignal or nothing. */
export function signal(value: unknown): AbortSignal | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || typeof (value as AbortSignal).addEventListener !== 'function' || !('aborted' in value)) {
    throw new TypeError('signal must be an AbortSignal');
  }
  return value as AbortSignal;
}
