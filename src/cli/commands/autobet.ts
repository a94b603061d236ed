/**
 * `stakeql autobet STRATEGY_FILE [limits]`, and `autobet resume | list | show
 * | stop | abandon`: a strategy run with the limits as flags, journaled in the user's
 * database. Everything that can be refused is refused (exit 2) before a bet
 * is sent; a run stopped by a limit, the strategy or a stop request exits 0,
 * by an error 1, by Ctrl-C 130 once the bet in flight is settled and journaled.
 */
import { ROUND_OPTIONS, ROUND_OPTIONS_HELP, round_from_args } from '../autobet/round-args.js';
import path from 'node:path';
import type * as Autobet from '../../autobet/index.js';
import type { BetLine, StopLine, WaitLine } from '../../autobet/engine/events.js';
import type { StatsLine } from '../../autobet/run/stats.js';
import type { RunPreview } from '../../autobet/run/run.js';
import { did_you_mean } from '../suggest.js';
import { for_cli } from '../cli-wording.js';
import { LIMIT_OPTIONS, LIMIT_OPTIONS_HELP, LUA_TIMEOUT_HELP, bot_arg, dialect_arg, limit_flags_given, limits_from_args, lua_timeout_ms, refuse_limits_below_unit } from '../autobet/limits-args.js';
import { check_account_currency } from '../currency-check.js';
import { check_currency, decimals_for } from '../../operations/validate/currencies.js';
import { StatusLine } from '../autobet/status-line.js';
import { NOTIFY_OPTIONS, NOTIFY_OPTIONS_HELP, notify_from_args } from '../autobet/notify-args.js';
import { RETRY_OPTIONS, RETRY_OPTIONS_HELP, retry_from_args, STATS_OPTIONS, STATS_OPTIONS_HELP, stats_every_ms } from '../autobet/retry-args.js';
import { confirm, YES_OPTION, YES_OPTION_HELP, type Confirmation } from '../confirm.js';
import type { Command, CommandArgs, CommandContext } from '../context.js';
import { CliError, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_NOT_FOUND, EXIT_OK, EXIT_STORE, EXIT_USAGE, usageError } from '../exit-codes.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, openClient, withClient } from '../open-client.js';
import { oneLine, plainAmount, printable } from '../output.js';
import { limits_text, list, show } from '../autobet/sessions-view.js';
import { TIMING_OPTIONS, TIMING_OPTIONS_HELP, timing_from_args } from '../autobet/timing-args.js';
import { abandon } from '../autobet/abandon.js';
import { WHEN_OPTIONS, WHEN_OPTIONS_HELP, when_from_args } from '../autobet/when-args.js';
import { RAKEBACK_OPTIONS, RAKEBACK_OPTIONS_HELP, rakeback_from_args } from '../autobet/rakeback-args.js';
import type { HuntEvent } from '../../autobet/strategies/conditions/hunt.js';
import { STEER_SUBCOMMANDS, steer } from '../autobet/steer.js';
import { TELEGRAM_OPTIONS, TELEGRAM_OPTIONS_HELP, telegram_from_args } from '../autobet/telegram-args.js';
import { DEFAULT_PROFILE } from '../../store/profile.js';

const SUBCOMMANDS = new Set(['resume', 'list', 'show', 'stop', 'abandon', ...STEER_SUBCOMMANDS]);

/** Stop reasons that are a run ending as asked (exit 0), not a failure. */
const ENDED_AS_ASKED = new Set([
  'strategy', 'condition', 'user', 'stop_after_win', 'stop_after', 'insufficient_balance', 'max_bet', 'stop_loss', 'take_profit', 'trailing_stop', 'floor_balance',
  'max_bets', 'max_wagered', 'max_loss_streak', 'max_duration', 'seeds_exhausted',
]);

function exitFor(stop: StopLine, betsBefore: number): number {
  if (stop.reason === 'interrupted') return EXIT_INTERRUPTED;
  // A strategy that fails before its first bet is a strategy that does not work: a usage error, nothing was sent.
  if (stop.reason === 'error:strategy' && stop.bets === betsBefore) return EXIT_USAGE;
  return ENDED_AS_ASKED.has(stop.reason) ? EXIT_OK : EXIT_FAILURE;
}

