/**
 * Sending a command to a running session from outside its process (the
 * CLI, the dashboard, a Telegram chat, a program): a row in the session's
 * database (src/journal/session-commands.ts) that the running engine reads
 * between two bets (remote-control.ts). No server: whoever can write the
 * user's database can steer the run, as `autobet stop` always could.
 */
import type { CommandKind, CommandRow } from '../../journal/session-commands.js';
import { AutobetError } from './errors.js';
import { tightened_limits } from '../engine/limit-change.js';
import type { Limits } from '../engine/limits.js';

/** A command as a caller writes it. */
export type SessionCommand =
  | { readonly command: 'pause' | 'resume' | 'stop' | 'stop_after_win' }
  | { readonly command: 'stop_after'; readonly bets: number }
  | { readonly command: 'limit'; readonly limits: Limits };

/** Where the command goes and who sends it. */
export interface SendCommandOptions {
  /** The database of the running session (default: the library's). */
  readonly database?: string;
  /** Who sends it, as the journal records it: `cli`, `library` (default), `dashboard`, `telegram:<chat id>`. */
  readonly sender?: string;
  readonly now?: number;
}

/** What {@link send_command} recorded. */
export interface SentCommand {
  readonly session: number;
  /** The command's row; null when the session is not running (nothing recorded). */
  readonly id: number | null;
  readonly running: boolean;
  /** For `limit`: the limits the session will run under once it takes effect. */
  readonly limits?: Limits;
}

/** One command as `autobet show` lists it. */
export interface CommandLine {
  readonly id: number;
  readonly command: CommandKind;
  readonly argument: unknown;
  readonly sender: string;
  readonly sent: string;
  readonly status: CommandRow['status'];
  /** When it took effect (or was refused, or expired), ISO 8601. */
  readonly took_effect: string | null;
  /** The session's bet count then: it took effect between this bet and the next. */
  readonly after_bet: number | null;
  readonly note: string | null;
}

const SENDER = /^(?:cli|library|dashboard|telegram:-?[0-9]{1,20})$/;

/**
 * Records `command` for running session `session` (the last session when
 * undefined). A limit must make the run safer (lower, or a higher
 * `floor_balance`): checked here against the session's limits and again by
 * the engine when it takes effect.
 * @throws AutobetError `not_found`; TypeError / RangeError naming the field (nothing recorded).
 */
export async function send_command(session: number | undefined, command: SessionCommand, options: SendCommandOptions = {}): Promise<SentCommand> {
  const sender = options.sender ?? 'library';
  if (!SENDER.test(sender)) throw new RangeError('sender: expected cli, library, dashboard or telegram:<chat id>');
  const argument = argument_of(command);
  const journal = await import('../../journal/index.js');
  const db = journal.open_database(options.database ?? journal.library_database_path());
  try {
    const table = new journal.SessionsTable(db);
    const record = session === undefined ? table.last() : table.get(session);
    if (record === undefined) throw new AutobetError('not_found', session === undefined ? 'no autobet session yet' : `no autobet session ${session}`);
    let limits: Limits | undefined;
    if (command.command === 'limit') limits = tightened_limits(JSON.parse(record.limits) as Limits, command.limits);
    const id = new journal.SessionCommands(db).send(record.id, command.command, argument, sender, options.now ?? Date.now());
    return { session: record.id, id, running: id !== null, ...(limits === undefined || id === null ? {} : { limits }) };
  } finally {
    db.close();
  }
}

/** The commands session `session` received, oldest first. */
export async function session_commands(session: number, options: { readonly database?: string } = {}): Promise<CommandLine[]> {
  const journal = await import('../../journal/index.js');
  const db = journal.open_database(options.database ?? journal.library_database_path());
  try {
    return new journal.SessionCommands(db).list(session).map((r) => ({
      id: r.id,
      command: r.command,
      argument: r.argument === null ? null : (JSON.parse(r.argument) as unknown),
      sender: r.sender,
      sent: new Date(r.sent_at).toISOString(),
      status: r.status,
      took_effect: r.applied_at === null ? null : new Date(r.applied_at).toISOString(),
      after_bet: r.bets_before,
      note: r.note,
    }));
  } finally {
    db.close();
  }
}

function argument_of(command: SessionCommand): string | null {
  switch (command.command) {
    case 'pause':
    case 'resume':
    case 'stop':
    case 'stop_after_win':
      return null;
    case 'stop_after': {
      const n = command.bets;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 1e9) throw new RangeError('bets: expected a whole number from 1 to 1000000000');
      return JSON.stringify({ bets: n });
    }
    case 'limit':
      return JSON.stringify(command.limits);
    default:
      throw new RangeError(`command: expected pause, resume, stop, stop_after_win, stop_after or limit`);
  }
}
