/**
 * The history database for a command: opened at the user's default path
 * (`$STAKEQL_DATA_DIR`, else `$XDG_DATA_HOME/stakeql`, else
 * `~/.local/share/stakeql`, file `stakeql.db`), closed after the work; a
 * database that is damaged, locked, from a newer stakeql or unsafe becomes
 * one line naming the file with exit code 5, and nothing in it is changed.
 */
import type { SqliteDatabase } from '../database/database.js';
import type { CommandContext } from './context.js';
import { CliError, EXIT_STORE } from './exit-codes.js';

/** Runs `work` with the open database (the history module loaded only here). */
export async function withHistoryDatabase<T>(ctx: CommandContext, work: (db: SqliteDatabase, file: string) => Promise<T> | T): Promise<T> {
  const journal = await import('../journal/index.js');
  const file = journal.default_database_path(ctx.io.env);
  const asCliError = (error: unknown): unknown => {
    const mapped = journal.journal_error(error, file);
    return mapped instanceof journal.JournalError ? new CliError(EXIT_STORE, mapped.message, { cause: mapped }) : mapped;
  };
  let db: SqliteDatabase;
  try {
    db = journal.open_database(file);
  } catch (error) {
    throw asCliError(error);
  }
  try {
    return await work(db, file);
  } catch (error) {
    throw asCliError(error);
  } finally {
    db.close();
  }
}
