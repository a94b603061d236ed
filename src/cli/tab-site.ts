/**
 * The site a browser given by its DevTools URL (`--browser http://127.0.0.1:9222`)
 * is on: its tabs' origins, from the DevTools HTTP endpoint `/json/list`
 * (https://chromedevtools.github.io/devtools-protocol/#endpoints: one entry a
 * target, `type` "page" for a tab, with its `url`). With no `--base-url`, the
 * tab's site is the one in use, not the profile's: the user opened the site
 * they mean in that browser. Chrome's remote-debugging toggle (`--browser
 * auto`) answers 404 there (docs/browser.md), and stakeql's own browser has no
 * port: both keep the profile's site.
 */
import { printable } from './output.js';
import { usageError } from './exit-codes.js';

/** How long the tab list may take: a local browser answers at once. */
const LIST_TIMEOUT_MS = 5000;

/** The http(s) origins of the browser's tabs, in its order, each once; null when the list cannot be read. */
export async function tab_origins(cdp_url: string, timeout_ms = LIST_TIMEOUT_MS): Promise<string[] | null> {
  let list: URL;
  try {
    list = new URL(cdp_url);
    list.protocol = list.protocol === 'wss:' ? 'https:' : list.protocol === 'ws:' ? 'http:' : list.protocol;
    list.pathname = '/json/list';
    list.search = '';
  } catch {
    return null;
  }
  try {
    const response = await fetch(list, { signal: AbortSignal.timeout(timeout_ms) });
    if (!response.ok) return null;
    const targets = (await response.json()) as unknown;
    if (!Array.isArray(targets)) return null;
    const origins: string[] = [];
    for (const target of targets as Array<{ type?: unknown; url?: unknown }>) {
      if (target?.type !== 'page' || typeof target.url !== 'string') continue;
      let origin: string;
      try {
        const url = new URL(target.url);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
        origin = url.origin;
      } catch {
        continue;
      }
      if (!origins.includes(origin)) origins.push(origin);
    }
    return origins;
  } catch {
    return null;
  }
}

/** The site to use and, when it is not the configured one, the note that says so. */
export interface TabSite {
  readonly base_url: string;
  readonly note: string | null;
}

/**
 * The site for a browser reached by its DevTools URL: the configured one
 * (`configured`, the profile's or stake.com) when a tab is on it or the tabs
 * cannot be read or none is on a web page; else the one site the tabs are on.
 * Tabs on several other sites: a usage error naming them, nothing sent.
 */
export function pick_tab_site(origins: readonly string[] | null, configured: string, browser: string): TabSite {
  const wanted = new URL(configured).origin;
  if (origins === null || origins.length === 0 || origins.includes(wanted)) return { base_url: configured, note: null };
  if (origins.length === 1) {
    const only = origins[0] as string;
    return { base_url: only, note: `the browser at ${printable(browser)} has a tab on ${printable(only)}: using that site (not ${printable(wanted)}; --base-url chooses)` };
  }
  const shown = origins.slice(0, 5).map((o) => printable(o)).join(', ');
  throw usageError(`--browser: the browser's tabs are on ${shown}${origins.length > 5 ? ', …' : ''}, none on ${printable(wanted)}: say which site with --base-url`);
}

/** {@link pick_tab_site} for a `--browser` value; `own` and `auto` keep `configured`. */
export async function browser_site(browser: string, configured: string): Promise<TabSite> {
  if (browser === 'own' || browser === 'auto') return { base_url: configured, note: null };
  return pick_tab_site(await tab_origins(browser), configured, browser);
}
