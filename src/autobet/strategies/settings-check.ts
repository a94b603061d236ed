/**
 * Reads a settings strategy (the site's autobet form with its advanced rules)
 * as the user wrote it, refusing anything unknown or out of range with a
 * `StrategyError` (phase `load`) naming the field. See settings.ts for what
 * each setting does.
 */
import { check_dice, check_limbo } from '../../operations/validate/games.js';
import { round_game_refusal } from '../../games/round-games.js';
import { AUTOBET_GAMES, StrategyError, type AutobetGame } from './strategy.js';
import { check_params, field_of, GAME_PARAMS } from '../engine/planned-bet.js';
import { check_condition, check_when, CONDITION_KEYS, type WhenItem } from './conditions/check.js';
import { RESULT_GAMES, type Condition } from './conditions/conditions.js';

/** What to do to the amount after a win or a loss. */
export type OnResult = 'reset' | { readonly increase_pct: number };

/** The condition of an advanced rule. */
export type RuleCondition =
  | { readonly kind: 'every' | 'every_streak' | 'first_streak' | 'streak_above' | 'streak_below'; readonly n: number; readonly of: 'bets' | 'wins' | 'losses' }
  | { readonly kind: 'profit_above' | 'loss_above'; readonly x: number }
  /** A hunting condition (conditions/conditions.ts): on the last result, a run of results, or profit or balance crossing a mark. */
  | { readonly kind: 'condition'; readonly condition: Condition };

/** The action of an advanced rule. */
export type RuleAction =
  | { readonly kind: 'increase_bet_pct' | 'set_bet' | 'increase_chance_pct' | 'set_chance'; readonly value: number }
  /** Deposit `value` % (0–100] of the session's profit above the last deposit into the vault. */
  | { readonly kind: 'vault_pct'; readonly value: number }
  /**
   * `reset_seed`: rotate the seed pair before the next bet; `stop_after_win`: stop after the next bet
   * that wins; `notify`: a `hunt` event to the run's notification sinks.
   */
  | { readonly kind: 'reset_bet' | 'reset_chance' | 'switch_condition' | 'stop' | 'reset_seed' | 'stop_after_win' | 'notify' };

/** One advanced rule. */
export interface Rule {
  readonly when: RuleCondition;
  readonly action: RuleAction;
}

/** A checked settings strategy. */
export interface Settings {
  readonly game: AutobetGame;
  /** The base bet: amount (a number) and the game's parameters, as the typed method takes them. */
  readonly bet: Readonly<Record<string, unknown>> & { readonly amount: number };
  readonly on_win: OnResult;
  readonly on_loss: OnResult;
  readonly rules: readonly Rule[];
  readonly currency: string | null;
  /** Conditions that watch the run (stop, stop after the next win, notify), beside the rules. */
  readonly when: readonly WhenItem[];
  /** Crash and Slide: bet only after `bet_after` rounds in a row below / at least `x`; skip every other round. */
  readonly rounds: RoundsRule | null;
}

/** A settings rule over round points ("after K rounds under X, bet"). */
export interface RoundsRule {
  readonly bet_after: number;
  readonly below?: number;
  readonly at_least?: number;
}

const TOP = ['game', 'bet', 'on_win', 'on_loss', 'rules', 'currency', 'when', 'rounds'];
const COUNTED = ['every', 'every_streak', 'first_streak', 'streak_above', 'streak_below'] as const;
const MONEY = ['profit_above', 'loss_above'] as const;
const VALUE_ACTIONS = ['increase_bet_pct', 'set_bet', 'increase_chance_pct', 'set_chance', 'vault_pct'] as const;
const FLAG_ACTIONS = ['reset_bet', 'reset_chance', 'switch_condition', 'stop', 'reset_seed', 'stop_after_win', 'notify'] as const;
const CHANCE_GAMES: ReadonlySet<string> = new Set(['dice', 'limbo']);
// A plain decimal, as an amount string must be (Number() would also take '', '0x10', '1e3'). Linear.
const DECIMAL_TEXT = /^[0-9]{1,20}(?:\.[0-9]{1,20})?$/;
/** At most this many rules: a form, not a program. */
const MAX_RULES = 100;

const fail = (field: string, message: string): never => {
  throw new StrategyError('load', `settings: ${field} ${message}`, { field });
};

function object(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(field, 'must be an object');
  return value as Record<string, unknown>;
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[], field: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) fail(field === '' ? key.slice(0, 40) : `${field}.${key.slice(0, 40)}`, `is not a setting (settings: ${allowed.join(', ')})`);
  }
}

function finite(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(field, 'must be a finite number');
  return value as number;
}

