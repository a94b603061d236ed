/**
 * `--retry-for DURATION` (`90s`, `10m`, `2h`; at most 24 h): how long a run
 * waits out trouble before it stops; `--stats-every S`: how often it says how
 * it is going. A bad value is a usage error naming the flag.
 */
import { MAX_RETRY_FOR_MS } from '../../autobet/engine/error-policy.js';
import type { CommandArgs } from '../context.js';
import { usageError } from '../exit-codes.js';
import { parse_duration } from '../duration.js';

/** The `parseArgs` option. */
export const RETRY_OPTIONS = { 'retry-for': { type: 'string' } } as const;

/** Help line. */
export const RETRY_OPTIONS_HELP = `  --retry-for D        wait out 429s, 5xx, challenges and network trouble for D
                       (90s, 10m, 2h; at most 24h) before stopping (default: 8 tries, ~2m)`;

/** `{ retry_for_ms }` from the flag, `{}` without it. */
export function retry_from_args(args: CommandArgs): { retry_for_ms?: number } {
  const text = args.values['retry-for'];
  if (text === undefined) return {};
  try {
    return { retry_for_ms: parse_duration(typeof text === 'string' ? text : '', '--retry-for', 1000, MAX_RETRY_FOR_MS) };
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
