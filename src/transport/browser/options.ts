import { is_loopback_host } from '../../store/fields.js';
import { check_number } from '../../games/kernel/number.js';

/**
 * The `browser` option of `new StakeClient({ browser })`: where the user's
 * browser listens for the DevTools protocol, and which tab to use. Checked
 * when the client is built, before any connection.
 */

/**
 * How to reach the browser, one of three ways:
 * - `cdp_url`: a browser the user started with a DevTools port
 *   (`--remote-debugging-port`), or its `ws://…/devtools/browser/…` URL;
 * - `cdp_url: 'auto'`: the everyday Chrome with its Chrome 144+ toggle
 *   (chrome://inspect/#remote-debugging), found by the `DevToolsActivePort`
 *   file in its user-data directory and reached over its `ws://` URL;
 * - `profile_dir`: a browser the client starts itself on that profile and
 *   drives over a pipe (no port: no other process can attach), closed by `close()`.
 */
export interface BrowserOptions {
  /**
   * The browser's DevTools endpoint: `http://127.0.0.1:9222` (what
   * `--remote-debugging-port=9222` opens), its `ws://…/devtools/browser/…`
   * URL, or `auto`. Loopback only (127.0.0.0/8, `[::1]`, `localhost`): the
   * protocol gives full control of the browser. Not with `profile_dir`.
   */
  readonly cdp_url?: string | null;
  /** With `cdp_url: 'auto'`: the user-data directories to look in (default: Chrome's, Chromium's, Edge's and Brave's usual places). */
  readonly profile_dirs?: readonly string[] | null;
  /** The profile of a browser the client starts over a pipe. Not with `cdp_url`. */
  readonly profile_dir?: string | null;
  /** With `profile_dir`: the browser to start (Chrome, Chromium, Edge, Brave). */
  readonly executable_path?: string | null;
  /** With `profile_dir`: start it without a window; default false. */
  readonly headless?: boolean | null;
  /**
   * The tab to use: the first open tab whose URL starts with this one, else a
   * new tab opened at it. A page of the site only (the origin of `base_url`):
   * a request runs in the tab's main world, whose scripts could forge every
   * answer. Default: the first tab of the site's origin, else a new tab at `base_url`.
   */
  readonly tab_url?: string | null;
  /** ms to wait for the browser to answer and a tab to be ready; default 15000. */
  readonly connect_timeout_ms?: number | null;
}

/** How the browser is reached, after checking. */
export type BrowserWay =
  | { readonly kind: 'port'; readonly cdp_url: string }
  | { readonly kind: 'auto'; readonly profile_dirs: readonly string[] | null }
  | { readonly kind: 'pipe'; readonly profile_dir: string; readonly executable_path: string; readonly headless: boolean };

/** {@link BrowserOptions} after checking. */
export interface ResolvedBrowserOptions {
  readonly way: BrowserWay;
  /** The `cdp_url` given (`auto` for the toggle, `pipe` for a browser the client starts). */
  readonly cdp_url: string;
  /** For messages: `host:port` of `cdp_url` (the `ws://` path is a capability: never shown), `auto` or `pipe`. */
  readonly cdp_host: string;
  readonly tab_url: string | null;
  readonly connect_timeout_ms: number;
}

export { is_loopback_host };

function check_url(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new RangeError('browser.cdp_url must be an absolute URL such as http://127.0.0.1:9222, or auto');
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) {
    throw new RangeError('browser.cdp_url must be an http(s) or ws(s) URL such as http://127.0.0.1:9222, or auto');
  }
  if (!is_loopback_host(url.hostname)) {
    throw new RangeError(
      'browser.cdp_url must be a loopback address (127.0.0.1, [::1] or localhost): the DevTools protocol gives full control of the browser',
    );
  }
  if (url.username !== '' || url.password !== '') throw new RangeError('browser.cdp_url must not hold a user name or password');
  return url;
}

function optional_string(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`browser.${field} must be a non-empty string`);
  return value;
}

