/**
 * better-sqlite3 for tests that read or prepare a database file themselves:
 * the one the journal loads on this Node (12 on Node 20, 13 where Node-API 10
 * exists; see src/database/sqlite-module.ts), never a second copy of SQLite in
 * the same process (two would not share their POSIX locks on the file).
 */
import { sqlite_module, type SqliteConstructor } from '../../src/database/sqlite-module.js';

/** better-sqlite3's constructor. */
export const Database: SqliteConstructor = sqlite_module().Database;
