/**
 * Changing a running session's limits: only ever safer. A limit may be
 * lowered (or, for `floor_balance`, raised) or added; raising one, or
 * lowering the floor, is refused: a remote command (a lost phone, a leaked
 * dashboard link) must never be able to widen what a run may lose.
 */
import { check_limits, type Limits } from './limits.js';

/** The limit where a larger number is the safer one; for every other, smaller is safer. */
const SAFER_HIGHER: ReadonlySet<string> = new Set(['floor_balance']);

/**
 * The limits a session runs under after `asked` is applied to `current`.
 * @throws TypeError / RangeError naming the limit: an unknown or bad value,
 * nothing asked, or a change that is not safer.
 */
export function tightened_limits(current: Limits, asked: unknown): Limits {
  const wanted = check_limits(asked, false);
  const names = Object.keys(wanted) as (keyof Limits)[];
  if (names.length === 0) throw new RangeError('limits: name at least one limit to lower');
  for (const name of names) {
    const now = current[name];
    const next = wanted[name] as number;
    if (now === undefined) continue;
    const safer = SAFER_HIGHER.has(name) ? next >= now : next <= now;
    if (!safer) {
      throw new RangeError(
        `${name}: ${next} would ${SAFER_HIGHER.has(name) ? 'lower' : 'raise'} the running limit ${now}; a running session's limits only get safer (stop it and start a new run to loosen one)`,
      );
    }
  }
  return check_limits({ ...current, ...wanted }, false);
}
