/**
 * The part every live-only game shares: a game whose pay table (and most
 * often its provably-fair translation) no public source gives. Such a game is
 * played on the site through `client.play` and refused by the sandbox and the
 * simulator with a message saying its table is not public — never paid by an
 * invented table (spec/games.md "Pay tables").
 */
import type { Comparison } from './compare.js';
import type { GameOffline, GamePay, GameTransport } from './rules.js';
import { check_number } from './number.js';

/** Why the sandbox and the simulator do not play `game` (`sim` exits 2 with it; the sandbox answers it as the site's error). */
export function table_not_public(game: string): string {
  return `${game}'s pay table is not public (no public source gives it), so only the site plays it: use client.play or stakeql bet against the site`;
}

/** What a live-only game's rules say about paying it. */
export interface LiveOnly {
  outcome_params(): Record<string, unknown>;
  unpayable(): string;
  compare(): Comparison;
  settle(): never;
  readonly rtp: null;
  readonly pay: GamePay;
  readonly offline: GameOffline;
}

/** The paying half of a live-only game's rules; `source` is where its document or route was found. */
export function live_only(game: string, source: string): LiveOnly {
  const why = table_not_public(game);
  return {
    outcome_params: () => ({}),
    unpayable: () => why,
    compare: () => ({ ok: null, recorded: null, note: `no public source gives ${game}'s provably-fair translation` }),
    settle: (): never => {
      throw new RangeError(why);
    },
    rtp: null,
    pay: { rule: 'not public', source, table: true },
    offline: { sandbox: false, simulator: false },
  };
}

/**
 * A live-only game's route and answer key, stated once in its rules.ts and
 * read by the three places that need them: the rules' `transport`, the
 * client's `site` (site.ts: `...route.site`) and the sandbox's refusal
 * (sandbox.ts: `...route.sandbox`), so the sandbox's route is the one the
 * client sends by construction, not by a second copy kept equal.
 */
export interface LiveRoute {
  readonly name: string;
  /** The rules' `transport`. */
  readonly transport: GameTransport;
  /** The client's answer key and REST route (with where a public source gives it), spread into the game's `GameSite`. */
  readonly site: { readonly field: string; readonly rest?: { readonly path: string; readonly source: string } };
  /** The sandbox's name of the game and the route its refusal answers, spread into `refused_game`. */
  readonly sandbox: { readonly name: string; readonly rest?: { readonly path: string; readonly field: string } };
}

/**
 * `name`'s route: its GraphQL `operation` (null when no public source gives
 * a document), the answer's `field` (also the REST answer's key), and its
 * REST route `rest` where a public source gives one (`source` says which).
 */
export function live_only_game(spec: { name: string; operation: string | null; field: string; rest?: { path: string; source: string } }): LiveRoute {
  const { name, operation, field, rest } = spec;
  return Object.freeze({
    name,
    transport: Object.freeze(rest === undefined ? { operation, field } : { operation, field, rest: rest.path }),
    site: Object.freeze(rest === undefined ? { field } : { field, rest: Object.freeze({ path: rest.path, source: rest.source }) }),
    sandbox: Object.freeze(rest === undefined ? { name } : { name, rest: Object.freeze({ path: rest.path, field }) }),
  });
}

/** The site's difficulty levels of pump, bars, cases, snakes, darts, chicken, tarot (site-coverage.md §2.2: SBOT Form1.Designer.cs, SLOT2). */
export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
/** One of {@link DIFFICULTIES}. */
export type Difficulty = (typeof DIFFICULTIES)[number];

/**
 * A list of words, given as an array or (from the CLI's `--guesses heads,tails`)
 * one comma-separated string; `min`..`max` of them, each one of `allowed`.
 */
export function word_list<T extends string>(value: unknown, field: string, allowed: readonly T[], min: number, max: number): T[] {
  const items: unknown[] = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  if (typeof value !== 'string' && !Array.isArray(value)) throw new TypeError(`${field} must be an array of ${allowed.join(' | ')}`);
  if (items.length < min || items.length > max) throw new RangeError(`${field} must hold ${min} to ${max} of ${allowed.join(' | ')} (got ${items.length})`);
  return items.map((item) => {
    if (typeof item !== 'string' || !(allowed as readonly string[]).includes(item)) {
      throw new RangeError(`${field} must hold only ${allowed.join(' | ')} (got ${JSON.stringify(item)?.slice(0, 40)})`);
    }
    return item as T;
  });
}

/** An integer in [min, max], or a TypeError/RangeError naming `field`. */
export function int_in(value: unknown, field: string, min: number, max: number): number {
  return check_number(value, field, { min, max, style: 'strict' });
}
