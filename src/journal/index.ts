/**
 * The database of one user: autobet sessions and their write-ahead journal
 * (and, with the history feature, the account's bets). Loaded only by
 * autobet and history: it brings the native SQLite module. The file itself
 * (opening, the native module, migrations, checkpoints) is src/database/;
 * this folder holds autobet's tables on it (sessions, the journal, one-off
 * bets, round steps, sports slips and cashouts, the account lock).
 */
export { JournalError, type JournalErrorCode } from '../database/errors.js';
export { DATABASE_FILE, LIBRARY_DATABASE_FILE, default_database_path, library_database_path, resolve_data_dir } from '../database/paths.js';
export { journal_error, open_database, type OpenDatabaseOptions, type SqliteDatabase } from '../database/database.js';
export { BASELINE, MIGRATIONS, SCHEMA_VERSION, migrate, type Migration } from '../database/migrations.js';
export {
  SessionsTable,
  type JournalIntent,
  type JournalRow,
  type NewSession,
  type SessionRecord,
  type SessionSummary,
  type Settlement,
} from './sessions.js';
export { journal_identifiers, journal_row_by, journal_row_of, type SiteBetKey } from './journal-lookup.js';
export { OneOffBets, type OneOffIntent, type OneOffSettlement } from './oneoff-bets.js';
export { start_checkpointer, type Checkpointer } from '../database/checkpointer.js';
export { RoundSteps, type StepIntent, type StepRow, type StepStatus } from './round-steps.js';
export { SportsJournal, type SportsIntent, type SportsRow, type SportsStatus } from './sports-journal.js';
export { SessionCommands, type CommandKind, type CommandRow, type CommandStatus } from './session-commands.js';
