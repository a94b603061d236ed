import os from 'node:os';
import path from 'node:path';

/** Name of the file that holds every profile in the file store. */
export const PROFILES_FILE = 'profiles.json';

/** Where to look, for tests and for callers that know better than the process. */
export interface ConfigDirOptions {
  /** Environment to read; default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Platform to lay out for; default `process.platform`. */
  platform?: NodeJS.Platform;
  /** Home directory; default `os.homedir()`. */
  home?: string;
}

/**
 * The directory that holds stakeql's configuration:
 * `$STAKEQL_CONFIG_DIR` when set (relative paths resolve against the working
 * directory); else on Windows `%APPDATA%\stakeql`; on macOS
 * `~/Library/Application Support/stakeql`; elsewhere `$XDG_CONFIG_HOME/stakeql`,
 * else `~/.config/stakeql`. Empty variables count as unset, and a relative
 * `XDG_CONFIG_HOME` is ignored, as the XDG Base Directory spec says.
 */
export function resolve_config_dir(options: ConfigDirOptions = {}): string {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const p = platform === 'win32' ? path.win32 : path.posix;
  const home = (): string => options.home ?? os.homedir();

  const override = env['STAKEQL_CONFIG_DIR'];
  if (override) return platform === process.platform ? path.resolve(override) : p.resolve(override);

  if (platform === 'win32') {
    const appData = env['APPDATA'];
    return p.join(appData && p.isAbsolute(appData) ? appData : p.join(home(), 'AppData', 'Roaming'), 'stakeql');
  }
  if (platform === 'darwin') return p.join(home(), 'Library', 'Application Support', 'stakeql');
  const xdg = env['XDG_CONFIG_HOME'];
  return p.join(xdg && p.isAbsolute(xdg) ? xdg : p.join(home(), '.config'), 'stakeql');
}
