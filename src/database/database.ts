/**
 * Opens the journal/history database: a private directory (0700) and file
 * (0600), WAL, `synchronous=NORMAL`, a bounded wait for other writers, and the
 * schema migrated to this version (a backup is taken before an existing
 * database is migrated). better-sqlite3 is loaded when the first database
 * opens (which major depends on the Node: see sqlite-module.ts), and this
 * module only by autobet and history, so `stakeql`, `stakeql/fairness` and the
 * paste reader never load the native module.
 *
 * Durability: `NORMAL` in WAL mode commits without an fsync (about 0.02 ms
 * here, against about 0.2–0.6 ms for `FULL`): a killed process loses nothing,
 * power loss may lose the last commits. The engine covers that case: before
 * anything else, a resume compares the site's nonce with the journal's and
 * adopts bets the journal never recorded (see autobet/engine/reconcile.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { StoreError } from '../store/errors.js';
import { assertPrivate, shellQuote } from '../store/secure-fs.js';
import { JournalError } from './errors.js';
import { SCHEMA_VERSION, migrate } from './migrations.js';
import { sqlite_module, type SqliteConstructor } from './sqlite-module.js';

/** A better-sqlite3 connection (12 or 13: the same API), as the journal and history modules use it. */
export type SqliteDatabase = Database.Database;

/** How to open the database. */
export interface OpenDatabaseOptions {
  /** Milliseconds to wait for another process's write lock before failing with `locked`; default 5000. */
  readonly busy_timeout_ms?: number;
  /** `FULL` fsyncs every commit (survives power loss; about 10× slower per commit); default `NORMAL`. */
  readonly synchronous?: 'NORMAL' | 'FULL';
}

/** Turns an SQLite or file-system failure into a {@link JournalError} naming `file`. */
export function journal_error(error: unknown, file: string): unknown {
  if (error instanceof JournalError) return error;
  if (error instanceof StoreError) return new JournalError('unsafe', error.message, file);
  const code = (error as { code?: unknown })?.code;
  const quoted = shellQuote(file);
  switch (code) {
    case 'SQLITE_NOTADB':
    case 'SQLITE_CORRUPT':
    case 'SQLITE_CORRUPT_VTAB':
      return new JournalError('corrupt', `the database ${quoted} is damaged or not an SQLite database; move it aside (nothing was changed in it)`, file);
    case 'SQLITE_BUSY':
    case 'SQLITE_BUSY_SNAPSHOT':
    case 'SQLITE_LOCKED':
      return new JournalError('locked', `the database ${quoted} is locked by another process; try again when it is done`, file);
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_READONLY':
    case 'SQLITE_PERM':
    case 'SQLITE_AUTH':
    case 'EACCES':
    case 'EPERM':
    case 'EISDIR':
    case 'ENOTDIR':
      return new JournalError('unsafe', `cannot open the database ${quoted} for writing (${String(code)})`, file);
    default:
      return error;
  }
}

function ensurePrivateDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const st = fs.statSync(dir);
  if (!st.isDirectory()) throw new StoreError('not_a_file', `refusing to use ${dir}: it is not a directory`, dir);
  assertPrivate(st, dir, 'directory');
}

/** Creates the file 0600 when missing (so SQLite never creates it with the umask's mode), and checks it when present. */
function ensurePrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const st = fs.statSync(file);
  if (!st.isFile()) throw new StoreError('not_a_file', `refusing to use ${file}: it is not a regular file`, file);
  assertPrivate(st, file, 'file');
}

/**
 * Opens (creating if needed) the database at `file` and migrates it.
 * @throws JournalError `corrupt` | `locked` | `newer_schema` | `unsafe`, naming the file; nothing is overwritten then;
 *   `io` when no better-sqlite3 that runs on this Node can be loaded (the message says which to install).
 */
export function open_database(file: string, options: OpenDatabaseOptions = {}): SqliteDatabase {
  const absolute = path.resolve(file);
  let Sqlite: SqliteConstructor;
  try {
    Sqlite = sqlite_module().Database;
  } catch (error) {
    throw new JournalError('io', `cannot open the database ${shellQuote(absolute)}: ${(error as Error).message}`, absolute, { cause: error });
  }
  let db: SqliteDatabase | null = null;
  try {
    ensurePrivateDir(path.dirname(absolute));
    ensurePrivateFile(absolute);
    db = new Sqlite(absolute, { timeout: options.busy_timeout_ms ?? 5000 });
    // The first statement reads the header: a file that is not a database fails here, before anything is written.
    const version = db.pragma('user_version', { simple: true }) as number;
    // A newer stakeql's file is refused before it is switched to WAL (which rewrites its header).
    if (version > SCHEMA_VERSION) migrate(db, absolute);
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
    db.pragma('foreign_keys = ON');
    migrate(db, absolute);
    return db;
  } catch (error) {
    db?.close();
    throw journal_error(error, absolute);
  }
}