function onResult(value: unknown, field: string): OnResult {
  if (value === undefined || value === 'reset') return 'reset';
  const o = object(value, field);
  onlyKeys(o, ['increase_pct'], field);
  const pct = finite(o['increase_pct'], `${field}.increase_pct`);
  if (pct <= -100) fail(`${field}.increase_pct`, 'must be above -100 (an amount cannot shrink to nothing or below)');
  return { increase_pct: pct };
}

function rule(value: unknown, index: number, game: AutobetGame): Rule {
  const field = `rules[${index}]`;
  const o = object(value, field);
  const conditions = Object.keys(o).filter((k) => k !== 'of' && k !== 'action' && k !== 'in_a_row');
  onlyKeys(o, [...COUNTED, ...MONEY, ...CONDITION_KEYS, 'of', 'in_a_row', 'action'], field);
  if (conditions.length !== 1) fail(field, `must have exactly one condition (${[...COUNTED, ...MONEY, ...CONDITION_KEYS].join(', ')})`);
  const kind = conditions[0] as (typeof COUNTED)[number] | (typeof MONEY)[number];
  let when: RuleCondition;
  if (CONDITION_KEYS.includes(kind)) {
    if (o['of'] !== undefined) fail(`${field}.of`, `does not go with ${kind}`);
    when = { kind: 'condition', condition: with_prefix(() => check_condition(o, kind, field)) };
    if (kind.startsWith('result_') && !RESULT_GAMES.has(game)) fail(`${field}.${kind}`, `needs a game whose bet has one result number (${[...RESULT_GAMES].join(', ')})`);
  } else if (o['in_a_row'] !== undefined) {
    return fail(`${field}.in_a_row`, `does not go with ${kind} (it repeats a result condition: ${CONDITION_KEYS.join(', ')})`);
  } else if ((MONEY as readonly string[]).includes(kind)) {
    if (o['of'] !== undefined) fail(`${field}.of`, `does not go with ${kind}`);
    const x = finite(o[kind], `${field}.${kind}`);
    if (x < 0) fail(`${field}.${kind}`, 'must be at least 0');
    when = { kind: kind as (typeof MONEY)[number], x };
  } else {
    const n = o[kind];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 1e9) fail(`${field}.${kind}`, 'must be a whole number from 1');
    const of = o['of'];
    const streak = kind !== 'every';
    const allowed = streak ? ['wins', 'losses'] : ['bets', 'wins', 'losses'];
    if (typeof of !== 'string' || !allowed.includes(of)) fail(`${field}.of`, `must be ${allowed.join(' or ')}`);
    when = { kind: kind as (typeof COUNTED)[number], n: n as number, of: of as 'bets' | 'wins' | 'losses' };
  }
  const a = object(o['action'], `${field}.action`);
  const names = Object.keys(a);
  if (names.length !== 1) fail(`${field}.action`, `must have exactly one action (${[...VALUE_ACTIONS, ...FLAG_ACTIONS].join(', ')})`);
  const name = names[0] as string;
  let action: RuleAction;
  if ((VALUE_ACTIONS as readonly string[]).includes(name)) {
    const v = finite(a[name], `${field}.action.${name}`);
    if ((name === 'set_bet' || name === 'set_chance') && v < 0) fail(`${field}.action.${name}`, 'must be at least 0');
    if ((name === 'increase_bet_pct' || name === 'increase_chance_pct') && v <= -100) fail(`${field}.action.${name}`, 'must be above -100');
    if (name === 'vault_pct' && !(v > 0 && v <= 100)) fail(`${field}.action.vault_pct`, 'must be above 0 and at most 100');
    if (name === 'set_chance') chanceFits(game, v, `${field}.action.set_chance`);
    action = { kind: name as (typeof VALUE_ACTIONS)[number], value: v };
  } else if ((FLAG_ACTIONS as readonly string[]).includes(name)) {
    if (a[name] !== true) fail(`${field}.action.${name}`, 'takes true');
    action = { kind: name as (typeof FLAG_ACTIONS)[number] };
  } else {
    return fail(`${field}.action.${name.slice(0, 40)}`, `is not an action (${[...VALUE_ACTIONS, ...FLAG_ACTIONS].join(', ')})`);
  }
  if (action.kind.includes('chance') && !CHANCE_GAMES.has(game)) fail(`${field}.action`, `${action.kind} needs a game with a win chance (dice, limbo)`);
  if (action.kind === 'switch_condition' && game !== 'dice') fail(`${field}.action`, 'switch_condition is for dice');
  if ((action.kind === 'stop_after_win' || action.kind === 'notify') && when.kind !== 'condition') {
    fail(`${field}.action`, `${action.kind} goes with a hunting condition (${CONDITION_KEYS.join(', ')})`);
  }
  return { when, action };
}

