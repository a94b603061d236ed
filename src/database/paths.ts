import os from 'node:os';
import path from 'node:path';

/** The database's file name inside the data directory. */
export const DATABASE_FILE = 'stakeql.db';

/**
 * stakeql's data directory: `$STAKEQL_DATA_DIR` when set; else
 * `$XDG_DATA_HOME/stakeql` (an absolute `XDG_DATA_HOME` only, as the XDG Base
 * Directory spec says); else `~/.local/share/stakeql`.
 */
export function resolve_data_dir(env: NodeJS.ProcessEnv = process.env, home: () => string = os.homedir): string {
  const override = env['STAKEQL_DATA_DIR'];
  if (override) return path.resolve(override);
  const xdg = env['XDG_DATA_HOME'];
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home(), '.local', 'share'), 'stakeql');
}

/** The file library runs use by default (issue 48): not the CLI's, so a program's runs do not land in the user's `autobet list`. */
export const LIBRARY_DATABASE_FILE = 'stakeql-library.db';

/**
 * The database a library autobet run (`run_autobet`, `resume_autobet`, the
 * session reads) uses when given none: `stakeql-library.db` in the data
 * directory. Pass `default_database_path()` to share the CLI's.
 */
export function library_database_path(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(resolve_data_dir(env), LIBRARY_DATABASE_FILE);
}

/** The journal and history database of this user (the CLI's): `<data dir>/stakeql.db`. */
export function default_database_path(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(resolve_data_dir(env), DATABASE_FILE);
}