function check_way(o: BrowserOptions): { way: BrowserWay; cdp_url: string; cdp_host: string } {
  const profile_dir = optional_string(o.profile_dir, 'profile_dir');
  if (profile_dir !== null) {
    if (o.cdp_url != null) throw new TypeError('browser.cdp_url and browser.profile_dir cannot both be given: one way to the browser');
    const executable_path = optional_string(o.executable_path, 'executable_path');
    if (executable_path === null) throw new TypeError('browser.executable_path must be given with browser.profile_dir (the browser to start)');
    if (o.headless != null && typeof o.headless !== 'boolean') throw new TypeError('browser.headless must be a boolean');
    return { way: { kind: 'pipe', profile_dir, executable_path, headless: o.headless === true }, cdp_url: 'pipe', cdp_host: 'pipe' };
  }
  if (typeof o.cdp_url !== 'string') throw new TypeError('browser.cdp_url must be a string such as http://127.0.0.1:9222, or auto');
  if (o.cdp_url.trim() === 'auto') {
    let dirs: string[] | null = null;
    if (o.profile_dirs != null) {
      if (!Array.isArray(o.profile_dirs) || !o.profile_dirs.every((d) => typeof d === 'string' && d !== '')) {
        throw new TypeError('browser.profile_dirs must be a list of directories');
      }
      dirs = [...o.profile_dirs];
    }
    return { way: { kind: 'auto', profile_dirs: dirs }, cdp_url: 'auto', cdp_host: 'auto' };
  }
  const url = check_url(o.cdp_url);
  return { way: { kind: 'port', cdp_url: url.href }, cdp_url: url.href, cdp_host: url.host };
}

/**
 * Checks `browser` (TypeError / RangeError naming the field; a URL is never
 * echoed) and fills the defaults.
 */
export function resolve_browser_options(value: unknown): ResolvedBrowserOptions {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError('browser must be an object { cdp_url, tab_url? } or { profile_dir, executable_path, tab_url? }');
  }
  const o = value as BrowserOptions;
  const { way, cdp_url, cdp_host } = check_way(o);
  let tab_url: string | null = null;
  if (o.tab_url !== undefined && o.tab_url !== null) {
    if (typeof o.tab_url !== 'string') throw new TypeError('browser.tab_url must be a string');
    let tab: URL;
    try {
      tab = new URL(o.tab_url.trim());
    } catch {
      throw new RangeError('browser.tab_url must be an absolute http(s) URL');
    }
    if (tab.protocol !== 'http:' && tab.protocol !== 'https:') throw new RangeError('browser.tab_url must be an absolute http(s) URL');
    tab_url = tab.href;
  }
  const timeout = check_number(o.connect_timeout_ms ?? 15_000, 'browser.connect_timeout_ms', {
    min: 1,
    max: 2_147_483_647,
    type_words: 'must be a number of milliseconds',
  });
  return { way, cdp_url, cdp_host, tab_url, connect_timeout_ms: timeout };
}

/**
 * What `browser` cannot go with, checked once `base_url` is known: a token
 * or session of the client's own (the page's session is the credential, and
 * a token handed to a page is a token any script of that page can read), and
 * a `tab_url` off the site.
 */
export function check_browser_company(
  browser: ResolvedBrowserOptions,
  base_url: string,
  given: { readonly access_token?: unknown; readonly session_cookie?: unknown; readonly refresh?: unknown },
): void {
  for (const name of ['access_token', 'session_cookie', 'refresh'] as const) {
    if (given[name] != null) {
      throw new TypeError(`${name} and browser cannot both be given: in the browser the page's own session is the credential, and no token is handed to a page`);
    }
  }
  if (browser.tab_url !== null && new URL(browser.tab_url).origin !== new URL(base_url).origin) {
    throw new RangeError(`browser.tab_url must be a page of the site (${new URL(base_url).origin}): requests run in that tab`);
  }
}