/** The conditions module's error, worded as the other settings errors (`settings: rules[0].… …`). */
function with_prefix<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof StrategyError) throw new StrategyError('load', `settings: ${error.message}`, { field: error.field });
    throw error;
  }
}

/**
 * A `set_chance` the game can bet, known at load rather than when the rule
 * first fires: dice takes 0.01–98 % in hundredths; limbo's chance becomes the
 * multiplierTarget 99 / chance (two decimals, 1.01 to 1 000 000).
 */
function chanceFits(game: AutobetGame, chance: number, field: string): void {
  try {
    if (game === 'dice') check_dice(chance, 'below');
    else if (game === 'limbo') check_limbo(chance > 0 ? Math.round((99 / chance) * 100) / 100 : Number.NaN);
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) {
      fail(field, `${chance} is not a win chance ${game} can bet (${game === 'dice' ? '0.01 to 98, two decimals' : '99 / multiplierTarget, the multiplier 1.01 to 1000000'})`);
    }
    throw error;
  }
}

/** Checks a parsed settings object. */
export function check_settings(value: unknown): Settings {
  const o = object(value, 'settings');
  onlyKeys(o, TOP, '');
  const game = o['game'];
  if (typeof game !== 'string' || !(AUTOBET_GAMES as readonly string[]).includes(game)) {
    const round = round_game_refusal(game);
    fail('game', round === null ? `must be one of ${AUTOBET_GAMES.join(', ')}` : `${round} (games: ${AUTOBET_GAMES.join(', ')})`);
  }
  const g = game as AutobetGame;
  const bet = object(o['bet'], 'bet');
  onlyKeys(bet, ['amount', ...GAME_PARAMS[g]], 'bet');
  const amount = bet['amount'];
  if (typeof amount !== 'number' && typeof amount !== 'string') fail('bet.amount', 'must be a number');
  if (typeof amount === 'string' && !DECIMAL_TEXT.test(amount)) fail('bet.amount', `must be a plain decimal such as "0.0001" (got ${JSON.stringify(amount.slice(0, 30))})`);
  const n = Number(amount);
  if (!Number.isFinite(n) || n < 0) fail('bet.amount', `must be a finite number >= 0 (got ${String(amount).slice(0, 30)})`);
  const { amount: _a, ...given } = bet;
  let params: Record<string, unknown> = {};
  try {
    params = check_params(g, given);
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) fail(`bet.${field_of(error.message) ?? ''}`, `(${g}): ${error.message}`);
    throw error;
  }
  const currency = o['currency'];
  if (currency !== undefined && (typeof currency !== 'string' || !/^[a-z0-9]{2,10}$/.test(currency))) fail('currency', 'must be a currency code such as btc');
  const rules = o['rules'] ?? [];
  if (!Array.isArray(rules)) fail('rules', 'must be a list');
  if ((rules as unknown[]).length > MAX_RULES) fail('rules', `may hold at most ${MAX_RULES} rules`);
  return {
    game: g,
    bet: { ...params, amount: n },
    on_win: onResult(o['on_win'], 'on_win'),
    on_loss: onResult(o['on_loss'], 'on_loss'),
    rules: (rules as unknown[]).map((r, i) => rule(r, i, g)),
    currency: (currency as string | undefined) ?? null,
    when: with_prefix(() => check_when(o['when'])),
    rounds: rounds_rule(o['rounds'], g),
  };
}

/** `rounds`: `{ "bet_after": K, "below": X }` or `{ "bet_after": K, "at_least": X }`, for crash and slide. */
function rounds_rule(value: unknown, game: AutobetGame): RoundsRule | null {
  if (value === undefined) return null;
  if (game !== 'crash' && game !== 'slide') fail('rounds', 'is for crash and slide (rules over the rounds\' points)');
  const o = object(value, 'rounds');
  onlyKeys(o, ['bet_after', 'below', 'at_least'], 'rounds');
  const k = o['bet_after'];
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 1 || k > 100) fail('rounds.bet_after', 'must be a whole number from 1 to 100 (the rounds a strategy is shown)');
  const below = o['below'];
  const at_least = o['at_least'];
  if ((below === undefined) === (at_least === undefined)) fail('rounds', 'must have exactly one of below, at_least');
  const key = below === undefined ? 'at_least' : 'below';
  const x = finite(o[key], `rounds.${key}`);
  if (x < 1) fail(`rounds.${key}`, 'must be at least 1 (a round point is at least 1)');
  return { bet_after: k as number, [key]: x };
}