/** Library failures that mean "not started" as CLI errors with their exit codes. */
function describeStartFailure(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (error.name === 'StrategyError') return new CliError(EXIT_USAGE, `strategy: ${error.message}`, { cause: error });
  if (error.name === 'AutobetError') {
    const code = (error as { code?: string }).code;
    return new CliError(code === 'not_found' ? EXIT_NOT_FOUND : EXIT_USAGE, error.message, { cause: error });
  }
  if (error.name === 'JournalError') return new CliError(EXIT_STORE, error.message, { cause: error });
  if (error instanceof RangeError || error instanceof TypeError) return new CliError(EXIT_USAGE, error.message, { cause: error });
  return error;
}

function sessionNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,15}$/.test(text)) throw usageError(`SESSION must be a session number (see 'stakeql autobet list')`);
  return Number(text);
}

function describePreview(p: RunPreview, action: string): Confirmation {
  const limits = limits_text(p.limits);
  return {
    action,
    details: [
      `account ${p.account} on ${p.base_url} (${p.driver})`, `${p.currency} balance ${p.balance}`, `limits: ${limits}`,
      ...(p.so_far === undefined ? [] : [`so far: ${p.so_far.bets} bets, profit ${plainAmount(p.so_far.profit)} ${p.currency}, wagered ${plainAmount(p.so_far.wagered)} ${p.currency}`]),
    ],
    question: 'Start betting?',
  };
}

/** Prints bets and notes while a run goes, and the stop line at the end. */
function reporter(args: CommandArgs, ctx: CommandContext, currency: () => string, limits: () => Autobet.Limits, script: () => string) {
  const json = args.values['json'] === true;
  const tty = ctx.io.stderr.isTTY === true && !json;
  let status: StatusLine | null = null;
  let so_far: Autobet.SessionTotals | undefined;
  const line = (): StatusLine => (status ??= new StatusLine(ctx.io.stderr, limits(), currency(), so_far));
  const statsEvery = stats_every_ms(args, tty);
  return {
    /** A resumed session's totals: the status line counts on from them. */
    resumed: (totals: Autobet.SessionTotals | undefined): void => {
      so_far = totals;
    },
    stats: statsEvery === undefined ? {} : {
      stats_every_ms: statsEvery,
      on_stats: (stats: StatsLine): void => {
        if (json) ctx.io.stdout.write(`${JSON.stringify(stats)}\n`);
        else if (tty) line().stats(stats);
      },
    },
    on_bet: (bet: BetLine): void => {
      if (json) ctx.io.stdout.write(`${JSON.stringify(bet)}\n`);
      else if (tty) line().bet(bet);
    },
    /** A hunting condition's notify: a JSON line with --json, else a note (the --notify sinks get it too). */
    on_hunt: (hunt: HuntEvent): void => {
      if (json) {
        ctx.io.stdout.write(`${JSON.stringify(hunt)}\n`);
        return;
      }
      status?.clear();
      ctx.io.stderr.write(`stakeql: hunt: ${oneLine(for_cli(`${hunt.field} ${hunt.condition} met by bet ${hunt.identifier} (${hunt.game}, payoutMultiplier ${hunt.payoutMultiplier})`))}\n`);
    },
    on_note: (text: string): void => {
      status?.clear();
      ctx.io.stderr.write(`stakeql: ${oneLine(for_cli(text))}\n`);
    },
    /** A script's `print`, prefixed with the script's name: not one of stakeql's own notes. */
    on_print: (text: string): void => {
      status?.clear();
      ctx.io.stderr.write(`${printable(script())}: ${oneLine(text)}\n`);
    },
    on_wait: (line: WaitLine): void => {
      if (json) ctx.io.stdout.write(`${JSON.stringify(line)}\n`);
      status?.clear();
      ctx.io.stderr.write(`stakeql: waiting ${line.seconds}s (${line.reason}) before trying again\n`);
    },
    /** The stop line; `session` null for a run that stopped before its first bet (it keeps no session). */
    stop: (stop: StopLine, session: number | null): void => {
      status?.clear();
      if (json) {
        ctx.io.stdout.write(`${JSON.stringify(stop)}\n`);
        return;
      }
      const message = stop.message === undefined ? '' : `: ${oneLine(for_cli(stop.message))}`;
      ctx.io.stdout.write(
        `${session === null ? 'stopped before any bet, no session kept' : `session ${session} stopped`} (${stop.reason})${message}\n` +
          `${stop.bets} ${stop.bets === 1 ? 'bet' : 'bets'}, ${stop.wins} won, ${stop.losses} lost; wagered ${plainAmount(stop.wagered)} ${currency()}, profit ${plainAmount(stop.profit)} ${currency()}` +
          `${stop.vaulted > 0 ? `, vaulted ${plainAmount(stop.vaulted)} ${currency()}` : ''}\n`,
      );
    },
  };
}

