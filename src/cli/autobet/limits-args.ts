/**
 * The limits as `autobet` flags (`--stop-loss 0.001` …): each a plain decimal
 * as typed, read exactly; a bad one is a usage error naming the flag.
 */
import type { Limits } from '../../autobet/engine/limits.js';
import type { CommandArgs } from '../context.js';
import { read_decimal } from '../numbers.js';
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
    out[name] = read_decimal(text, `--${flag}`);
  }
  return out;
}

/** `--lua-timeout S` (seconds, default 1) as milliseconds; a usage error naming the flag for a bad value. */
export function lua_timeout_ms(args: CommandArgs): number | undefined {
  const text = args.values['lua-timeout'];
  if (text === undefined) return undefined;
  const seconds = read_decimal(text, '--lua-timeout');
  if (seconds <= 0 || seconds > 3600) throw usageError('--lua-timeout must be a number of seconds above 0 and at most 3600');
  return Math.round(seconds * 1000);
}

/** Help line of --lua-timeout. */
export const LUA_TIMEOUT_HELP = `  --lua-timeout S      a .lua or bot script's time limit per call, in seconds (default 1)
  --dialect D          how a .js file is read: module (export default), bot (the in-page
                       bots' dobet() scripts) or mydicebot (its JS mode); default: bot when it
                       defines dobet() and exports nothing, mydicebot when it also uses only
                       mydicebot's own names (lastbet, currentroll, …)
  --limbo-input I      a bot script's limbo multiplier: target (evilbot, bot2love; default)
                       or chance, 99 / chance (bot4stake, stake-autobot)
  --one-x W            a bot script's bet paid exactly 1x: win (evilbot, bot4stake; default)
                       or loss (as stakeql counts it)
  --makebet M          a bot script's makebet() (slide): refuse (default) or one_per_round:
                       each queued slide bet in a round of its own, in order (the bots put
                       them all in one round)`;

/** `--dialect module|bot|mydicebot`; a usage error naming the flag for another value. */
export function dialect_arg(args: CommandArgs): 'module' | 'bot' | 'mydicebot' | undefined {
  const text = args.values['dialect'];
  if (text === undefined) return undefined;
  if (text !== 'module' && text !== 'bot' && text !== 'mydicebot') throw usageError('--dialect must be module, bot or mydicebot');
  return text;
}

/** `--limbo-input target|chance`, `--one-x win|loss` and `--makebet refuse|one_per_round` (a bot script's choices), or undefined when none is given. */
export function bot_arg(args: CommandArgs): { limbo_input?: 'target' | 'chance'; one_x?: 'win' | 'loss'; makebet?: 'refuse' | 'one_per_round' } | undefined {
  const limbo = args.values['limbo-input'];
  const one_x = args.values['one-x'];
  const makebet = args.values['makebet'];
  if (limbo === undefined && one_x === undefined && makebet === undefined) return undefined;
  if (limbo !== undefined && limbo !== 'target' && limbo !== 'chance') throw usageError('--limbo-input must be target (evilbot, bot2love) or chance (bot4stake, stake-autobot)');
  if (one_x !== undefined && one_x !== 'win' && one_x !== 'loss') throw usageError('--one-x must be win (evilbot, bot4stake) or loss (as stakeql counts it)');
  if (makebet !== undefined && makebet !== 'refuse' && makebet !== 'one_per_round') {
    throw usageError('--makebet must be refuse (makebet() throws) or one_per_round (each makebet() slide bet in a round of its own, in order)');
  }
  return { ...(limbo === undefined ? {} : { limbo_input: limbo }), ...(one_x === undefined ? {} : { one_x }), ...(makebet === undefined ? {} : { makebet }) };
}

/** The limits counted in money (the others count bets, seconds or a rate). */
const MONEY_LIMITS: ReadonlyArray<readonly [string, keyof Limits]> = FLAGS.filter(([, name]) =>
  ['stop_loss', 'take_profit', 'trailing_stop', 'floor_balance', 'max_bet', 'max_wagered'].includes(name));

/**
 * Refuses a money limit above 0 that is less than one unit of `currency`
 * (`--max-bet 0.001` in usd): the run counts in whole units, so it would be
 * 0, a limit other than the one typed.
 */
export function refuse_limits_below_unit(limits: Limits, currency: string, decimals: number): void {
  const unit = 10 ** -decimals;
  for (const [flag, name] of MONEY_LIMITS) {
    const value = limits[name];
    if (value === undefined || value <= 0) continue;
    // A relative tolerance: 0.01 * 100 is 1 only up to float noise.
    if (Math.floor(value * 10 ** decimals * (1 + 1e-12)) === 0) {
      throw usageError(`--${flag} ${value} is less than one unit of ${currency} (${unit.toFixed(decimals)} ${currency}): it would count as 0; give at least ${unit.toFixed(decimals)}`);
    }
  }
}
