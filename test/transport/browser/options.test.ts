/**
 * The browser option checked before any connection: only a loopback
 * DevTools URL, a RangeError naming the option otherwise (thrown by the
 * constructor itself, so no connection can have been made); a browser that
 * is not there is a TransportError `browser_unreachable` that says how to
 * start one, and nothing was sent. No chromium needed.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { StakeClient, TransportError } from '../../../src/facade/index.js';
import { is_loopback_host } from '../../../src/transport/browser/options.js';

describe('the browser option', () => {
  it('refuses a DevTools URL that is not loopback with a RangeError naming browser.cdp_url', () => {
    for (const cdp_url of [
      'http://10.0.0.1:9222', 'http://192.168.1.20:9222', 'ws://203.0.113.5:9222/devtools/browser/abc',
      'http://127.0.0.1.example.com:9222', 'http://[::2]:9222', 'http://0.0.0.0:9222', 'http://example.com:9222', 'http://128.0.0.1:9222',
    ]) {
      expect(() => new StakeClient({ browser: { cdp_url } }), cdp_url).toThrow(RangeError);
      expect(() => new StakeClient({ browser: { cdp_url } }), cdp_url).toThrow(/browser\.cdp_url/);
      expect(() => StakeClient.from_browser(cdp_url), cdp_url).toThrow(RangeError);
    }
    expect(() => new StakeClient({ browser: { cdp_url: 'ftp://127.0.0.1:9222' } })).toThrow(RangeError);
    expect(() => new StakeClient({ browser: { cdp_url: 'not a url' } })).toThrow(RangeError);
    expect(() => new StakeClient({ browser: { cdp_url: 9222 as unknown as string } })).toThrow(TypeError);
    expect(() => new StakeClient({ browser: { cdp_url: 'http://user:pw@127.0.0.1:9222' } })).toThrow(RangeError);
    expect(() => new StakeClient({ browser: { cdp_url: 'http://127.0.0.1:9222' }, fetch: globalThis.fetch as never })).toThrow(TypeError);
  });

  it('refuses a token, a session or a refresh hook given with browser (TypeError naming it, the value never echoed), and a tab_url off the site', () => {
    const secret = 'b'.repeat(96);
    for (const name of ['access_token', 'session_cookie'] as const) {
      let error: unknown = null;
      try {
        new StakeClient({ browser: { cdp_url: 'http://127.0.0.1:9222' }, [name]: secret });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(TypeError);
      expect(String(error)).toContain(name);
      expect(String(error)).not.toContain(secret);
    }
    expect(() => new StakeClient({ browser: { cdp_url: 'http://127.0.0.1:9222' }, refresh: async () => ({ access_token: secret }) })).toThrow(/refresh/);
    expect(() => StakeClient.from_browser('http://127.0.0.1:9222', { tab_url: 'https://stake.com.evil.example/casino' })).toThrow(/browser\.tab_url/);
    expect(() => StakeClient.from_browser('http://127.0.0.1:9222', { base_url: 'https://stake.ac', tab_url: 'https://stake.com/casino' })).toThrow(RangeError);
    // The site's own pages are fine.
    void StakeClient.from_browser('http://127.0.0.1:9222', { base_url: 'https://stake.ac', tab_url: 'https://stake.ac/casino/games/dice' }).close();
  });

  it('accepts loopback in each form, and connects to nothing until a request', async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const clients = [
        new StakeClient({ browser: { cdp_url: `http://127.0.0.1:${port}` } }),
        StakeClient.from_browser(`ws://localhost:${port}/devtools/browser/x`),
        StakeClient.from_browser(`http://[::1]:${port}`, { tab_url: 'https://stake.com/casino' }),
        StakeClient.from_browser(`http://127.5.6.7:${port}`),
      ];
      for (const c of clients) await c.close();
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
    expect(is_loopback_host('127.255.255.255')).toBe(true);
    expect(is_loopback_host('127.256.0.1')).toBe(false);
  });

  it('is a TransportError browser_unreachable when no browser answers, nothing sent, saying how to start one', async () => {
    // A port that was free a moment ago: nothing listens there.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const client = StakeClient.from_browser(`http://127.0.0.1:${port}`);
    try {
      const error = await client.dice({ amount: 1, currency: 'usd', target: 50, condition: 'above' }).catch((e: unknown) => e);
      expect(TransportError.is(error)).toBe(true);
      const failure = error as TransportError;
      expect(failure.reason).toBe('browser_unreachable');
      expect(failure.may_have_reached_server).toBe(false);
      expect(failure.message).toContain('stakeql browser');
      expect(failure.message).toContain(`127.0.0.1:${port}`);
    } finally {
      await client.close();
    }
  }, 30_000);
});