/** Aborts the run on Ctrl-C / SIGTERM: it stops after the bet in flight, if one is (a wait for a Crash window ends at once). */
function stopOnSignal(ctx: CommandContext): AbortController {
  const controller = new AbortController();
  void ctx.io.untilStopped().then(() => {
    ctx.io.stderr.write('\nstakeql: stopping (after the bet in flight, if one is; Ctrl-C again quits at once and resume finds that bet)\n');
    controller.abort('interrupted');
  });
  return controller;
}

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

async function run(args: CommandArgs, ctx: CommandContext): Promise<number> {
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
    throw describeStartFailure(error);
  }
  const opened = await openClient(args, ctx, true);
  let currency = typeof currencyFlag === 'string' ? currencyFlag : 'btc';
  const report = reporter(args, ctx, () => currency, () => limits, () => path.basename(file));
  const controller = stopOnSignal(ctx);
  const result = await withClient(opened, async (client) => {
    try {
      return await lib.run_autobet({
        client,
        database: lib.default_database_path(ctx.io.env),
        strategy: file,
        limits,
        ...round,
        ...when,
        ...rakeback,
        on_hunt: report.on_hunt,
        ...(typeof currencyFlag === 'string' ? { currency: currencyFlag } : {}),
        // Recorded for resume: only a profile that was named or read; credentials from STAKE_* alone record none.
        profile: typeof args.values['profile'] === 'string' || opened.credentials.profile_found === true ? opened.credentials.profile : null,
        ...(luaTimeout === undefined ? {} : { lua_timeout_ms: luaTimeout }),
        ...(dialect === undefined ? {} : { dialect }),
        ...(bot === undefined ? {} : { bot }),
        signal: controller.signal,
        ...times,
        on_bet: report.on_bet,
        on_note: report.on_note,
        on_print: report.on_print,
        on_wait: report.on_wait,
        ...report.stats,
        ...notify,
        confirm: async (preview) => {
          currency = preview.currency;
          // The settings' currency is known only now: still before the first bet.
          refuse_limits_below_unit(limits, preview.currency, decimals_for(preview.currency, client));
          await check_account_currency(client, preview.currency);
          return confirm(ctx, describePreview(preview, `Run ${preview.strategy}`), yes);
        },
      });
    } catch (error) {
      throw describeStartFailure(error);
    }
  });
  if (result.stop === null) {
    ctx.io.stderr.write('Not started.\n');
    return EXIT_FAILURE;
  }
  report.stop(result.stop, result.session);
  return exitFor(result.stop, 0);
}

