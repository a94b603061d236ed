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

/** The journal and history database of this user: `<data dir>/stakeql.db`. */
export function default_database_path(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(resolve_data_dir(env), DATABASE_FILE);
}
