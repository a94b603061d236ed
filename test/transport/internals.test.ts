import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { internals_of } from '../../src/transport/internals.js';

const TOKEN = 'a'.repeat(96);

describe('internals_of(client): the hooks other modules of the library use', () => {
  it('request_headers() reads the credentials at call time, as a request would send them', async () => {
    const client = new StakeClient({ access_token: TOKEN, session_cookie: 'sess-1', cf_clearance: 'clear-1', user_agent: 'UA/1' });
    const core = internals_of(client);
    const first = await core.request_headers();
    expect(first.headers).toMatchObject({ 'x-access-token': TOKEN, cookie: 'session=sess-1; cf_clearance=clear-1', 'user-agent': 'UA/1' });
    client._auth_manager.set_access_token('b'.repeat(96));
    client._auth_manager.set_session_cookie('sess-2');
    const second = await core.request_headers();
    expect(second.headers['x-access-token']).toBe('b'.repeat(96));
    expect(second.headers.cookie).toBe('session=sess-2; cf_clearance=clear-1');
  });

  // The headers are built once and reused (issue 22, item 24): every change must still reach the next request.
  it('request_headers() follows a rotated cookie, a deletion, an expiry and a new token, each at the next call', async () => {
    const client = new StakeClient({ access_token: TOKEN, session_cookie: 'sess-1', user_agent: 'UA/1' });
    const core = internals_of(client);
    expect(core.request_headers().headers.cookie).toBe('session=sess-1');
    const set = (...cookies: string[]) => core.store_cookies(new Headers(cookies.map((c) => ['set-cookie', c] as [string, string])));
    set('__cf_bm=bm-1; Path=/');
    expect(core.request_headers().headers.cookie).toBe('session=sess-1; __cf_bm=bm-1');
    set('__cf_bm=bm-2; Path=/');
    expect(core.request_headers().headers.cookie).toBe('session=sess-1; __cf_bm=bm-2');
    set('__cf_bm=gone; Path=/; Max-Age=0');
    expect(core.request_headers().headers.cookie).toBe('session=sess-1');
    set(`short=lived; Path=/; Expires=${new Date(Date.now() + 1_500).toUTCString()}`);
    expect(core.request_headers().headers.cookie).toBe('session=sess-1; short=lived');
    // Expires has whole seconds: wait until the jar's own verdict flips, bounded.
    const deadline = Date.now() + 5_000;
    while (core.jar.get('short') !== null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(core.jar.get('short')).toBeNull();
    expect(core.request_headers().headers.cookie).toBe('session=sess-1');
    client._auth_manager.clear_tokens();
    expect(core.request_headers().headers).not.toHaveProperty('x-access-token');
    expect(core.request_headers().headers).not.toHaveProperty('cookie');
    // Each call gets its own object: a fetch that writes into it changes no later request.
    const first = core.request_headers();
    first.headers['x-injected'] = '1';
    expect(core.request_headers().headers).not.toHaveProperty('x-injected');
  });

  it('close() releases every registered disposer once, even when one throws; unregistered ones are left alone', async () => {
    const client = new StakeClient({});
    const core = internals_of(client);
    const released: string[] = [];
    core.add_disposer(() => {
      released.push('a');
      throw new Error('fails to release');
    });
    core.add_disposer(async () => {
      released.push('b');
    });
    const unregister = core.add_disposer(() => {
      released.push('c');
    });
    unregister();
    await client.close();
    await client.close();
    expect(released.sort()).toEqual(['a', 'b']);
    core.add_disposer(() => {
      released.push('late');
    });
    await Promise.resolve();
    expect(released).toContain('late');
  });

  it('redact() removes every credential the client holds', () => {
    const client = new StakeClient({ access_token: TOKEN, session_cookie: 'sess-secret', cf_clearance: 'clear-secret' });
    const text = internals_of(client).redact(`x ${TOKEN} y sess-secret z clear-secret`);
    expect(text).toBe('x [redacted] y [redacted] z [redacted]');
  });

  it('rejects an object that is not a StakeClient', () => {
    expect(() => internals_of({})).toThrow(TypeError);
  });
});
