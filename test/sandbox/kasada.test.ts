/**
 * The sandbox's Kasada emulation over plain HTTP (no browser): the page and
 * its script, `/login`, and the API's verdict on each request's headers —
 * missing, forged, stale or live — computed here from the contract with
 * node:crypto; the websocket upgrade's cookie; the options.
 */
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const BALANCES = JSON.stringify({ query: 'query UserBalances { user { id balances { available { amount currency } } } }' });

async function page_token(url: string): Promise<{ ct: string; secret: string; cookie: string }> {
  const answer = await fetch(`${url}/_kpsdk/tl`, { method: 'POST' });
  expect(answer.status).toBe(200);
  const { ct, secret } = (await answer.json()) as { ct: string; secret: string };
  const cookie = (answer.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  return { ct, secret, cookie };
}

function cd(ct: string, secret: string, t: number): string {
  return `${t}.${createHmac('sha256', Buffer.from(secret, 'hex')).update(`${ct}.${t}`).digest('hex')}`;
}

function post(url: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${url}/_api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: BALANCES });
}

function upgrade(url: string, cookie: string | null): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace('http:', 'ws:')}/_api/websockets`, 'graphql-transport-ws', cookie === null ? {} : { headers: { cookie } });
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => {});
  });
}

describe("the sandbox's protection: 'kasada'", () => {
  it('serves the page with the fetch-wrapping script, and /login sets a readable session and redirects to /', async () => {
    sandbox = await start_sandbox({ protection: 'kasada' });
    const page = await fetch(`${sandbox.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('x-kpsdk-ct');
    expect(html).toContain('window.fetch =');
    const login = await fetch(`${sandbox.url}/login?user=alice`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/');
    const set = login.headers.getSetCookie().find((c) => c.startsWith('session='));
    expect(set).toBeDefined();
    expect(set?.toLowerCase()).not.toContain('httponly');
    expect((await fetch(`${sandbox.url}/login`, { redirect: 'manual' })).status).toBe(400);
    // Without Kasada there is no page script (the page itself stays, so a browser can log in anywhere).
    await sandbox.close();
    sandbox = await start_sandbox();
    expect(await (await fetch(`${sandbox.url}/`)).text()).not.toContain('x-kpsdk');
    expect((await fetch(`${sandbox.url}/_kpsdk/tl`, { method: 'POST' })).status).toBe(404);
  });

  it('refuses missing, forged, stale and unknown headers with 403 and an x-kpsdk-ct header; passes live ones', async () => {
    sandbox = await start_sandbox({ protection: 'kasada', kasada_ttl_ms: 60_000 });
    const { access_token } = sandbox.login('bob');
    const { ct, secret } = await page_token(sandbox.url);
    const now = Date.now();
    const refused: Array<Record<string, string>> = [
      {},
      { 'x-kpsdk-ct': ct },
      { 'x-kpsdk-ct': ct, 'x-kpsdk-cd': cd(ct, 'ab'.repeat(32), now) },
      { 'x-kpsdk-ct': ct, 'x-kpsdk-cd': cd(ct, secret, now - 61_000) },
      { 'x-kpsdk-ct': ct, 'x-kpsdk-cd': cd(ct, secret, now + 60_000) },
      { 'x-kpsdk-ct': 'unknown', 'x-kpsdk-cd': cd('unknown', secret, now) },
      { 'x-kpsdk-ct': ct, 'x-kpsdk-cd': `${now}.zz` },
    ];
    for (const headers of refused) {
      const answer = await post(sandbox.url, { 'x-access-token': access_token, ...headers });
      expect(answer.status, JSON.stringify(Object.keys(headers))).toBe(403);
      expect(answer.headers.get('x-kpsdk-ct')).not.toBeNull();
      await answer.arrayBuffer();
    }
    const live = await post(sandbox.url, { 'x-access-token': access_token, 'x-kpsdk-ct': ct, 'x-kpsdk-cd': cd(ct, secret, Date.now()) });
    expect(live.status).toBe(200);
    expect(((await live.json()) as { data: { user: { id: string } } }).data.user.id).toBeTruthy();
  });

  it('lets the websocket upgrade through only with a live KP_UIDz cookie', async () => {
    sandbox = await start_sandbox({ protection: 'kasada', kasada_ttl_ms: 60_000 });
    const { cookie } = await page_token(sandbox.url);
    expect(cookie.startsWith('KP_UIDz=')).toBe(true);
    expect(await upgrade(sandbox.url, null)).toBe(403);
    expect(await upgrade(sandbox.url, 'KP_UIDz=forged')).toBe(403);
    expect(await upgrade(sandbox.url, cookie)).toBe(101);
    expect(sandbox.websocket_stats().upgrades_refused).toBe(2);
  });

  it('checks its options: protection is one of three, require_clearance its cloudflare alias, kasada_ttl_ms a positive integer', async () => {
    await expect(start_sandbox({ protection: 'akamai' as never })).rejects.toThrow(RangeError);
    await expect(start_sandbox({ protection: 1 as never })).rejects.toThrow(TypeError);
    await expect(start_sandbox({ protection: 'kasada', require_clearance: true })).rejects.toThrow(/require_clearance/);
    await expect(start_sandbox({ protection: 'kasada', kasada_ttl_ms: 0 })).rejects.toThrow(/kasada_ttl_ms/);
    await expect(start_sandbox({ kasada_ttl_ms: 1.5 })).rejects.toThrow(RangeError);
    sandbox = await start_sandbox({ protection: 'cloudflare' });
    const answer = await fetch(`${sandbox.url}/_api/graphql`, { method: 'POST', body: BALANCES });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('cf-mitigated')).toBe('challenge');
  });
});
