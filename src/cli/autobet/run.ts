/**
 * `stakeql autobet STRATEGY_FILE [limits]`: a new run. Every usage mistake
 * is refused (exit 2) before anything is opened, the limits under the
 * currency's smallest unit before the first bet, and the run is confirmed
 * once it is known what it would bet with.
 */
import path from 'node:path';
import type * as Autobet from '../../autobet/index.js';
import { check_currency, decimals_for } from '../../operations/validate/currencies.js';
import { confirm } from '../confirm.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { check_account_currency } from '../currency-check.js';
import { usageError } from '../exit-codes.js';
import { openClient } from '../open-client.js';
import { printable } from '../output.js';
import { did_you_mean } from '../suggest.js';
import { bot_arg, dialect_arg, limits_from_args, lua_timeout_ms, refuse_limits_below_unit } from './limits-args.js';
import { notify_from_args } from './notify-args.js';
import { rakeback_from_args } from './rakeback-args.js';
import { retry_from_args } from './retry-args.js';
import { round_from_args } from './round-args.js';
import { describe_preview } from './run-preview.js';
import { run_reporter } from './run-report.js';
import { run_until_stopped } from './run-until-stopped.js';
import { describe_start_failure } from './start-failure.js';
import { SUBCOMMANDS } from './subcommands.js';
import { telegram_from_args } from './telegram-args.js';
import { timing_from_args } from './timing-args.js';
import { when_from_args } from './when-args.js';

/** The endings a strategy file may have (strategies/load.ts reads them). */
const STRATEGY_ENDINGS = ['.json', '.js', '.mjs', '.ts', '.lua'];

/**
 * Every usage mistake of a run at once, before anything is opened (finding 6):
 * a word that is neither a subcommand nor a strategy file, the required
 * limits, and a run that cannot be confirmed.
 */
function usageProblems(file: string, limits: Autobet.Limits, yes: boolean, tty: boolean): string[] {
  const problems: string[] = [];
  if (!STRATEGY_ENDINGS.some((ending) => file.toLowerCase().endsWith(ending))) {
    const hint = did_you_mean(file, SUBCOMMANDS);
    problems.push(`'${printable(file.slice(0, 40))}' is neither a subcommand (${[...SUBCOMMANDS].join(', ')}) nor a strategy file (${STRATEGY_ENDINGS.join(', ')})${hint}`);
  }
  if (limits.stop_loss === undefined) problems.push('stop_loss is required (--stop-loss X)');
  if (limits.max_bet === undefined) problems.push('max_bet is required (--max-bet X)');
  if (!yes && !tty) problems.push('no terminal to ask on: pass --yes to confirm the run');
  return problems;
}

/** Options of one subcommand: given to a run they would be ignored, so they are refused. */
const SUBCOMMAND_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['last', 'show'], ['csv', 'show'], ['if-any', 'resume'], ['account', 'list|show'], ['all-accounts', 'list|show'],
];

/** Runs the strategy file `args` names until it stops; the exit code. */
export async function run(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const [file] = args.positionals as [string];
  const misplaced = SUBCOMMAND_OPTIONS.find(([option]) => args.values[option] !== undefined);
  if (misplaced !== undefined) throw usageError(`autobet: --${misplaced[0]} is an option of 'autobet ${misplaced[1]}', not of a run (see 'stakeql autobet --help')`);
  const limits = limits_from_args(args);
  const yes = args.values['yes'] === true;
  const problems = usageProblems(file, limits, yes, ctx.io.stdin.isTTY === true);
  if (problems.length > 0) throw usageError(`autobet: ${problems.join('; ')} (see 'stakeql autobet --help')`);
  const currencyFlag = args.values['currency'];
  const times = timing_from_args(args);
  const luaTimeout = lua_timeout_ms(args);
  const dialect = dialect_arg(args);
  const bot = bot_arg(args);
  const notify = { ...notify_from_args(args, ctx), ...retry_from_args(args), ...telegram_from_args(args, ctx) };
  const round = await round_from_args(args);
  const when = await when_from_args(args);
  const rakeback = rakeback_from_args(args);
  // Known before the strategy loads when --currency names it: refused before anything is opened.
  if (typeof currencyFlag === 'string') {
    try {
      check_currency(currencyFlag, '--currency');
    } catch (error) {
      throw usageError((error as Error).message);
    }
    refuse_limits_below_unit(limits, currencyFlag, decimals_for(currencyFlag));
  }
  const lib = await import('../../autobet/index.js');
  try {
    lib.check_limits(limits, true);
  } catch (error) {
    throw describe_start_failure(error);
  }
  const opened = await openClient(args, ctx, true);
  let currency = typeof currencyFlag === 'string' ? currencyFlag : 'btc';
  const report = run_reporter(args, ctx, () => currency, () => limits, () => path.basename(file));
  return run_until_stopped(opened, ctx, report, (client, signal) => lib.run_autobet({
    client,
    database: lib.default_database_path(ctx.io.env),
    strategy: file,
    limits,
    ...round,
    ...when,
    ...rakeback,
    ...(typeof currencyFlag === 'string' ? { currency: currencyFlag } : {}),
    // Recorded for resume: only a profile that was named or read; credentials from STAKE_* alone record none.
    profile: typeof args.values['profile'] === 'string' || opened.credentials.profile_found === true ? opened.credentials.profile : null,
    ...(luaTimeout === undefined ? {} : { lua_timeout_ms: luaTimeout }),
    ...(dialect === undefined ? {} : { dialect }),
    ...(bot === undefined ? {} : { bot }),
    signal,
    ...times,
    ...report.hooks,
    ...notify,
    confirm: async (preview) => {
      currency = preview.currency;
      // The settings' currency is known only now: still before the first bet.
      refuse_limits_below_unit(limits, preview.currency, decimals_for(preview.currency, client));
      await check_account_currency(client, preview.currency);
      return confirm(ctx, describe_preview(preview, `Run ${preview.strategy}`), yes);
    },
  }), { declined: 'Not started.', bets_before: 0 });
}
