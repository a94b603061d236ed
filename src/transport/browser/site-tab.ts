/**
 * The tab of the site that requests run in, and the browser connection it
 * lives in: both held here, and only here, so that a tab that left the site
 * or a browser that went away is forgotten in one place.
 */
import type { Page } from 'playwright-core';
import { connect_browser, type HeldBrowser } from './connect.js';
import { BrowserFailure } from './failure.js';
import type { ResolvedBrowserOptions } from './options.js';

/** One client's tab of the site, found in the user's browser or opened there. */
export class SiteTab {
  readonly #opts: ResolvedBrowserOptions;
  readonly #base_url: string;
  readonly #origin: string;
  #browser: Promise<HeldBrowser> | null = null;
  #page: Promise<Page> | null = null;
  readonly #opened = new Set<Page>();
  #closed = false;

  constructor(opts: ResolvedBrowserOptions, base_url: string) {
    this.#opts = opts;
    this.#base_url = base_url;
    this.#origin = new URL(base_url).origin;
  }

  /** Whether `page` shows a document of the site now (its URL's origin is `base_url`'s). */
  on_site(page: Page): boolean {
    if (page.isClosed()) return false;
    try {
      return new URL(page.url()).origin === this.#origin;
    } catch {
      return false;
    }
  }

  /** Stops using `page` (it left the site): the next request takes another tab of the site. Never closes it. */
  forget(page: Page): void {
    const pending = this.#page;
    // Runs before page()'s own await of the same promise, so the next page() call looks again.
    void pending?.then((cached) => {
      if (cached === page && this.#page === pending) this.#page = null;
    }, () => {});
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
      if (page !== null && this.on_site(page)) return page;
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
    this.#browser ??= connect_browser(this.#opts, {
      lost: () => {
        this.#browser = null;
        this.#page = null;
      },
      failed: () => {
        this.#browser = null;
      },
    });
    return this.#browser;
  }

  async #acquire(): Promise<Page> {
    const browser = await this.#connect();
    const timeout = this.#opts.connect_timeout_ms;
    const wanted = this.#opts.tab_url;
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        if (!this.on_site(page) || (wanted !== null && !page.url().startsWith(wanted))) continue;
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
    if (!this.on_site(page)) {
      throw new BrowserFailure('unreachable', `The site's page, opened in a new tab of the browser at ${this.#opts.cdp_host}, went to another origin: nothing was sent`);
    }
    return page;
  }
}
