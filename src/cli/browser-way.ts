/**
 * The three ways the CLI reaches a browser (`--browser`, `STAKE_BROWSER`, a
 * profile's `browser`), as the client's `browser` option:
 * - `own`: the browser `stakeql browser` set up (its profile in the data
 *   directory), started by each command over a pipe: no port, so no other
 *   process can attach; the profile keeps the login;
 * - `auto`: the everyday Chrome with its Chrome 144+ toggle, found by its
 *   `DevToolsActivePort` file (`STAKEQL_BROWSER_PROFILE_DIRS` names other
 *   user-data directories, separated as PATH is);
 * - a loopback DevTools URL: a browser the user started with a port, which
 *   any local process can drive while it is open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { resolve_data_dir } from '../database/paths.js';
import type { BrowserOptions } from '../transport/browser/options.js';

/** Looked for on PATH, in this order, when no executable is named. */
export const BROWSER_CANDIDATES = ['google-chrome', 'google-chrome-stable', 'chromium', 'chromium-browser', 'microsoft-edge', 'brave-browser'];

/** The browser to start: `STAKEQL_BROWSER_EXECUTABLE`, else the first candidate on PATH, else null. */
export function find_browser_executable(env: NodeJS.ProcessEnv): string | null {
  const named = env['STAKEQL_BROWSER_EXECUTABLE'];
  if (named !== undefined && named !== '') return named;
  const dirs = (env['PATH'] ?? '').split(path.delimiter).filter((d) => d !== '');
  for (const name of BROWSER_CANDIDATES) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return file;
      } catch {
        // Not here.
      }
    }
  }
  return null;
}

/** The profile of the browser stakeql starts (0700, in the data directory). */
export function own_profile_dir(env: NodeJS.ProcessEnv): string {
  return path.join(resolve_data_dir(env), 'browser-profile');
}

/** Which of the three ways a `--browser` value is. */
export type BrowserWayName = 'own' | 'auto' | 'port';

export function way_of(value: string): BrowserWayName {
  return value === 'own' || value === 'auto' ? value : 'port';
}

/** Whether a browser can open a window here: always off Linux; on Linux, an X or Wayland display is named. */
export function has_display(env: NodeJS.ProcessEnv): boolean {
  return process.platform !== 'linux' || Boolean(env['DISPLAY']) || Boolean(env['WAYLAND_DISPLAY']);
}

/**
 * What to do without a display: the one-time login needs a window, the
 * commands after it do not. `xvfb-run` (Debian's xvfb package) gives a
 * virtual X display; a VNC server on it (x11vnc) shows that window elsewhere.
 */
export const NO_DISPLAY_ADVICE =
  "commands given --browser own start the browser headless by themselves, but logging in once with 'stakeql browser' needs a window: " +
  "run it under a display server, e.g. 'xvfb-run -n 99 stakeql browser' with 'x11vnc -display :99' to see and use that window over VNC, " +
  "or over 'ssh -X' from a machine with a display";

/** The client's `browser` option for a `--browser` value (checked before: `own`, `auto` or a loopback URL). */
export function browser_option(value: string, env: NodeJS.ProcessEnv): BrowserOptions {
  if (value === 'own') {
    const executable = find_browser_executable(env);
    const profile = own_profile_dir(env);
    // A window where there is a display (the user may have to pass a challenge), none on a server.
    return { profile_dir: profile, executable_path: executable ?? BROWSER_CANDIDATES[0], headless: !has_display(env) };
  }
  if (value === 'auto') {
    const dirs = env['STAKEQL_BROWSER_PROFILE_DIRS'];
    return { cdp_url: 'auto', profile_dirs: dirs === undefined || dirs === '' ? null : dirs.split(path.delimiter).filter((d) => d !== '') };
  }
  return { cdp_url: value };
}

/** What `doctor` and the help say of each way: what it exposes, and for how long. */
export const WAY_WORDS: Readonly<Record<BrowserWayName, string>> = {
  own: "stakeql's own profile, started over a pipe for each command: no DevTools port, no other process can attach",
  auto: "your everyday Chrome through its remote-debugging toggle (Chrome 144+): Chrome asks you to allow each connection; while the toggle is on, any local program you allow can act as you on every site you are logged in to",
  port: 'a DevTools port you opened: while your browser runs with it, any program of any user on this machine can attach and act as you on every site you are logged in to (read cookies, bet, tip); close that browser when done',
};
