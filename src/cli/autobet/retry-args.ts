/**
 * `--retry-for DURATION` (`90s`, `10m`, `2h`; at most 24 h): how long a run
 * waits out trouble before it stops; `--stats-every S`: how often it says how
 * it is going. A bad value is a usage error naming the flag.
 */
import { MAX_RETRY_FOR_MS } from '../../autobet/error-policy.js';
import type { CommandArgs } from '../context.js';
import { usageError } from '../exit-codes.js';

/** The `parseArgs` option. */
export const RETRY_OPTIONS = { 'retry-for': { type: 'string' } } as const;

/** Help line. */
export const RETRY_OPTIONS_HELP = `  --retry-for D        wait out 429s, 5xx, challenges and network trouble for D
                       (90s, 10m, 2h; at most 24h) before stopping (default: 8 tries, ~2m)`;

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000 };

/**
 * `90s`, `10m`, `2h` (a whole number and one unit) in ms.
 * @throws RangeError naming `field` when it is not one, or is 0 or above 24 h.
 */
export function parse_duration(text: string, field: string): number {
  const m = /^([0-9]{1,6})([smh])$/.exec(text);
  const ms = m === null ? NaN : Number(m[1]) * (UNIT_MS[m[2] as string] as number);
  if (!(ms >= 1000 && ms <= MAX_RETRY_FOR_MS)) throw new RangeError(`${field} must be a duration like 90s, 10m or 2h, from 1s to 24h`);
  return ms;
}

/** `{ retry_for_ms }` from the flag, `{}` without it. */
export function retry_from_args(args: CommandArgs): { retry_for_ms?: number } {
  const text = args.values['retry-for'];
  if (text === undefined) return {};
  try {
    return { retry_for_ms: parse_duration(typeof text === 'string' ? text : '', '--retry-for') };
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : 'bad --retry-for');
  }
}

/** The `--stats-every` option. */
export const STATS_OPTIONS = { 'stats-every': { type: 'string' } } as const;

/** Help line. */
export const STATS_OPTIONS_HELP = `  --stats-every S      a stats line every S seconds: profit/hour, drawdown, luck,
                       limits left (default 10 on a terminal, off otherwise; 0: off)`;

/**
 * Milliseconds between stats lines: `--stats-every S` (0 turns them off),
 * else 10 s on a terminal and none otherwise.
 */
export function stats_every_ms(args: CommandArgs, terminal: boolean): number | undefined {
  const text = args.values['stats-every'];
  if (text === undefined) return terminal ? 10_000 : undefined;
  if (typeof text !== 'string' || !/^[0-9]{1,5}$/.test(text)) throw usageError('--stats-every must be a whole number of seconds (0 turns it off)');
  const seconds = Number(text);
  return seconds === 0 ? undefined : seconds * 1000;
}
