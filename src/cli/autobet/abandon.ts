/**
 * `stakeql autobet abandon SESSION`: closes a session for good, after a
 * confirmation (`--yes` without a terminal). Nothing is sent to the site; bets
 * the session left without a known outcome stay so in the journal (a
 * `history sync` finds the ones the site booked).
 */
import { confirm, EXIT_DECLINED } from '../confirm.js';
import type { CommandArgs, CommandContext } from '../context.js';
import { EXIT_OK, usageError } from '../exit-codes.js';
import { oneLine } from '../output.js';
import { session_number } from './session-number.js';

/** Runs the subcommand; `describe` turns library failures into CLI errors (exit 3 for no such session). */
export async function abandon(args: CommandArgs, ctx: CommandContext, describe: (error: unknown) => unknown): Promise<number> {
  const text = args.positionals[1];
  if (text === undefined) throw usageError("autobet abandon: which session? (see 'stakeql autobet list')");
  const id = session_number(text);
  const yes = args.values['yes'] === true;
  if (!yes && ctx.io.stdin.isTTY !== true) throw usageError('autobet abandon: no terminal to ask on; pass --yes to confirm');
  const lib = await import('../../autobet/index.js');
  const database = lib.default_database_path(ctx.io.env);
  const record = await lib.find_session(id, { database }).catch((error: unknown) => {
    throw describe(error);
  });
  const state = record.stop_reason ?? (record.status === 'running' ? 'running, or killed' : 'stopped');
  const asked = await confirm(
    ctx,
    {
      action: `Abandon session ${record.id} (${oneLine(record.strategy_name)} on ${oneLine(record.base_url)}, account ${oneLine(record.account)}; ${state})`,
      details: [
        'it will never be resumed; bets it left without a known outcome stay unknown in the journal',
        'new runs on this account are no longer held back by it',
      ],
      question: 'Abandon it?',
    },
    yes,
  );
  if (!asked) {
    ctx.io.stderr.write('Not abandoned.\n');
    return EXIT_DECLINED;
  }
  const done = await lib.abandon_session(id, { database }).catch((error: unknown) => {
    throw describe(error);
  });
  const left = done.open === 0 ? '' : `; ${done.open} ${done.open === 1 ? 'bet' : 'bets'} left without a known outcome ('stakeql history sync' records what the site booked)`;
  ctx.io.stdout.write(done.changed ? `session ${id} abandoned${left}\n` : `session ${id} was already abandoned\n`);
  return EXIT_OK;
}
