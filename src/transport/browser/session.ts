/**
 * The browser transport: the client's one link to a tab of the site in the
 * user's own browser, over the DevTools protocol (playwright-core's
 * `connectOverCDP`, imported by connect.ts, dynamically, on first use:
 * nothing else in the library loads it).
 *
 * It is a seam below the client, not a second client: `fetch` has the shape
 * of the `fetch` the attempt loop calls, so every rule of the direct path
 * (identifiers, no resend of a mutation, unknown outcomes, redaction) holds
 * unchanged; the realtime feed opens its websocket in the page through
 * `open_socket`. `close()` disconnects and closes only a tab it opened.
 * The tab and the connection are held by site-tab.ts.
 */
import type { Page } from 'playwright-core';
import type { FetchInit, FetchResponseLike } from '../options.js';
import { BrowserFailure, cause_summary } from './failure.js';
import type { ResolvedBrowserOptions } from './options.js';
import { page_fetch_expression, type PageFetchResult } from './page-scripts.js';
import { open_page_websocket, type PageSocketHandle, type SocketSink } from './page-websocket.js';
import { SiteTab } from './site-tab.js';

let session_counter = 0;

/** One client's link to the user's browser. */
export class BrowserSession {
  readonly #opts: ResolvedBrowserOptions;
  readonly #base_url: string;
  readonly #origin: string;
  /** Every value read from the page that is a credential (the session cookie) goes here first. */
  readonly #remember: (value: string) => void;
  readonly #prefix = `s${process.pid}-${++session_counter}-${Math.random().toString(36).slice(2, 8)}-`;
  readonly #tab: SiteTab;
  #sockets = 0;

  constructor(opts: ResolvedBrowserOptions, base_url: string, remember: (value: string) => void) {
    this.#opts = opts;
    this.#base_url = base_url;
    this.#origin = new URL(base_url).origin;
    this.#remember = remember;
    this.#tab = new SiteTab(opts, base_url);
  }

  /** `host:port` of the DevTools endpoint. */
  get cdp_host(): string {
    return this.#opts.cdp_host;
  }

  /**
   * Sends one request as the page's fetch. Rejects with a {@link BrowserFailure}
   * (`unreachable` and `no_token` before anything was sent, `lost` after), or
   * with `init.signal`'s reason when it aborts first.
   */
  async fetch(url: string, init: FetchInit): Promise<FetchResponseLike> {
    const headers: Record<string, string> = {};
    // The browser sends its own cookies and User-Agent; a page may not set either. No token of the
    // client's goes to the page (none can be given with `browser`): the page sends its own session.
    for (const [name, value] of Object.entries(init.headers)) {
      if (name !== 'cookie' && name !== 'user-agent' && name !== 'x-access-token') headers[name] = value;
    }
    const expression = page_fetch_expression(this.#origin, { url, headers, body: init.body });
    // A tab that leaves the site between page()'s check and the evaluation is refused inside the page
    // (nothing ran there): drop it and take another tab of the site, once.
    for (let attempt = 0; ; attempt++) {
      const page = await this.#usable_page(init.signal);
      let result: PageFetchResult;
      try {
        result = await until_aborted(page.evaluate(expression) as Promise<PageFetchResult>, init.signal);
      } catch (error) {
        if (init.signal.aborted) throw error;
        throw new BrowserFailure(
          'lost',
          'The browser tab was closed, navigated or crashed, or the browser went away, while the request was in flight',
          cause_summary(error),
        );
      }
      if (result.kind === 'elsewhere') {
        this.#tab.forget(page);
        if (attempt === 0) continue;
        throw new BrowserFailure('unreachable', `The browser at ${this.#opts.cdp_host} keeps leaving the site's tab for another origin: nothing was sent`);
      }
      return this.#answer(result);
    }
  }

  async #usable_page(signal: AbortSignal): Promise<Page> {
    try {
      return await until_aborted(this.#tab.page(), signal);
    } catch (error) {
      if (signal.aborted || error instanceof BrowserFailure) throw error;
      // Finding or opening the tab failed: nothing was sent.
      throw new BrowserFailure('unreachable', `The browser at ${this.#opts.cdp_host} gave no usable tab of the site`, cause_summary(error));
    }
  }

  #answer(result: Exclude<PageFetchResult, { kind: 'elsewhere' }>): FetchResponseLike {
    if (result.kind === 'no_token') {
      throw new BrowserFailure('no_token', 'The browser\'s tab of the site has no session: log in to the site in the browser');
    }
    if (result.kind === 'network') {
      // The page's fetch says only "Failed to fetch": whether the request left is unknown, so it counts as sent.
      throw new Error(`The page's fetch failed (${result.message})`);
    }
    if (result.kind === 'broken') {
      throw new Error(`The connection broke while the page read the answer (HTTP ${result.status}): ${result.message}`);
    }
    this.#remember(result.token);
    const answer = new Headers(result.headers);
    const text = result.text;
    return { status: result.status, headers: answer, text: async () => text };
  }

  /** The page's `session` cookie (the site's token), or null; remembered by the client's redaction. */
  async page_token(): Promise<string | null> {
    const page = await this.#tab.page();
    const cookies = await page.context().cookies(this.#base_url);
    const value = cookies.find((c) => c.name === 'session')?.value;
    if (value === undefined || value === '') return null;
    let token = value;
    try {
      token = decodeURIComponent(value);
    } catch {
      // Not percent-encoded: sent as it is, as the page's own scripts would.
    }
    this.#remember(token);
    return token;
  }

  /**
   * Opens a websocket in the page; its events go to `sink`, fetched in
   * batches by a long poll of the page. The tab closing or navigating ends it
   * as a dropped connection does (1006).
   */
  async open_socket(url: string, protocol: string, sink: SocketSink): Promise<PageSocketHandle> {
    const page = await this.#tab.page();
    const id = `${this.#prefix}${++this.#sockets}`;
    const handle = await open_page_websocket(page, this.#origin, id, url, protocol, sink);
    if (handle === null) {
      this.#tab.forget(page);
      throw new BrowserFailure('unreachable', 'The browser\'s tab left the site before the websocket opened: nothing was sent');
    }
    return handle;
  }

  /** The tab requests run in (site-tab.ts): never one that left the site. */
  page(): Promise<Page> {
    return this.#tab.page();
  }

  /** Disconnects from the browser and closes the tabs this session opened; never the user's. Idempotent. */
  close(): Promise<void> {
    return this.#tab.close();
  }
}

/** `work`, or a rejection with the signal's reason as soon as it aborts (the work goes on in the page). */
function until_aborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const on_abort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', on_abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', on_abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', on_abort);
        reject(error as Error);
      },
    );
  });
}
