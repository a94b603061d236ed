/**
 * The browser transport: the client's one link to a tab of the site in the
 * user's own browser, over the DevTools protocol (playwright-core's
 * `connectOverCDP`, imported here, dynamically, on first use: nothing else
 * in the library loads it).
 *
 * It is a seam below the client, not a second client: `fetch` has the shape
 * of the `fetch` the attempt loop calls, so every rule of the direct path
 * (identifiers, no resend of a mutation, unknown outcomes, redaction) holds
 * unchanged; the realtime feed opens its websocket in the page through
 * `open_socket`. `close()` disconnects and closes only a tab it opened.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { FetchInit, FetchResponseLike } from '../options.js';
import { find_active_port, json_version_status, TOGGLE_ADVICE, usual_profile_dirs } from './discover.js';
import { browser_said, start_trouble } from './start-failure.js';
import { BrowserFailure } from './failure.js';
import type { ResolvedBrowserOptions } from './options.js';
import {
  page_fetch_expression,
  socket_close_expression,
  socket_open_expression,
  socket_poll_expression,
  socket_send_expression,
  type PageFetchResult,
} from './page-scripts.js';

/** Where a websocket of the page reports. */
export interface SocketSink {
  open(protocol: string): void;
  message(data: string): void;
  error(): void;
  close(code: number, reason: string): void;
}

/** A websocket opened in the page. */
export interface PageSocketHandle {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

let session_counter = 0;

/** The browser as the session uses it, whichever way it was reached. */
interface HeldBrowser {
  contexts(): BrowserContext[];
  new_context(): Promise<BrowserContext>;
  /** Over a port: disconnects (the user's browser stays). Over a pipe: closes the browser the session started. */
  close(): Promise<void>;
}

// A person answers Chrome's consent dialog: the connection waits this long at least on the toggle's way.
const CONSENT_TIMEOUT_MS = 60_000;

/** One client's link to the user's browser. */
export class BrowserSession {
  readonly #opts: ResolvedBrowserOptions;
  readonly #base_url: string;
  readonly #origin: string;
  /** Every value read from the page that is a credential (the session cookie) goes here first. */
  readonly #remember: (value: string) => void;
  readonly #prefix = `s${process.pid}-${++session_counter}-${Math.random().toString(36).slice(2, 8)}-`;
  #browser: Promise<HeldBrowser> | null = null;
  #page: Promise<Page> | null = null;
  readonly #opened = new Set<Page>();
  #sockets = 0;
  #closed = false;

