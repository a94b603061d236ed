/**
 * The user's limits: checked by the engine before and after every bet from
 * its own counters, never from a strategy's word. A limit stops the run; it
 * never clamps or changes a bet (`max_bets_per_second` alone paces).
 */

/** Limits in currency units (counts and seconds where named). Only the user sets them. */
export interface Limits {
  /** Largest amount of one bet. Required by `autobet`. */
  readonly max_bet?: number;
  /** Largest session loss: a bet is placed only if `-profit + amount <= stop_loss`. Required by `autobet`. */
  readonly stop_loss?: number;
  /** Stop once `profit >= take_profit`. */
  readonly take_profit?: number;
  /** Stop once profit falls this far below the session's peak profit (the peak starts at 0). */
  readonly trailing_stop?: number;
  /** A bet is placed only if `balance - amount >= floor_balance` (may be 0). */
  readonly floor_balance?: number;
  /** Stop after this many bets. */
  readonly max_bets?: number;
  /** A bet is placed only if `wagered + amount <= max_wagered`. */
  readonly max_wagered?: number;
  /** Stop when this many losses come in a row. */
  readonly max_loss_streak?: number;
  /** Stop after this many seconds of running (summed over resumes). */
  readonly max_duration?: number;
  /** Pace bets to at most this many a second. */
  readonly max_bets_per_second?: number;
}

/** Every limit's name, in the order they are listed and checked. */
export const LIMIT_NAMES = [
  'max_bet', 'stop_loss', 'take_profit', 'trailing_stop', 'floor_balance', 'max_bets', 'max_wagered',
  'max_loss_streak', 'max_duration', 'max_bets_per_second',
] as const satisfies readonly (keyof Limits)[];

/** Limits that count something rather than an amount: whole numbers. */
const COUNTS: ReadonlySet<string> = new Set(['max_bets', 'max_loss_streak']);

/**
 * Checks limits the user wrote: an object of known names, each a positive
 * finite number (`floor_balance` may be 0; counts whole). With `require`
 * (the live site and the sandbox) `stop_loss` and `max_bet` must be present.
 * @throws TypeError / RangeError naming the limit.
 */
export function check_limits(value: unknown, require: boolean): Limits {
  if (value === undefined || value === null) value = {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError('limits must be an object');
  const out: Record<string, number> = {};
  for (const [name, limit] of Object.entries(value as Record<string, unknown>)) {
    if (!(LIMIT_NAMES as readonly string[]).includes(name)) {
      throw new RangeError(`unknown limit "${name.slice(0, 40)}" (limits: ${LIMIT_NAMES.join(', ')})`);
    }
    if (limit === undefined) continue;
    if (typeof limit !== 'number') throw new TypeError(`${name} must be a number`);
    const floorOk = name === 'floor_balance' && limit === 0;
    if (!Number.isFinite(limit) || (!(limit > 0) && !floorOk)) {
      throw new RangeError(`${name} must be a positive number${name === 'floor_balance' ? ' or 0' : ''} (got ${limit})`);
    }
    if (COUNTS.has(name) && !Number.isInteger(limit)) throw new RangeError(`${name} must be a whole number (got ${limit})`);
    out[name] = limit;
  }
  if (require) {
    for (const name of ['stop_loss', 'max_bet'] as const) {
      if (out[name] === undefined) {
        throw new RangeError(`${name} is required: a run against the site or the sandbox never starts without stop_loss and max_bet`);
      }
    }
  }
  return Object.freeze(out) as Limits;
}
