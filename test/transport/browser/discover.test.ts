/**
 * The everyday Chrome through its Chrome 144+ toggle (issue 42): found by a
 * `DevToolsActivePort` file planted in a user-data directory (the port, then
 * the `/devtools/browser/<id>` path), reached over its ws:// URL. A stand-in
 * for the toggle's endpoint answers 404 on /json/* (its HTTP discovery is
 * off) and forwards the WebSocket to Debian's chromium: `auto` works through
 * it; its http:// URL gets an error naming the toggle. Loopback only.
 */
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient, TransportError } from '../../../src/facade/index.js';
import { find_active_port, usual_profile_dirs } from '../../../src/transport/browser/discover.js';
import { start_sandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { HAVE_CHROMIUM, start_chromium, type RunningChromium } from './chromium-cdp.js';

/** 404 on every HTTP request, as Chrome's toggle answers /json/version and /json/list; WebSocket upgrades go to `target`. */
async function toggle_stand_in(target: number): Promise<{ port: number; http_paths: string[]; upgrades: number; close(): Promise<void> }> {
  const state = { http_paths: [] as string[], upgrades: 0 };
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    state.http_paths.push(req.url ?? '');
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not Found');
  });
  server.on('upgrade', (req, socket: net.Socket, head: Buffer) => {
    state.upgrades++;
    const upstream = net.connect(target, '127.0.0.1', () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i] as string}: ${req.rawHeaders[i + 1] as string}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get http_paths() { return state.http_paths; },
    get upgrades() { return state.upgrades; },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the usual profile places', () => {
  it('are the Chrome, Chromium, Edge and Brave user-data directories of each platform', () => {
    expect(usual_profile_dirs({}, 'linux', '/home/u')).toEqual([
      '/home/u/.config/google-chrome', '/home/u/.config/google-chrome-beta', '/home/u/.config/chromium', '/home/u/.config/microsoft-edge',
      '/home/u/.config/BraveSoftware/Brave-Browser',
    ]);
    expect(usual_profile_dirs({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/u')[0]).toBe('/x/google-chrome');
    expect(usual_profile_dirs({}, 'darwin', '/Users/u')[0]).toBe('/Users/u/Library/Application Support/Google/Chrome');
  });

  it('ignore a file that is not a port and a browser path', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-dtap-'));
    try {
      for (const text of ['', 'abc\n/devtools/browser/x', '70000\n/devtools/browser/x', '9222\n/devtools/page/x', '9222\n/devtools/browser/../x']) {
        fs.writeFileSync(path.join(dir, 'DevToolsActivePort'), text);
        expect(await find_active_port([dir]), JSON.stringify(text)).toBeNull();
      }
      fs.writeFileSync(path.join(dir, 'DevToolsActivePort'), '9333\n/devtools/browser/0b1c-22\n');
      expect(await find_active_port([path.join(dir, 'missing'), dir])).toEqual({ ws_url: 'ws://127.0.0.1:9333/devtools/browser/0b1c-22', port: 9333, dir });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!HAVE_CHROMIUM)('attaching to the browser through its DevToolsActivePort file', () => {
  let sandbox: Sandbox;
  let browser: RunningChromium;
  let user: Browser;
  let stand_in: Awaited<ReturnType<typeof toggle_stand_in>>;
  let dirs: string;
  let ws_path: string;

  beforeAll(async () => {
    sandbox = await start_sandbox({ starting_balances: { btc: 1 } });
    browser = await start_chromium();
    user = await chromium.connectOverCDP(browser.ws_url);
    const context = user.contexts()[0];
    if (context === undefined) throw new Error('no context');
    await (context.pages()[0] ?? (await context.newPage())).goto(`${sandbox.url}/login?user=toggled`);
    stand_in = await toggle_stand_in(Number(new URL(browser.ws_url).port));
    ws_path = new URL(browser.ws_url).pathname;
    dirs = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-profiles-'));
  }, 60_000);

  afterAll(async () => {
    await user?.close();
    await stand_in?.close();
    await browser?.close();
    await sandbox?.close();
    if (dirs !== undefined) fs.rmSync(dirs, { recursive: true, force: true });
  });

  it("cdp_url 'auto' reads the planted file and connects to its ws:// URL through an endpoint whose /json/* is 404", async () => {
    const chrome = path.join(dirs, 'google-chrome');
    fs.mkdirSync(chrome);
    fs.writeFileSync(path.join(chrome, 'DevToolsActivePort'), `${stand_in.port}\n${ws_path}`);
    const client = new StakeClient({ base_url: sandbox.url, browser: { cdp_url: 'auto', profile_dirs: [path.join(dirs, 'chromium'), chrome] } });
    try {
      const me = await client.current_user();
      expect(me.name).toBe('toggled');
      // Straight to the WebSocket: no HTTP discovery was asked for.
      expect(stand_in.upgrades).toBeGreaterThan(0);
      expect(stand_in.http_paths).toEqual([]);
      // The ws:// path is a capability: not in what the client shows.
      expect(JSON.stringify(client)).not.toContain(ws_path);
    } finally {
      await client.close();
    }
  });

  it("an http:// URL whose /json/version answers 404 is browser_unreachable naming Chrome's toggle; no file is too", async () => {
    const client = new StakeClient({ base_url: sandbox.url, browser: { cdp_url: `http://127.0.0.1:${stand_in.port}`, connect_timeout_ms: 5_000 } });
    try {
      const error = await client.balances().catch((e: unknown) => e);
      expect(TransportError.is(error)).toBe(true);
      expect((error as TransportError).reason).toBe('browser_unreachable');
      expect((error as TransportError).may_have_reached_server).toBe(false);
      expect((error as Error).message).toContain('answers 404 on /json/version');
      expect((error as Error).message).toContain('chrome://inspect/#remote-debugging');
      expect((error as Error).message).toContain('--browser auto');
      expect(stand_in.http_paths).toContain('/json/version');
    } finally {
      await client.close();
    }
    const none = new StakeClient({ base_url: sandbox.url, browser: { cdp_url: 'auto', profile_dirs: [path.join(dirs, 'nothing-here')] } });
    try {
      const error = await none.balances().catch((e: unknown) => e);
      expect((error as TransportError).reason).toBe('browser_unreachable');
      expect((error as Error).message).toContain('no DevToolsActivePort file');
      expect((error as Error).message).toContain("Allow remote debugging for this browser instance");
      expect((error as Error).message).toContain('restarts');
    } finally {
      await none.close();
    }
  });
});
