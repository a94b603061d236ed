/**
 * Finding the everyday Chrome that allows remote debugging through its
 * Chrome 144+ toggle (chrome://inspect/#remote-debugging, "Allow remote
 * debugging for this browser instance";
 * https://developer.chrome.com/docs/devtools/agents/use-cases/auto-connect).
 * That browser writes `DevToolsActivePort` in its user-data directory (the
 * port, then the `/devtools/browser/<id>` path), answers 404 on the HTTP
 * discovery (`/json/version`, `/json/list`), and asks the user to allow each
 * connection; on the default profile the toggle takes effect at the next
 * browser start (public reports gathered in the project's research notes,
 * users-2026-11-29.md §5: vercel-labs/agent-browser#870, trycua/cua#2910).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What a user must do to turn the toggle on: said by every error of this way. */
export const TOGGLE_ADVICE =
  "in Chrome 144 or later open chrome://inspect/#remote-debugging and tick 'Allow remote debugging for this browser instance' " +
  '(on your everyday profile it takes effect after Chrome restarts); Chrome then asks you to allow each connection';

/** Where Chrome, Chromium, Edge and Brave keep their default user-data directory, for this platform. */
export function usual_profile_dirs(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string[] {
  if (platform === 'darwin') {
    const support = path.join(home, 'Library', 'Application Support');
    return ['Google/Chrome', 'Google/Chrome Beta', 'Chromium', 'Microsoft Edge', 'BraveSoftware/Brave-Browser'].map((d) => path.join(support, d));
  }
  if (platform === 'win32') {
    const local = env['LOCALAPPDATA'] ?? path.join(home, 'AppData', 'Local');
    return ['Google/Chrome/User Data', 'Google/Chrome Beta/User Data', 'Chromium/User Data', 'Microsoft/Edge/User Data', 'BraveSoftware/Brave-Browser/User Data']
      .map((d) => path.join(local, d));
  }
  const config = env['XDG_CONFIG_HOME'] ?? path.join(home, '.config');
  return ['google-chrome', 'google-chrome-beta', 'chromium', 'microsoft-edge', 'BraveSoftware/Brave-Browser'].map((d) => path.join(config, d));
}

/** A browser found by its `DevToolsActivePort` file. */
export interface ActivePort {
  /** `ws://127.0.0.1:PORT/devtools/browser/ID`: a capability, never shown. */
  readonly ws_url: string;
  readonly port: number;
  /** The user-data directory the file was in. */
  readonly dir: string;
}

// The browser's path: fixed prefix, an id of letters, digits and dashes (linear, no backtracking).
const BROWSER_PATH = /^\/devtools\/browser\/[A-Za-z0-9-]{1,128}$/;

/** Reads one `DevToolsActivePort` file: null when absent or not of that form. */
async function read_one(dir: string): Promise<(ActivePort & { mtime: number }) | null> {
  const file = path.join(dir, 'DevToolsActivePort');
  let text: string;
  let mtime: number;
  try {
    const st = await fs.stat(file);
    if (!st.isFile() || st.size > 4096) return null;
    mtime = st.mtimeMs;
    text = await fs.readFile(file, 'utf8');
  } catch {
    return null;
  }
  const [first, second] = text.split('\n').map((l) => l.trim());
  const port = /^[0-9]{1,5}$/.test(first ?? '') ? Number(first) : NaN;
  if (!(port >= 1 && port <= 65_535) || !BROWSER_PATH.test(second ?? '')) return null;
  return { ws_url: `ws://127.0.0.1:${port}${second as string}`, port, dir, mtime };
}

/** The newest `DevToolsActivePort` among `dirs`, or null. */
export async function find_active_port(dirs: readonly string[]): Promise<ActivePort | null> {
  const found = (await Promise.all(dirs.map(read_one))).filter((f): f is ActivePort & { mtime: number } => f !== null);
  found.sort((a, b) => b.mtime - a.mtime);
  const best = found[0];
  return best === undefined ? null : { ws_url: best.ws_url, port: best.port, dir: best.dir };
}

/** The HTTP status of `/json/version` at an http(s) DevTools URL, or null when nothing answers. */
export async function json_version_status(cdp_url: string, timeout_ms: number): Promise<number | null> {
  const url = new URL('/json/version', cdp_url);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(Math.min(timeout_ms, 5_000)), redirect: 'manual' });
    await response.body?.cancel();
    return response.status;
  } catch {
    return null;
  }
}