async function resume(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const id = sessionNumber(args.positionals[1]);
  const yes = args.values['yes'] === true;
  const ifAny = args.values['if-any'] === true;
  // A session keeps the limits it was started with: a new one given here would otherwise be ignored (finding 11).
  const limitFlags = limit_flags_given(args);
  if (limitFlags.length > 0) {
    throw usageError(`autobet resume: limits are fixed on resume (${limitFlags.join(', ')} given); a session keeps the limits it started with: start a new run to change them`);
  }
  if (!yes && ctx.io.stdin.isTTY !== true) throw usageError('autobet resume: no terminal to ask on; pass --yes to confirm');
  const times = timing_from_args(args);
  const luaTimeout = lua_timeout_ms(args);
  const notify = { ...notify_from_args(args, ctx), ...retry_from_args(args), ...rakeback_from_args(args), ...telegram_from_args(args, ctx) };
  const lib = await import('../../autobet/index.js');
  const database = lib.default_database_path(ctx.io.env);
  const record = await lib.find_session(id, { database }).catch((error: unknown) => {
    // --if-any: no session at all is nothing to resume, as a service manager starting it the first time expects.
    if (ifAny && error instanceof Error && (error as { code?: string }).code === 'not_found' && id === undefined) return null;
    throw describeStartFailure(error);
  });
  if (record === null || (ifAny && !lib.is_unfinished(record))) {
    ctx.io.stderr.write(record === null ? 'nothing to resume: no autobet session yet\n' : `nothing to resume: session ${record.id} ended (${record.stop_reason ?? 'stopped'})\n`);
    return EXIT_OK;
  }
  // The session's own profile and site, unless the command line names others. A session run on the
  // STAKE_* variables recorded no profile, and the default profile is read without being named (so a
  // missing one is not an error when the environment holds the credentials).
  const values = { ...args.values };
  if (values['profile'] === undefined && values['base-url'] === undefined) {
    if (record.profile !== null && record.profile !== DEFAULT_PROFILE) values['profile'] = record.profile;
    values['base-url'] = record.base_url;
  }
  const opened = await openClient({ values, positionals: args.positionals }, ctx, true);
  const limits = JSON.parse(record.limits) as Autobet.Limits;
  const report = reporter(args, ctx, () => record.currency, () => limits, () => record.strategy_name);
  const controller = stopOnSignal(ctx);
  const result = await withClient(opened, async (client) => {
    try {
      return await lib.resume_autobet({
        client,
        database,
        session: record.id,
        signal: controller.signal,
        accept_changed_strategy: args.values['accept-changed-strategy'] === true,
        ...(luaTimeout === undefined ? {} : { lua_timeout_ms: luaTimeout }),
        ...times,
        on_bet: report.on_bet,
        on_hunt: report.on_hunt,
        on_note: report.on_note,
        on_print: report.on_print,
        on_wait: report.on_wait,
        ...report.stats,
        ...notify,
        confirm: async (preview) => {
          report.resumed(preview.so_far);
          return confirm(ctx, describePreview(preview, `Resume session ${record.id} (${preview.strategy})`), yes);
        },
      });
    } catch (error) {
      throw describeStartFailure(error);
    }
  });
  if (result.stop === null) {
    ctx.io.stderr.write('Not resumed.\n');
    return EXIT_FAILURE;
  }
  report.stop(result.stop, record.id);
  return exitFor(result.stop, -1);
}

async function runAutobet(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const first = args.positionals[0] as string;
  if (!SUBCOMMANDS.has(first)) {
    if (args.positionals.length > 1) throw usageError("autobet: one strategy file (see 'stakeql autobet --help')");
    return run(args, ctx);
  }
  if (first === 'list' && args.positionals.length > 1) throw usageError('autobet list takes no argument');
  if (first === 'stop-after') return steer(first, args, ctx, describeStartFailure);
  if (args.positionals.length > 2) throw usageError(`autobet ${first}: at most one SESSION`);
  if (STEER_SUBCOMMANDS.has(first) || first === 'stop') return steer(first, args, ctx, describeStartFailure);
  switch (first) {
    case 'resume':
      // A running session (paused by a command) is told to go on; a stopped or killed one is resumed here.
      if (await running(args, ctx)) return steer('resume', args, ctx, describeStartFailure);
      return resume(args, ctx);
    case 'list':
      return list(args, ctx, describeStartFailure);
    case 'show': {
      const id = sessionNumber(args.positionals[1]);
      if (id === undefined) throw usageError("autobet show: which session? (see 'stakeql autobet list')");
      return show(id, args, ctx, describeStartFailure);
    }
    default:
      return abandon(args, ctx, describeStartFailure);
  }
}

/** Whether the session `autobet resume` names is running now (its process holds the account's lock). */
async function running(args: CommandArgs, ctx: CommandContext): Promise<boolean> {
  const id = sessionNumber(args.positionals[1]);
  const lib = await import('../../autobet/index.js');
  const sessions = await lib.list_sessions({ database: lib.default_database_path(ctx.io.env) }).catch(() => []);
  const named = id === undefined ? sessions[0] : sessions.find((s) => s.session === id);
  return named?.state === 'running';
}

