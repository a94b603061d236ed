/**
 * Reaching the browser, one of three ways (options.ts): starting the user's
 * own over a pipe, connecting to a DevTools port, or to Chrome's toggle
 * found through its `DevToolsActivePort` file. playwright-core is imported
 * here, dynamically, on first use: nothing else in the library loads it.
 * A failure says what to do, in words that hold no `ws://` path.
 */
import type { BrowserContext } from 'playwright-core';
import { find_active_port, json_version_status, TOGGLE_ADVICE, usual_profile_dirs } from './discover.js';
import { browser_said, start_trouble } from './start-failure.js';
import { BrowserFailure, cause_summary } from './failure.js';
import type { ResolvedBrowserOptions } from './options.js';

/** The browser as the session uses it, whichever way it was reached. */
export interface HeldBrowser {
  contexts(): BrowserContext[];
  new_context(): Promise<BrowserContext>;
  /** Over a port: disconnects (the user's browser stays). Over a pipe: closes the browser the session started. */
  close(): Promise<void>;
}

/** What the holder of the connection is told: it went away (`lost`), or it could not be made (`failed`, before the error is worded). */
export interface ConnectionEvents {
  lost(): void;
  failed(): void;
}

// A person answers Chrome's consent dialog: the connection waits this long at least on the toggle's way.
const CONSENT_TIMEOUT_MS = 60_000;

/** The browser `opts` names, reached; rejects with a {@link BrowserFailure} (`unreachable`). */
export async function connect_browser(opts: ResolvedBrowserOptions, events: ConnectionEvents): Promise<HeldBrowser> {
  const { chromium } = await import('playwright-core');
  const way = opts.way;
  try {
    if (way.kind === 'pipe') {
      // The browser stakeql starts: driven over a pipe (--remote-debugging-pipe), so no port is open and no other
      // process can attach. Only the flags a normal start needs: none that hides automation or changes the fingerprint.
      const context = await chromium.launchPersistentContext(way.profile_dir, {
        executablePath: way.executable_path,
        headless: way.headless,
        ignoreDefaultArgs: true,
        args: [`--user-data-dir=${way.profile_dir}`, '--remote-debugging-pipe', '--no-first-run', '--no-default-browser-check', ...(way.headless ? ['--headless=new'] : [])],
        timeout: opts.connect_timeout_ms,
        viewport: null,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      context.on('close', events.lost);
      return { contexts: () => [context], new_context: async () => context, close: () => context.close() };
    }
    const endpoint = way.kind === 'port' ? way.cdp_url : await active_port(way.profile_dirs);
    const timeout = way.kind === 'auto' ? Math.max(opts.connect_timeout_ms, CONSENT_TIMEOUT_MS) : opts.connect_timeout_ms;
    const browser = await chromium.connectOverCDP(endpoint, { timeout });
    browser.on('disconnected', events.lost);
    return { contexts: () => browser.contexts(), new_context: () => browser.newContext(), close: () => browser.close() };
  } catch (error) {
    events.failed();
    if (error instanceof BrowserFailure) throw error;
    throw new BrowserFailure('unreachable', await unreachable_message(opts, error), cause_summary(error));
  }
}

/** The toggle's way: the `ws://` URL of the newest `DevToolsActivePort` file. */
async function active_port(dirs: readonly string[] | null): Promise<string> {
  const found = await find_active_port(dirs ?? usual_profile_dirs());
  if (found === null) {
    throw new BrowserFailure('unreachable', `No browser allows remote debugging (no DevToolsActivePort file in its profile): ${TOGGLE_ADVICE}`);
  }
  return found.ws_url;
}

/** Why connecting failed, in words that say what to do; never the `ws://` path. */
async function unreachable_message(opts: ResolvedBrowserOptions, error: unknown): Promise<string> {
  const way = opts.way;
  if (way.kind === 'pipe') {
    // The executable's path is no secret; the profile may be open in one browser at a time. The browser's own words, when it printed any.
    const message = error instanceof Error ? error.message : String(error);
    const said = browser_said(message);
    const words = said === null ? '' : ` (it said: ${said})`;
    const trouble = start_trouble(message);
    if (trouble === 'root_sandbox') return `The browser ${way.executable_path} refuses to run as root with its sandbox on${words}: run stakeql as an ordinary user`;
    if (trouble === 'no_display') return `The browser ${way.executable_path} found no display to open its window on${words}: without one it runs headless (DISPLAY and WAYLAND_DISPLAY unset)`;
    return `The browser ${way.executable_path} could not be started on its profile${words}: is it installed (STAKEQL_BROWSER_EXECUTABLE ` +
      'names another), and is no other window of it open (close the one `stakeql browser` opened)?';
  }
  if (way.kind === 'auto') {
    return `The browser that allows remote debugging did not accept the connection: click Allow in Chrome's dialog, or, if Chrome was closed since, ${TOGGLE_ADVICE}`;
  }
  if (way.cdp_url.startsWith('http') && (await json_version_status(way.cdp_url, opts.connect_timeout_ms)) === 404) {
    // Chrome's toggle answers only on the WebSocket: its HTTP discovery is off.
    return `The browser at ${opts.cdp_host} answers 404 on /json/version: it is Chrome's remote-debugging toggle ` +
      '(chrome://inspect/#remote-debugging, Chrome 144+), whose HTTP discovery is off: use --browser auto (cdp_url: \'auto\'), ' +
      'which reads its DevToolsActivePort file and connects to the ws:// URL; Chrome asks you to allow the connection';
  }
  return `No browser answers the DevTools protocol at ${opts.cdp_host}: use --browser own (log in once in the window ` +
    '`stakeql browser` opens; stakeql then starts that browser itself, over a pipe), --browser auto (Chrome 144+\'s toggle), ' +
    'or start one with --remote-debugging-port=9222 --remote-debugging-address=127.0.0.1 and a profile of its own ' +
    '(--user-data-dir: Chrome 136+ ignores the port on the default profile), and log in to the site there';
}
