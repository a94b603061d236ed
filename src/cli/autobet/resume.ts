/**
 * `stakeql autobet resume [SESSION] [--if-any]`: a session that is running
 * (paused by a command) is told to go on; one that stopped or was killed is
 * run again here, with the limits, profile and site it recorded.
 */
import type * as Autobet from '../../autobet/index.js';
import { DEFAULT_PROFILE } from '../../store/profile.js';
import { confirm } from '../confirm.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { openClient } from '../open-client.js';
import { limit_flags_given, lua_timeout_ms } from './limits-args.js';
import { notify_from_args } from './notify-args.js';
import { rakeback_from_args } from './rakeback-args.js';
import { retry_from_args } from './retry-args.js';
import { describe_preview } from './run-preview.js';
import { run_reporter } from './run-report.js';
import { run_until_stopped } from './run-until-stopped.js';
import { session_number } from './session-number.js';
import { describe_start_failure } from './start-failure.js';
import { steer } from './steer.js';
import { telegram_from_args } from './telegram-args.js';
import { timing_from_args } from './timing-args.js';

/** The subcommand; the exit code. */
export async function resume_or_go_on(args: CommandArgs, ctx: CommandContext): Promise<number> {
  // A running session (paused by a command) is told to go on; a stopped or killed one is resumed here.
  if (await running(args, ctx)) return steer('resume', args, ctx, describe_start_failure);
  return resume(args, ctx);
}

/** Whether the session `autobet resume` names is running now (its process holds the account's lock). */
async function running(args: CommandArgs, ctx: CommandContext): Promise<boolean> {
  const id = session_number(args.positionals[1]);
  const lib = await import('../../autobet/index.js');
  const sessions = await lib.list_sessions({ database: lib.default_database_path(ctx.io.env) }).catch(() => []);
  const named = id === undefined ? sessions[0] : sessions.find((s) => s.session === id);
  return named?.state === 'running';
}

async function resume(args: CommandArgs, ctx: CommandContext): Promise<number> {
  const id = session_number(args.positionals[1]);
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
    throw describe_start_failure(error);
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
  const report = run_reporter(args, ctx, () => record.currency, () => limits, () => record.strategy_name);
  return run_until_stopped(opened, ctx, report, (client, signal) => lib.resume_autobet({
    client,
    database,
    session: record.id,
    signal,
    accept_changed_strategy: args.values['accept-changed-strategy'] === true,
    ...(luaTimeout === undefined ? {} : { lua_timeout_ms: luaTimeout }),
    ...times,
    ...report.hooks,
    ...notify,
    confirm: async (preview) => {
      report.resumed(preview.so_far);
      return confirm(ctx, describe_preview(preview, `Resume session ${record.id} (${preview.strategy})`), yes);
    },
  }), { declined: 'Not resumed.', session: record.id, bets_before: -1 });
}