/** The `autobet` command. */
export const command: Command = {
  usage: `stakeql autobet STRATEGY_FILE --stop-loss X --max-bet X [limits] [--currency C] [options]
       stakeql autobet resume [SESSION] [--if-any] | list [--json] [--all-accounts] | show SESSION [--last N] [--json|--csv] | stop [SESSION]
       stakeql autobet abandon SESSION [--yes]
       stakeql autobet pause | resume | stop-after-win | stop-after N | limit --stop-loss X … [SESSION]`,
  help: `Runs a betting strategy until a limit, the strategy, 'autobet stop' or Ctrl-C ends it.
STRATEGY_FILE is a .json settings file (the site's autobet form), a .js/.mjs/.ts
module whose default export is (state) => next bet, a .js in-page bot script
(dobet(); docs/strategies.md) or a .lua DiceBot script.
Every bet is journaled before it is sent; an answer that is lost is looked for
on the site, never sent again blindly. On a terminal the run is shown and you
are asked once; without a terminal --yes is required. 'autobet abandon SESSION'
closes a session for good (after a confirmation): a session that left a bet
whose outcome is not known keeps new runs on its account from starting until
it is resumed or abandoned.

A running session takes commands from another terminal (docs/remote-control.md),
between two bets, each journaled with when it took effect ('autobet show'):
'pause', 'resume' (of a paused running session), 'stop', 'stop-after-win'
(after the next winning bet), 'stop-after N' (bets), and 'limit --stop-loss X'
(any limit flag; only lowering is taken: raising one is refused, exit 2).

${LIMIT_OPTIONS_HELP}

Options:
${CLIENT_OPTIONS_HELP}
${YES_OPTION_HELP}
  --currency C         the run's currency (default: the settings', else btc)
${TIMING_OPTIONS_HELP}
${LUA_TIMEOUT_HELP}
${ROUND_OPTIONS_HELP}
${WHEN_OPTIONS_HELP}
${RAKEBACK_OPTIONS_HELP}
  --if-any             (resume) exit 0 with "nothing to resume" when the session ended for good
                       (a limit, the strategy, a stop request, abandon): for service managers
  --accept-changed-strategy
                       (resume) run a module or .lua script whose text changed since the
                       session started (refused otherwise, exit 2: the session records its SHA-256)
${NOTIFY_OPTIONS_HELP}
${TELEGRAM_OPTIONS_HELP}
${RETRY_OPTIONS_HELP}
${STATS_OPTIONS_HELP}
  --json               one JSON line per bet and a last one with the stop reason
  --csv                (show) the session's bets as CSV
  --last N             (show) only the session's last N bets (default: the
                       last 20; with --json or --csv: all)
  --account NAME       (list, show) the sessions of this account on the profile's site,
                       when several accounts ran there (default: the profile's account)
  --all-accounts       (list, show) every session in the database, whatever its site or account

Exit: 0 stopped by a limit, the strategy or a stop request; 1 stopped by an
error; 2 refused before any bet (a bad limit, strategy or option; another run on
the account); 3 no such session; 5 the database; 130 Ctrl-C.`,
  options: {
    ...CLIENT_OPTIONS,
    ...YES_OPTION,
    ...LIMIT_OPTIONS,
    ...NOTIFY_OPTIONS,
    ...TELEGRAM_OPTIONS,
    ...RETRY_OPTIONS,
    ...STATS_OPTIONS,
    currency: { type: 'string' },
    'lua-timeout': { type: 'string' },
    dialect: { type: 'string' },
    'limbo-input': { type: 'string' },
    'one-x': { type: 'string' },
    ...ROUND_OPTIONS,
    ...WHEN_OPTIONS,
    ...RAKEBACK_OPTIONS,
    ...TIMING_OPTIONS,
    'if-any': { type: 'boolean' },
    'accept-changed-strategy': { type: 'boolean' },
    json: { type: 'boolean' },
    csv: { type: 'boolean' },
    last: { type: 'string' },
    account: { type: 'string' },
    'all-accounts': { type: 'boolean' },
  },
  minPositionals: 1,
  maxPositionals: 3,
  run: runAutobet,
};
