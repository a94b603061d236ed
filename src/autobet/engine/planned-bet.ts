/**
 * A strategy's answer, checked before anything is journaled or sent: the
 * game's own checks (the same the typed methods run), the amount against the
 * run's currency. A bad answer is a `StrategyError` naming the value; nothing
 * about it is rounded or clamped.
 */
import { normalize_amount } from '../../operations/validate/amount.js';
import { GAMES } from '../../games/registry.js';
import { MULTIPLAYER_INPUTS, check_multiplayer, is_multiplayer_game } from '../../games/crash/rules.js';
import type { Money } from './counters.js';
import { round_game_refusal } from '../../games/round-games.js';
import { ROUND_BET_INPUTS, check_round_bet, is_round_bet_game } from '../../games/round-bets.js';
import { AUTOBET_GAMES, StrategyError, type AutobetGame, type NextBet, type StrategyAnswer } from '../strategies/strategy.js';

/** A bet ready to be journaled and sent. */
export interface PlannedBet {
  readonly game: AutobetGame;
  /** In currency units. */
  readonly amount: number;
  /** In whole smallest units. */
  readonly amount_units: number;
  /** The typed method's input without amount, currency and identifier (journaled as the bet's variables). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly rotate_seed_pair: boolean;
  /** Units to move into the vault before the bet (0: none). */
  readonly vault_units: number;
}

/** Each game's parameters, as its typed method names them (besides amount, currency and identifier): the registry's inputs. */
export const GAME_PARAMS: Readonly<Record<AutobetGame, readonly string[]>> = Object.freeze(
  Object.fromEntries(AUTOBET_GAMES.map((game) => [game, is_round_bet_game(game) ? ROUND_BET_INPUTS[game] : is_multiplayer_game(game) ? MULTIPLAYER_INPUTS : GAMES[game].inputs.map((input) => input.name)])) as unknown as Record<AutobetGame, readonly string[]>,
);
const COMMON = new Set(['game', 'amount', 'rotate_seed_pair', 'stop', 'vault']);
const GAME_SET: ReadonlySet<string> = new Set(AUTOBET_GAMES);
/** Each game's fields a strategy's bet may carry: the common ones and its parameters. */
const FIELDS: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries(AUTOBET_GAMES.map((game) => [game, new Set([...COMMON, ...GAME_PARAMS[game]])]));

/**
 * The fields a game's check reads: its parameters, and `amount` for a game
 * whose stake is its chips (`transport.amount: false`: its check refuses an
 * amount that is not their sum, src/games/kernel/rules.ts).
 */
const CHECKED_FIELDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  AUTOBET_GAMES.map((game) => [game, !is_round_bet_game(game) && !is_multiplayer_game(game) && GAMES[game].transport.amount === false ? [...GAME_PARAMS[game], 'amount'] : GAME_PARAMS[game]]),
);

/**
 * The game parameters a run last checked, kept so that an answer giving the
 * same game the same primitive values (a flat bet, a martingale: only the
 * amount moves) is not checked again: a game's check is a pure function of
 * those values, so it would give the same parameters. An object value (keno's
 * numbers, roulette's chips) could have changed inside since: such an answer
 * is always checked. One per run (the engine's strategy seat).
 */
export class ParamsCache {
  game: AutobetGame | null = null;
  /** The values of the fields the game's check reads, as last checked, in `CHECKED_FIELDS` order (a new array each check). */
  values: readonly unknown[] = any_values([]);
  /** What the check gave for them (frozen: every bet planned from them shares it). */
  params: Readonly<Record<string, unknown>> = Object.freeze({});
  /** The last `amount` answered (a number or decimal text) and what it normalised to, in the run's one currency. */
  amount_given: unknown = undefined;
  amount = 0;
}

/**
 * `values` in an array of the most general elements kind, whatever they are
 * (numbers, text): every cache's array then has one map, and the planner's
 * optimised code is not thrown away when a new run's first check stores one.
 */
function any_values(values: readonly unknown[]): unknown[] {
  const out: unknown[] = [null];
  out.length = 0;
  for (const value of values) out.push(value);
  return out;
}

/** `value` as the amount to send: the cached one when it repeats the last amount given (the run's currency never changes). */
function cached_amount(cache: ParamsCache | undefined, value: unknown, currency: string, decimals: number): number {
  if (cache === undefined) return normalize_amount(value, 'amount', currency, decimals);
  if (value === cache.amount_given && value !== undefined) return cache.amount;
  const amount = normalize_amount(value, 'amount', currency, decimals);
  cache.amount_given = value;
  cache.amount = amount;
  return amount;
}

