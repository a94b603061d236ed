/**
 * `stakeql autobet pause | resume | stop | stop-after-win | stop-after N |
 * limit --stop-loss X … [SESSION]`: a command to a running session, written
 * to the database it journals to; the run reads it between two bets
 * (src/autobet/engine/remote-control.ts). A limit may only be lowered (raising one
 * is refused, exit 2, nothing recorded).
 */
import type { SessionCommand } from '../../autobet/run/commands.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { EXIT_FAILURE, EXIT_OK, usageError } from '../exit-codes.js';
import { limits_text } from './sessions-view.js';
import { limit_flags_given, limits_from_args } from './limits-args.js';
import { session_number } from './session-number.js';

/** The subcommands that steer a running session. */
export const STEER_SUBCOMMANDS: ReadonlySet<string> = new Set(['pause', 'stop-after-win', 'stop-after', 'limit']);

/** What each command is said to do once recorded. */
const SAID: Record<SessionCommand['command'], string> = {
  pause: 'to pause after its bet in flight',
  resume: 'to go on betting',
  stop: 'to stop after its bet in flight',
  stop_after_win: 'to stop after its next winning bet',
  stop_after: 'to stop after',
  limit: 'to run under',
};

/** The command the words after `autobet` name, and the session (the last one when none). */
function parse(word: string, args: CommandArgs): { command: SessionCommand; session: number | undefined } {
  const rest = args.positionals.slice(1);
  if (word === 'stop-after') {
    const n = rest[0];
    if (n === undefined || !/^[0-9]{1,10}$/.test(n) || Number(n) < 1 || Number(n) > 1e9) throw usageError('autobet stop-after: N must be a whole number of bets from 1');
    if (rest.length > 2) throw usageError('autobet stop-after N [SESSION]');
    return { command: { command: 'stop_after', bets: Number(n) }, session: session_number(rest[1]) };
  }
  if (rest.length > 1) throw usageError(`autobet ${word}: at most one SESSION`);
  const session = session_number(rest[0]);
  if (word === 'limit') {
    if (limit_flags_given(args).length === 0) throw usageError('autobet limit: name the limits to lower (--stop-loss X, --max-bet X, …)');
    return { command: { command: 'limit', limits: limits_from_args(args) }, session };
  }
  if (limit_flags_given(args).length > 0) throw usageError(`autobet ${word}: limit flags belong to 'autobet limit'`);
  const kind = word === 'stop-after-win' ? 'stop_after_win' : (word as 'pause' | 'resume' | 'stop');
  return { command: { command: kind }, session };
}

/**
 * Sends the command `word` names. Exit 0 once recorded; 1 when the session
 * is not running (nothing recorded; a stop says so and exits 0, as before);
 * 2 for a bad word or a limit that is not lower; 3 no such session.
 */
export async function steer(word: string, args: CommandArgs, ctx: CommandContext, describe: (error: unknown) => unknown): Promise<number> {
  const { command, session } = parse(word, args);
  const lib = await import('../../autobet/index.js');
  const sent = await lib.send_command(session, command, { database: lib.default_database_path(ctx.io.env), sender: 'cli' }).catch((error: unknown) => {
    throw describe(error);
  });
  if (!sent.running) {
    ctx.io.stderr.write(`session ${sent.session} is not running (nothing sent)\n`);
    return command.command === 'stop' ? EXIT_OK : EXIT_FAILURE;
  }
  const what = command.command === 'stop_after' ? `${SAID.stop_after} ${command.bets} more ${command.bets === 1 ? 'bet' : 'bets'}`
    : command.command === 'limit' ? `${SAID.limit} ${limits_text(sent.limits ?? {})}`
    : SAID[command.command];
  ctx.io.stdout.write(`asked session ${sent.session} ${what} (command ${sent.id}; 'autobet show ${sent.session}' tells when it took effect)\n`);
  return EXIT_OK;
}
