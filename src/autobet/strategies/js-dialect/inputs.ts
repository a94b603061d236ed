/**
 * The script's per-game globals as the prelude read them (a number, a short
 * string, a list of those, or `(type)` naming anything else) turned into a
 * game's input, each refusal a StrategyError naming the script's global;
 * then the game's own check (src/games/), its message renamed from the
 * site's field to the global. Shared by games.ts and live-games.ts.
 */
import { GAMES, type RegistryGame } from '../../../games/registry.js';
import { StrategyError } from '../strategy.js';
import type { LuaNumberValue } from '../lua/vm.js';

type Phase = 'load' | 'run';

/** What the script left, for a message: a string as written, `(type)` as the type's name. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return value.startsWith('(') ? value.slice(1, -1) : JSON.stringify(value);
  return JSON.stringify(value) ?? 'nothing';
}

export function number_of(field: string, value: LuaNumberValue, phase: Phase): number {
  if ('not_number' in value) throw new StrategyError(phase, `${field} must be a number (the script left ${value.not_number})`, { field });
  if (!Number.isFinite(value.number)) throw new StrategyError(phase, `${field} must be a finite number (the script left ${String(value.number)})`, { field });
  return value.number;
}

/** A per-game global that must be a number (the prelude keeps only finite ones as numbers). */
export function real_of(field: string, raw: unknown, phase: Phase): number {
  return number_of(field, typeof raw === 'number' ? { number: raw } : { not_number: describe(raw) }, phase);
}

/** A whole number, or one written as digits (bot4stake's README writes `segments = "10"`). */
export function int_of(field: string, raw: unknown, phase: Phase): number {
  if (typeof raw === 'number' && Number.isInteger(raw)) return raw;
  if (typeof raw === 'string' && /^[0-9]{1,9}$/.test(raw)) return Number(raw);
  throw new StrategyError(phase, `${field} must be a whole number (the script left ${describe(raw)})`, { field });
}

export function list_of(field: string, raw: unknown, phase: Phase): number[] {
  if (!Array.isArray(raw)) throw new StrategyError(phase, `${field} must be an array of whole numbers (the script left ${describe(raw)})`, { field });
  return raw.map((v, i) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new StrategyError(phase, `${field}[${i}] must be a whole number (the script left ${describe(v)})`, { field });
    return v;
  });
}

/** A list of words (flip's, rock-paper-scissors' `guesses`): an array, never a comma-separated string (the bots send the value as it is). */
export function words_of(field: string, raw: unknown, example: string, phase: Phase): string[] {
  if (!Array.isArray(raw)) throw new StrategyError(phase, `${field} must be an array of words, e.g. ${example} (the script left ${describe(raw)})`, { field });
  return raw.map((v, i) => {
    if (typeof v !== 'string' || v.startsWith('(')) throw new StrategyError(phase, `${field}[${i}] must be a string (the script left ${describe(v)})`, { field });
    return v;
  });
}

export function text_of(field: string, raw: unknown, phase: Phase): string {
  if (typeof raw !== 'string' || raw.startsWith('(')) throw new StrategyError(phase, `${field} must be a string (the script left ${describe(raw)})`, { field });
  return raw;
}

/**
 * The game's own check of `input`, its message naming the script's global
 * (`names`: the site's field → the global) instead of the site's field.
 */
export function checked(game: RegistryGame, input: Record<string, unknown>, names: Readonly<Record<string, string>>, phase: Phase): Record<string, unknown> {
  try {
    return GAMES[game].check(input) as unknown as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
    // The longest field first: primedice's target1 is not read as a field target.
    const site = Object.keys(names).sort((a, b) => b.length - a.length).find((k) => error.message.startsWith(k));
    const field = site === undefined ? 'game' : names[site]!;
    const message = site === undefined ? error.message : `${field}${site === field ? '' : ` (the site's ${site})`}${error.message.slice(site.length)}`;
    throw new StrategyError(phase, `game ${game}: ${message}`, { field, cause: error });
  }
}