/** `a`'s parameters: the cached ones when `a` repeats their values, else checked (and cached when all are primitive). */
function cached_params(cache: ParamsCache, game: AutobetGame, a: Record<string, unknown>): Readonly<Record<string, unknown>> {
  const names = CHECKED_FIELDS[game] as readonly string[];
  const values = cache.values;
  if (cache.game === game) {
    let same = true;
    for (let i = 0; i < names.length; i++) {
      if (a[names[i] as string] !== values[i]) {
        same = false;
        break;
      }
    }
    if (same) return cache.params;
  }
  const params = Object.freeze(check_params(game, a));
  const checked = any_values(names.map((name) => a[name]));
  cache.game = checked.every((value) => (typeof value !== 'object' || value === null) && typeof value !== 'function') ? game : null;
  cache.values = checked;
  cache.params = params;
  return params;
}

/** The game parameters of `bet`, checked by the game's own rules; throws TypeError/RangeError naming the field. */
export function check_params(game: AutobetGame, bet: Record<string, unknown>): Record<string, unknown> {
  if (is_round_bet_game(game)) return check_round_bet(game, bet);
  return is_multiplayer_game(game) ? { ...check_multiplayer(bet) } : { ...GAMES[game].check(bet) };
}

/**
 * Checks a strategy's answer. `{ stop }` comes back as is. With `cache`, the
 * run's last checked parameters are reused when the answer repeats them.
 * @throws StrategyError (phase `run`) naming the field at fault.
 */
export function plan_bet(answer: unknown, currency: string, money: Money, cache?: ParamsCache): PlannedBet | { readonly stop: string } {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
    throw new StrategyError('run', `the strategy answered ${describe(answer)} instead of a bet or { stop }`);
  }
  const a = answer as Record<string, unknown>;
  const stop = a['stop'];
  // `stop: false | null | undefined` is no stop (`{ ...bet, stop: done ? why : undefined }`); anything else stops.
  if (stop !== undefined && stop !== null && stop !== false) {
    return { stop: typeof stop === 'string' ? stop.slice(0, 200) : 'stopped by the strategy' };
  }
  const game = a['game'];
  if (typeof game !== 'string' || !GAME_SET.has(game)) {
    const round = round_game_refusal(game);
    const why = round === null ? `the strategy's bet has game ${describe(game)}` : `the strategy's bet: ${round}`;
    throw new StrategyError('run', `${why} (games: ${AUTOBET_GAMES.join(', ')})`, { field: 'game' });
  }
  const g = game as AutobetGame;
  const fields = FIELDS[g] as ReadonlySet<string>;
  for (const key of Object.keys(a)) {
    if (!fields.has(key)) {
      throw new StrategyError('run', `the strategy's ${g} bet has an unknown field "${key.slice(0, 40)}"`, { field: key });
    }
  }
  const rotate = a['rotate_seed_pair'];
  if (rotate !== undefined && typeof rotate !== 'boolean') {
    throw new StrategyError('run', 'rotate_seed_pair must be true or false', { field: 'rotate_seed_pair' });
  }
  try {
    const amount = cached_amount(cache, a['amount'], currency, money.decimals);
    const params = cache === undefined ? check_params(g, a) : cached_params(cache, g, a);
    const vault = a['vault'] === undefined || a['vault'] === 0 ? 0 : normalize_amount(a['vault'], 'vault', currency, money.decimals);
    return { game: g, amount, amount_units: money.units(amount), params, rotate_seed_pair: rotate === true, vault_units: money.units(vault) };
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) {
      throw new StrategyError('run', `the strategy's ${g} bet: ${error.message}`, { field: field_of(error.message), cause: error });
    }
    throw error;
  }
}

/** The first word of a game check's message is the field it names. */
export function field_of(message: string): string | null {
  const end = message.indexOf(' ');
  return end > 0 ? message.slice(0, end) : null;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : typeof value;
}

/** The typed method's input for `bet`, for the driver. */
export function bet_input(bet: PlannedBet, currency: string, identifier: string): NextBet & { currency: string; identifier: string } {
  return { game: bet.game, amount: bet.amount, currency, identifier, ...bet.params } as NextBet & { currency: string; identifier: string };
}

export type { StrategyAnswer };
