/**
 * The limits as `autobet` flags (`--stop-loss 0.001` …): each a plain decimal
 * as typed, read exactly; a bad one is a usage error naming the flag.
 */
import type { Limits } from '../../autobet/limits.js';
import type { CommandArgs } from '../context.js';
import { printable } from '../output.js';
import { usageError } from '../exit-codes.js';
import { parse_duration } from '../duration.js';

/** The longest run `--max-duration` takes: a year. */
const MAX_DURATION_MS = 365 * 86_400_000;

/** Flag → limit name. */
const FLAGS: ReadonlyArray<readonly [string, keyof Limits]> = [
  ['stop-loss', 'stop_loss'],
  ['take-profit', 'take_profit'],
  ['trailing-stop', 'trailing_stop'],
  ['floor-balance', 'floor_balance'],
  ['max-bet', 'max_bet'],
  ['max-bets', 'max_bets'],
  ['max-wagered', 'max_wagered'],
  ['max-loss-streak', 'max_loss_streak'],
  ['max-duration', 'max_duration'],
  ['max-bets-per-second', 'max_bets_per_second'],
];

/** The `parseArgs` options of the limit flags. */
export const LIMIT_OPTIONS = Object.fromEntries(FLAGS.map(([flag]) => [flag, { type: 'string' }])) as Record<string, { type: 'string' }>;

/** Help lines of the limit flags; `required` marks the two a live run cannot go without (`sim` runs without any). */
export function limit_options_help(required: boolean): string {
  const must = required ? 'required: ' : '';
  return `Limits (checked before every bet from the run's own counters; a limit stops, never clamps):
  --stop-loss X        ${must}the session never loses more than X (a bet that could is not placed)
  --max-bet X          ${must}a bet above X stops the run
  --take-profit X      stop once profit >= X
  --trailing-stop X    stop once profit falls X below its peak (the peak starts at 0)
  --floor-balance X    a bet that would leave less than X is not placed
  --max-bets N         stop after N bets
  --max-wagered X      a bet that would take the total wagered above X is not placed
  --max-loss-streak N  stop after N losses in a row
  --max-duration D     stop after D of running (seconds, or 90m, 1h, 1h30m, 2d)
  --max-bets-per-second R  pace the bets (this one never stops the run)`;
}

/** Help lines of the limit flags, for a live run. */
export const LIMIT_OPTIONS_HELP = limit_options_help(true);

// A plain decimal as typed: digits, an optional point and digits. Linear, no backtracking.
const DECIMAL = /^[0-9]{1,15}(?:\.[0-9]{1,18})?$/;

/** The limit flags given on the command line (`--max-bets`, …), in the table's order. */
export function limit_flags_given(args: CommandArgs): string[] {
  return FLAGS.filter(([flag]) => args.values[flag] !== undefined).map(([flag]) => `--${flag}`);
}

/** The limits given on the command line; usage error naming the flag for a bad value. */
export function limits_from_args(args: CommandArgs): Limits {
  const out: Record<string, number> = {};
  for (const [flag, name] of FLAGS) {
    const text = args.values[flag];
    if (text === undefined) continue;
    if (name === 'max_duration') {
      // Seconds as before (`3600`), or as a person writes a duration (`1h`, `90m`, `1h30m`).
      try {
        out[name] = parse_duration(typeof text === 'string' ? text : '', `--${flag}`, 1, MAX_DURATION_MS) / 1000;
      } catch (error) {
        throw usageError((error as Error).message);
      }
      continue;
    }
    if (typeof text !== 'string' || !DECIMAL.test(text)) {
      throw usageError(`--${flag} must be a plain decimal number (got ${JSON.stringify(printable(String(text)).slice(0, 30))})`);
    }
    out[name] = Number(text);
  }
  return out;
}

/** `--lua-timeout S` (seconds, default 1) as milliseconds; a usage error naming the flag for a bad value. */
export function lua_timeout_ms(args: CommandArgs): number | undefined {
  const text = args.values['lua-timeout'];
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !DECIMAL.test(text) || Number(text) <= 0 || Number(text) > 3600) {
    throw usageError('--lua-timeout must be a number of seconds above 0 and at most 3600');
  }
  return Math.round(Number(text) * 1000);
}

/** Help line of --lua-timeout. */
export const LUA_TIMEOUT_HELP = `  --lua-timeout S      a .lua or bot script's time limit per call, in seconds (default 1)
  --dialect D          how a .js file is read: module (export default) or bot (the in-page
                       bots' dobet() scripts); default: bot when it defines dobet() and exports nothing`;

/** `--dialect module|bot`; a usage error naming the flag for another value. */
export function dialect_arg(args: CommandArgs): 'module' | 'bot' | undefined {
  const text = args.values['dialect'];
  if (text === undefined) return undefined;
  if (text !== 'module' && text !== 'bot') throw usageError('--dialect must be module or bot');
  return text;
}
