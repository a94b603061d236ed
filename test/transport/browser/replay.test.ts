/**
 * Headers copied from the page and replayed from Node work only until
 * `kasada_ttl_ms` has passed since the page made them, while the browser
 * path, whose page script makes fresh ones, keeps working (its websocket
 * too: the page renews the cookie the upgrade needs). A sandbox with a short
 * lifetime (3 s) and its own chromium.
 */
import { chromium, type Browser, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationError, ChallengeError, StakeClient, type FetchLike } from '../../../src/facade/index.js';
import { start_sandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { HAVE_CHROMIUM, start_chromium, type RunningChromium } from './chromium-cdp.js';

const TTL_MS = 3_000;

describe.skipIf(!HAVE_CHROMIUM)('headers replayed from Node', () => {
  let sandbox: Sandbox;
  let browser: RunningChromium;
  let user: Browser;
  let client: StakeClient;

  beforeAll(async () => {
    sandbox = await start_sandbox({ protection: 'kasada', kasada_ttl_ms: TTL_MS });
    browser = await start_chromium();
    user = await chromium.connectOverCDP(browser.ws_url);
    const tab = user.contexts()[0]?.pages()[0];
    if (tab === undefined) throw new Error('chromium opened no tab');
    await tab.goto(`${sandbox.url}/login?user=replayer`);
    client = new StakeClient({ base_url: sandbox.url, browser: { cdp_url: browser.ws_url } });
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await user?.close();
    await browser?.close();
    await sandbox?.close();
  });

  it('pass until kasada_ttl_ms after the page made them, then get ChallengeError vendor kasada; the browser path keeps working', async () => {
    const tab = user.contexts()[0]?.pages().find((p) => p.url().startsWith(sandbox.url));
    if (tab === undefined) throw new Error('no tab of the sandbox');
    const seen = new Promise<Request>((resolve) => tab.once('request', resolve));
    await client.balances();
    const request = await seen;
    const copied = await request.allHeaders();
    const body = request.postData() ?? '';
    const made_at = Number((copied['x-kpsdk-cd'] ?? '').split('.')[0]);
    expect(Number.isSafeInteger(made_at)).toBe(true);
    const replay = (): Promise<Response> => fetch(`${sandbox.url}/_api/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-access-token': copied['x-access-token'] ?? '',
        'x-kpsdk-ct': copied['x-kpsdk-ct'] ?? '',
        'x-kpsdk-cd': copied['x-kpsdk-cd'] ?? '',
        cookie: copied['cookie'] ?? '',
      },
      body,
    });
    // Moments after the page made them (the lifetime is 3 s): the copy passes.
    const fresh = await replay();
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as { data?: unknown }).data).toBeTruthy();
    // Wait out the lifetime of the copied headers (what is under test is their expiry).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, made_at + TTL_MS + 100 - Date.now())));
    const stale = await replay();
    expect(stale.status).toBe(403);
    expect(stale.headers.get('x-kpsdk-ct')).not.toBeNull();
    // The same copy inside a client: a ChallengeError naming Kasada.
    const replaying: FetchLike = (url, init) => fetch(url, {
      ...init,
      headers: { ...init.headers, 'x-kpsdk-ct': copied['x-kpsdk-ct'] ?? '', 'x-kpsdk-cd': copied['x-kpsdk-cd'] ?? '' },
    });
    const node = new StakeClient({ base_url: sandbox.url, access_token: copied['x-access-token'] ?? null, fetch: replaying });
    const error = await node.balances().catch((e: unknown) => e);
    await node.close();
    expect(ChallengeError.is(error)).toBe(true);
    expect((error as ChallengeError).vendor).toBe('kasada');
    // The page makes fresh headers and renews its websocket cookie: both paths of the browser still work.
    expect((await client.balances()).length).toBeGreaterThan(0);
    const feed = client.watch_balances();
    const first = feed.next();
    const connected = new Promise<void>((resolve) => {
      const stop = client.on_realtime_state((event) => {
        if (event.state === 'connected') {
          stop();
          resolve();
        }
      });
    });
    await connected;
    const bet = await client.dice({ amount: 0.0001, currency: 'btc', target: 50, condition: 'above' });
    expect((await first).value?.identifier).toBe(bet.identifier);
    await feed.return?.();
  }, 30_000);

  it('the realtime feed survives the tab: closed while subscribed, it reconnects from a new tab and events flow again', async () => {
    const states: string[] = [];
    let reconnected!: () => void;
    const back = new Promise<void>((resolve) => (reconnected = resolve));
    let connected!: () => void;
    const up = new Promise<void>((resolve) => (connected = resolve));
    let connections = 0;
    const stop = client.on_realtime_state((event) => {
      states.push(event.state);
      if (event.state === 'connected') (++connections === 1 ? connected : reconnected)();
    });
    const feed = client.watch_balances();
    const first = feed.next();
    await up;
    const tab = user.contexts()[0]?.pages().find((p) => p.url().startsWith(sandbox.url));
    await tab?.close();
    await back;
    const bet = await client.dice({ amount: 0.0001, currency: 'btc', target: 50, condition: 'above' });
    expect((await first).value?.identifier).toBe(bet.identifier);
    expect(states).toContain('disconnected');
    stop();
    await feed.return?.();
  }, 30_000);

  it('a tab with no session is an AuthenticationError that says to log in; a Cloudflare challenge in the page is vendor cloudflare, for that tab', async () => {
    // localhost is another cookie host than 127.0.0.1: the tab the client opens there has no session.
    const anonymous = StakeClient.from_browser(browser.http_url, { base_url: sandbox.url.replace('127.0.0.1', 'localhost') });
    const refused = await anonymous.balances().catch((e: unknown) => e);
    await anonymous.close();
    expect(AuthenticationError.is(refused)).toBe(true);
    expect((refused as Error).message).toContain('log in to the site in the browser');
    const cloudflare = await start_sandbox({ protection: 'cloudflare' });
    // The page's own session cookie (set for 127.0.0.1 by the first sandbox's /login: cookies ignore the port) goes along.
    const challenged = StakeClient.from_browser(browser.http_url, { base_url: cloudflare.url });
    try {
      const error = await challenged.balances().catch((e: unknown) => e);
      expect(ChallengeError.is(error)).toBe(true);
      expect((error as ChallengeError).vendor).toBe('cloudflare');
      expect((error as ChallengeError).message).toContain('in that tab');
    } finally {
      await challenged.close();
      await cloudflare.close();
    }
  }, 30_000);
});
