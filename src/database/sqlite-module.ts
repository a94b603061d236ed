/**
 * Which better-sqlite3 this Node loads. Neither major works on every Node the
 * package supports:
 *
 * - 12 is built against the running Node's headers, and Node 24's
 *   `node::ObjectWrap` removes an environment cleanup hook when a wrapped
 *   object is freed: when the garbage collector frees a statement outside a
 *   JavaScript context, Node asserts `(env) != nullptr` and aborts the process
 *   (a few thousand prepared statements are enough; upstream
 *   WiseLibs/better-sqlite3#1515, closed without a fix in 12.x).
 * - 13 is a Node-API 10 module (it ships prebuilt): Node 20 and Node 22 before
 *   22.14 have Node-API 9, and it crashes there on the first call.
 *
 * So 13 (the optional dependency `better-sqlite3-13`, an npm alias) wherever
 * the Node has Node-API 10, 12 elsewhere. When 13 is not installed (npm
 * skipped it, or it was installed on an older Node), Node 22 falls back to 12,
 * which has no such hook there; Node 23 and later refuse rather than run into
 * an abort in the middle of a session.
 *
 * Resolved on the first database opened, never at import: `stakeql`,
 * `stakeql/autobet` and `stakeql/history` import no native code.
 */
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';

/** better-sqlite3's constructor; 12 and 13 have the same JavaScript API. */
export type SqliteConstructor = typeof Database;

/** The better-sqlite3 loaded in this process. */
export interface SqliteModule {
  /** Its constructor. */
  readonly Database: SqliteConstructor;
  /** The file its package resolves to, for a worker thread to load the same one (one SQLite per process: two would not share POSIX locks). */
  readonly path: string;
  /** Its package's name as installed: `better-sqlite3` (12) or `better-sqlite3-13`. */
  readonly package: string;
}

/** The first Node-API version better-sqlite3 13 runs on. */
const NAPI_FOR_13 = 10;
/** Node majors whose `ObjectWrap` has no cleanup hook, so better-sqlite3 12 is safe there. */
const LAST_MAJOR_FOR_12 = 22;

let loaded: SqliteModule | undefined;

/** The package to load on a Node with these versions, given whether 13 is installed; pure, for the choice to be tested on one Node. */
export function choose_sqlite_package(versions: { readonly node: string; readonly napi?: string | undefined }, has_13: boolean): string {
  const napi = Number(versions.napi ?? 0);
  const major = Number(versions.node.split('.')[0]);
  if (napi >= NAPI_FOR_13 && has_13) return 'better-sqlite3-13';
  if (major <= LAST_MAJOR_FOR_12) return 'better-sqlite3';
  throw new Error(
    `the database needs better-sqlite3 13 on Node ${versions.node} (12 aborts the process there when it frees a statement), ` +
      'and the optional dependency better-sqlite3-13 is not installed: reinstall with optional dependencies (npm install --include=optional)',
  );
}

/** Loads (once) the better-sqlite3 this Node runs; throws when none fits (the message says what to install). */
export function sqlite_module(): SqliteModule {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  let path_13: string | undefined;
  try {
    path_13 = require.resolve('better-sqlite3-13');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
  }
  const name = choose_sqlite_package(process.versions, path_13 !== undefined);
  const file = name === 'better-sqlite3-13' && path_13 !== undefined ? path_13 : require.resolve(name);
  loaded = { Database: require(file) as SqliteConstructor, path: file, package: name };
  return loaded;
}
