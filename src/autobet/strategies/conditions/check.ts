/**
 * Reads hunting conditions as the user wrote them (a settings rule's
 * condition, a `when:` item), refusing anything unknown or out of range with
 * a `StrategyError` (phase `load`) naming the field.
 */
import { StrategyError } from '../strategy.js';
import { BET_TESTS, CROSSING_TESTS, type Condition, type Test } from './conditions.js';

/** Every condition key a rule or a `when:` item may hold. */
export const CONDITION_KEYS: readonly string[] = [...BET_TESTS, ...CROSSING_TESTS];

/** The actions a `when:` item may take: it watches a strategy, it never changes its bets. */
export const HUNT_ACTIONS = ['stop', 'stop_after_win', 'notify'] as const;
export type HuntAction = (typeof HUNT_ACTIONS)[number];

/** At most this many `when:` items: a watch list, not a program. */
const MAX_WHEN = 100;
/** At most this many values in a `result_in` set. */
const MAX_VALUES = 1000;
/** The longest run `in_a_row` may ask for. */
const MAX_RUN = 1_000_000;

const fail = (field: string, message: string): never => {
  throw new StrategyError('load', `${field} ${message}`, { field });
};

function finite(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(field, 'must be a finite number');
  return value as number;
}

function pair(value: unknown, field: string): { lo: number; hi: number } {
  if (!Array.isArray(value) || value.length !== 2) fail(field, 'must be a range [low, high]');
  const [lo, hi] = [finite((value as unknown[])[0], `${field}[0]`), finite((value as unknown[])[1], `${field}[1]`)];
  if (lo > hi) fail(field, `must be a range [low, high] with low <= high (got [${lo}, ${hi}])`);
  return { lo, hi };
}

/** The test named `kind` with its value `value`; `field` names it in errors. */
function test_of(kind: string, value: unknown, field: string): Test {
  switch (kind) {
    case 'multiplier_at_least':
    case 'multiplier_below': {
      const x = finite(value, field);
      if (x < 0) fail(field, 'must be at least 0');
      return { kind, x };
    }
    case 'multiplier_between':
    case 'result_between':
      return { kind, ...pair(value, field) };
    case 'result_in': {
      if (!Array.isArray(value) || value.length === 0 || value.length > MAX_VALUES) fail(field, `must be a list of 1 to ${MAX_VALUES} numbers`);
      return { kind, values: (value as unknown[]).map((v, i) => finite(v, `${field}[${i}]`)) };
    }
    case 'profit_up_to':
    case 'profit_down_to':
      return { kind, x: finite(value, field) };
    case 'balance_up_to':
    case 'balance_down_to': {
      const x = finite(value, field);
      if (x < 0) fail(field, 'must be at least 0');
      return { kind, x };
    }
    default:
      return fail(field, `is not a condition (conditions: ${CONDITION_KEYS.join(', ')})`);
  }
}

/**
 * The condition of `o` (a rule or a `when:` item), which holds exactly one
 * condition key and may hold `in_a_row`; `field` is the object's name
 * (`rules[2]`, `when[0]`). The caller has already refused unknown keys.
 */
export function check_condition(o: Record<string, unknown>, kind: string, field: string): Condition {
  const test = test_of(kind, o[kind], `${field}.${kind}`);
  const n = o['in_a_row'];
  if (n === undefined) return { test, in_a_row: 1 };
  if ((CROSSING_TESTS as readonly string[]).includes(kind)) fail(`${field}.in_a_row`, `does not go with ${kind} (a mark is crossed once, not in a row)`);
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_RUN) fail(`${field}.in_a_row`, `must be a whole number from 1 to ${MAX_RUN}`);
  return { test, in_a_row: n as number };
}

/** One checked `when:` item. */
export interface WhenItem {
  /** Where the user wrote it (`when[0]`), for the stop line and notices. */
  readonly field: string;
  readonly condition: Condition;
  readonly action: HuntAction;
}

function when_action(value: unknown, field: string): HuntAction {
  if (typeof value === 'string' && (HUNT_ACTIONS as readonly string[]).includes(value)) return value as HuntAction;
  // The settings rules' object form ({ "stop": true }) is taken too, so one condition can move between the two.
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const name = keys[0];
    if (keys.length === 1 && name !== undefined && (HUNT_ACTIONS as readonly string[]).includes(name) && (value as Record<string, unknown>)[name] === true) return name as HuntAction;
  }
  return fail(field, `must be one of ${HUNT_ACTIONS.join(', ')} (a when: item never changes the strategy's bets)`);
}

/** Checks a `when:` list: each item one condition, optionally `in_a_row`, and an `action` of stop, stop_after_win or notify. */
export function check_when(value: unknown, field = 'when'): readonly WhenItem[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return fail(field, 'must be a list');
  if (value.length > MAX_WHEN) fail(field, `may hold at most ${MAX_WHEN} items`);
  return (value as unknown[]).map((item, i) => {
    const at = `${field}[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return fail(at, 'must be an object');
    const o = item as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      if (key !== 'action' && key !== 'in_a_row' && !CONDITION_KEYS.includes(key)) fail(`${at}.${key.slice(0, 40)}`, `is not a condition (conditions: ${CONDITION_KEYS.join(', ')}, with in_a_row and action)`);
    }
    const kinds = Object.keys(o).filter((k) => CONDITION_KEYS.includes(k));
    if (kinds.length !== 1) fail(at, `must have exactly one condition (${CONDITION_KEYS.join(', ')})`);
    if (o['action'] === undefined) fail(`${at}.action`, `is required (${HUNT_ACTIONS.join(', ')})`);
    return { field: at, condition: check_condition(o, kinds[0] as string, at), action: when_action(o['action'], `${at}.action`) };
  });
}
