import { is_loopback_host } from '../../store/fields.js';
import { check_number } from '../../games/kernel/number.js';

/**
 * The `browser` option of `new StakeClient({ browser })`: where the user's
 * browser listens for the DevTools protocol, and which tab to use. Checked
 * when the client is built, before any connection.
 */

/** How to reach the user's browser. */
export interface BrowserOptions {
  /**
   * The browser's DevTools endpoint: `http://127.0.0.1:9222` (what
   * `--remote-debugging-port=9222` opens) or its `ws://…/devtools/browser/…`
   * URL. Loopback only (127.0.0.0/8, `[::1]`, `localhost`): the protocol gives
   * full control of the browser.
   */
  readonly cdp_url: string;
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

/** {@link BrowserOptions} after checking. */
export interface ResolvedBrowserOptions {
  readonly cdp_url: string;
  /** `host:port` of `cdp_url`, for messages (the `ws://` path is a capability: never shown). */
  readonly cdp_host: string;
  readonly tab_url: string | null;
  readonly connect_timeout_ms: number;
}

export { is_loopback_host };

/**
 * Checks `browser` (TypeError / RangeError naming the field; a URL is never
 * echoed) and fills the defaults.
 */
export function resolve_browser_options(value: unknown): ResolvedBrowserOptions {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError('browser must be an object { cdp_url, tab_url? }');
  }
  const o = value as BrowserOptions;
  if (typeof o.cdp_url !== 'string') throw new TypeError('browser.cdp_url must be a string such as http://127.0.0.1:9222');
  let url: URL;
  try {
    url = new URL(o.cdp_url.trim());
  } catch {
    throw new RangeError('browser.cdp_url must be an absolute URL such as http://127.0.0.1:9222');
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) {
    throw new RangeError('browser.cdp_url must be an http(s) or ws(s) URL such as http://127.0.0.1:9222');
  }
  if (!is_loopback_host(url.hostname)) {
    throw new RangeError(
      'browser.cdp_url must be a loopback address (127.0.0.1, [::1] or localhost): the DevTools protocol gives full control of the browser',
    );
  }
  if (url.username !== '' || url.password !== '') throw new RangeError('browser.cdp_url must not hold a user name or password');
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
  return { cdp_url: url.href, cdp_host: url.host, tab_url, connect_timeout_ms: timeout };
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
