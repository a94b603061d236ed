/**
 * Bet identifiers: the browser sends a fresh random 21-character `identifier`
 * with every bet (site-api.md; `randomString(21)` in the bot2love notes and a
 * userscript), and the site reports it back with the balance change, so a
 * caller can find a bet whose answer was lost instead of betting again.
 */
import { randomFillSync } from 'node:crypto';

/** Length of a generated identifier, as the web app's. */
export const IDENTIFIER_LENGTH = 21;

// 64 symbols: a byte's low 6 bits index it exactly (256 = 4 × 64), so no symbol is favoured.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const GIVEN = /^[A-Za-z0-9_-]{1,64}$/;

// Random bytes drawn a few kilobytes at a time: one call into the generator per 195 identifiers, not per bet.
const POOL = Buffer.alloc(IDENTIFIER_LENGTH * 195);
let used = POOL.length;

/** 21 random URL-safe characters from `crypto.randomFillSync`. */
export function new_identifier(): string {
  if (used + IDENTIFIER_LENGTH > POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  let out = '';
  for (let i = used; i < used + IDENTIFIER_LENGTH; i++) out += ALPHABET[(POOL[i] as number) & 63];
  // Each byte serves once: no two identifiers share randomness.
  used += IDENTIFIER_LENGTH;
  return out;
}

/**
 * The identifier to send: the given one when it is usable, a new one when none is given.
 * @throws TypeError when not a string; RangeError when not 1–64 URL-safe characters.
 */
export function identifier_or_new(value: unknown): string {
  if (value === undefined || value === null) return new_identifier();
  if (typeof value !== 'string') throw new TypeError('identifier must be a string');
  if (!GIVEN.test(value)) throw new RangeError('identifier must be 1 to 64 characters of A-Z a-z 0-9 _ -');
  return value;
}