  constructor(opts: ResolvedBrowserOptions, base_url: string, remember: (value: string) => void) {
    this.#opts = opts;
    this.#base_url = base_url;
    this.#origin = new URL(base_url).origin;
    this.#remember = remember;
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
          summary(error),
        );
      }
      if (result.kind === 'elsewhere') {
        this.#forget(page);
        if (attempt === 0) continue;
        throw new BrowserFailure('unreachable', `The browser at ${this.#opts.cdp_host} keeps leaving the site's tab for another origin: nothing was sent`);
      }
      return this.#answer(result);
    }
  }

  async #usable_page(signal: AbortSignal): Promise<Page> {
    try {
      return await until_aborted(this.page(), signal);
    } catch (error) {
      if (signal.aborted || error instanceof BrowserFailure) throw error;
      // Finding or opening the tab failed: nothing was sent.
      throw new BrowserFailure('unreachable', `The browser at ${this.#opts.cdp_host} gave no usable tab of the site`, summary(error));
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

  /** Whether `page` shows a document of the site now (its URL's origin is `base_url`'s). */
  #on_site(page: Page): boolean {
    if (page.isClosed()) return false;
    try {
      return new URL(page.url()).origin === this.#origin;
    } catch {
      return false;
    }
  }

  /** Stops using `page` (it left the site): the next request takes another tab of the site. Never closes it. */
  #forget(page: Page): void {
    const pending = this.#page;
    // Runs before page()'s own await of the same promise, so the next page() call looks again.
    void pending?.then((cached) => {
      if (cached === page && this.#page === pending) this.#page = null;
    }, () => {});
  }

  /** The page's `session` cookie (the site's token), or null; remembered by the client's redaction. */
  async page_token(): Promise<string | null> {
    const page = await this.page();
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
    const page = await this.page();
    const id = `${this.#prefix}${++this.#sockets}`;
    const origin = this.#origin;
    if ((await page.evaluate(socket_open_expression(origin, id, url, protocol))) !== true) {
      this.#forget(page);
      throw new BrowserFailure('unreachable', 'The browser\'s tab left the site before the websocket opened: nothing was sent');
    }
    const evaluate = (expression: string): void => {
      page.evaluate(expression).catch(() => {
        // The page is gone: the poll below ends the socket.
      });
    };
    void this.#poll(page, id, sink);
    return {
      send: (data) => evaluate(socket_send_expression(origin, id, data)),
      close: (code, reason) => evaluate(socket_close_expression(origin, id, code, reason)),
    };
  }

  async #poll(page: Page, id: string, sink: SocketSink): Promise<void> {
    const expression = socket_poll_expression(this.#origin, id);
    for (;;) {
      let events: unknown;
      try {
        events = await page.evaluate(expression);
      } catch {
        sink.close(1006, '');
        return;
      }
      if (!Array.isArray(events)) continue;
      for (const event of events as unknown[]) {
        if (deliver(sink, event)) return;
      }
    }
  }

  /**
   * The tab requests run in: the one found or opened before while it is open
   * and on the site, else another tab of the site found or opened now. A tab
   * that left the site (a link, a payment redirect, an ad) is never used: its
   * scripts could forge every answer.
   */
  async page(): Promise<Page> {
    if (this.#closed) throw new BrowserFailure('lost', 'The client is closed');
    const current = this.#page;
    if (current !== null) {
      const page = await current.catch(() => null);
      if (page !== null && this.#on_site(page)) return page;
      if (this.#page === current) this.#page = null;
    }
    this.#page ??= this.#acquire();
    const pending = this.#page;
    try {
      return await pending;
    } catch (error) {
      if (this.#page === pending) this.#page = null;
      throw error;
    }
  }

  /** Disconnects from the browser and closes the tabs this session opened; never the user's. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const browser = this.#browser === null ? null : await this.#browser.catch(() => null);
    await Promise.all([...this.#opened].map((page) => page.close().catch(() => {})));
    this.#opened.clear();
    // For a browser reached over CDP this only disconnects: the user's browser and tabs stay.
    await browser?.close().catch(() => {});
  }

  #connect(): Promise<HeldBrowser> {
    this.#browser ??= (async () => {
      const { chromium } = await import('playwright-core');
      const way = this.#opts.way;
      const lost = (): void => {
        this.#browser = null;
        this.#page = null;
      };
      try {
        if (way.kind === 'pipe') {
          // The browser stakeql starts: driven over a pipe (--remote-debugging-pipe), so no port is open and no other
          // process can attach. Only the flags a normal start needs: none that hides automation or changes the fingerprint.
          const context = await chromium.launchPersistentContext(way.profile_dir, {
            executablePath: way.executable_path,
            headless: way.headless,
            ignoreDefaultArgs: true,
            args: [`--user-data-dir=${way.profile_dir}`, '--remote-debugging-pipe', '--no-first-run', '--no-default-browser-check', ...(way.headless ? ['--headless=new'] : [])],
            timeout: this.#opts.connect_timeout_ms,
            viewport: null,
            handleSIGINT: false,
            handleSIGTERM: false,
            handleSIGHUP: false,
          });
          context.on('close', lost);
          return { contexts: () => [context], new_context: async () => context, close: () => context.close() };
        }
        const endpoint = way.kind === 'port' ? way.cdp_url : await this.#active_port(way.profile_dirs);
        const timeout = way.kind === 'auto' ? Math.max(this.#opts.connect_timeout_ms, CONSENT_TIMEOUT_MS) : this.#opts.connect_timeout_ms;
        const browser = await chromium.connectOverCDP(endpoint, { timeout });
        browser.on('disconnected', lost);
        return { contexts: () => browser.contexts(), new_context: () => browser.newContext(), close: () => browser.close() };
      } catch (error) {
        this.#browser = null;
        if (error instanceof BrowserFailure) throw error;
        throw new BrowserFailure('unreachable', await this.#unreachable_message(error), summary(error));
      }
    })();
    return this.#browser;
  }

  /** The toggle's way: the `ws://` URL of the newest `DevToolsActivePort` file. */
  async #active_port(dirs: readonly string[] | null): Promise<string> {
    const found = await find_active_port(dirs ?? usual_profile_dirs());
    if (found === null) {
      throw new BrowserFailure('unreachable', `No browser allows remote debugging (no DevToolsActivePort file in its profile): ${TOGGLE_ADVICE}`);
    }
    return found.ws_url;
  }

  /** Why connecting failed, in words that say what to do; never the `ws://` path. */
  async #unreachable_message(error: unknown): Promise<string> {
    const way = this.#opts.way;
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
    if (way.cdp_url.startsWith('http') && (await json_version_status(way.cdp_url, this.#opts.connect_timeout_ms)) === 404) {
      // Chrome's toggle answers only on the WebSocket: its HTTP discovery is off.
      return `The browser at ${this.#opts.cdp_host} answers 404 on /json/version: it is Chrome's remote-debugging toggle ` +
        '(chrome://inspect/#remote-debugging, Chrome 144+), whose HTTP discovery is off: use --browser auto (cdp_url: \'auto\'), ' +
        'which reads its DevToolsActivePort file and connects to the ws:// URL; Chrome asks you to allow the connection';
    }
    return `No browser answers the DevTools protocol at ${this.#opts.cdp_host}: use --browser own (log in once in the window ` +
      '`stakeql browser` opens; stakeql then starts that browser itself, over a pipe), --browser auto (Chrome 144+\'s toggle), ' +
      'or start one with --remote-debugging-port=9222 --remote-debugging-address=127.0.0.1 and a profile of its own ' +
      '(--user-data-dir: Chrome 136+ ignores the port on the default profile), and log in to the site there';
  }

  async #acquire(): Promise<Page> {
    const browser = await this.#connect();
    const timeout = this.#opts.connect_timeout_ms;
    const wanted = this.#opts.tab_url;
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        if (!this.#on_site(page) || (wanted !== null && !page.url().startsWith(wanted))) continue;
        await page.waitForLoadState('domcontentloaded', { timeout }).catch(() => {});
        return page;
      }
    }
    const context = browser.contexts()[0] ?? (await browser.new_context());
    const page = await context.newPage();
    this.#opened.add(page);
    page.once('close', () => this.#opened.delete(page));
    try {
      await page.goto(wanted ?? `${this.#base_url}/`, { waitUntil: 'domcontentloaded', timeout });
    } catch (error) {
      throw new BrowserFailure('unreachable', `The browser at ${this.#opts.cdp_host} could not open ${new URL(wanted ?? this.#base_url).origin} in a new tab`, error);
    }
    if (!this.#on_site(page)) {
      throw new BrowserFailure('unreachable', `The site's page, opened in a new tab of the browser at ${this.#opts.cdp_host}, went to another origin: nothing was sent`);
    }
    return page;
  }
}

/** Hands one event of the page's socket to its sink; true when it was the last (the socket closed). */
function deliver(sink: SocketSink, event: unknown): boolean {
  if (!Array.isArray(event)) return false;
  const [type, a, b] = event as [unknown, unknown, unknown];
  if (type === 'open') sink.open(typeof a === 'string' ? a : '');
  else if (type === 'message') sink.message(typeof a === 'string' ? a : '');
  else if (type === 'error') sink.error();
  else if (type === 'close') {
    sink.close(typeof a === 'number' ? a : 1006, typeof b === 'string' ? b : '');
    return true;
  }
  return false;
}

/**
 * The first line of a DevTools-side error, as the cause to keep: the rest
 * (a call log) is about the evaluation, whose text holds the request.
 */
function summary(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(message.split('\n', 1)[0]?.slice(0, 300) ?? 'unknown error');
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
