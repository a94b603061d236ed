import { describe, it, expect } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { resolve_base_url, resolve_options, DEFAULT_TIMEOUT_MS } from '../../src/transport/options.js';

describe('base_url', () => {
  it('defaults to https://stake.com and strips trailing slashes', () => {
    expect(resolve_base_url(undefined).endpoint).toBe('https://stake.com/_api/graphql');
    expect(resolve_base_url('https://Stake.com/').base_url).toBe('https://stake.com');
    expect(resolve_base_url('http://127.0.0.1:8080//').endpoint).toBe('http://127.0.0.1:8080/_api/graphql');
    expect(resolve_base_url('https://proxy.example/stake/').endpoint_path).toBe('/stake/_api/graphql');
  });

  it('rejects what is not a plain http(s) origin', () => {
    expect(() => resolve_base_url(42)).toThrow(TypeError);
    for (const bad of ['stake.com', 'ftp://stake.com', 'javascript:alert(1)', 'https://u:p@stake.com', 'https://stake.com/?a=1', 'https://stake.com/#x']) {
      expect(() => resolve_base_url(bad), bad).toThrow(RangeError);
    }
  });
});

describe('resolve_options', () => {
  it('fills defaults', () => {
    const o = resolve_options({});
    expect(o.timeout_ms).toBe(DEFAULT_TIMEOUT_MS);
    expect(o.retry).toEqual({ limit: 2, base_delay_ms: 300, max_delay_ms: 10_000 });
    expect(o.fetch).toBe(globalThis.fetch);
    expect([o.cf_clearance, o.user_agent, o.refresh, o.logger]).toEqual([null, null, null, null]);
  });

  it('rejects bad values with the right error, naming the option but never the value', () => {
    const cases: Array<[Record<string, unknown>, ErrorConstructor, RegExp]> = [
      [{ timeout_ms: '5' }, TypeError, /timeout_ms/],
      [{ timeout_ms: 0 }, RangeError, /timeout_ms/],
      [{ timeout_ms: Infinity }, RangeError, /timeout_ms/],
      [{ fetch: 'fetch' }, TypeError, /fetch/],
      [{ refresh: {} }, TypeError, /refresh/],
      [{ logger: 1 }, TypeError, /logger/],
      [{ cf_clearance: 'SECRETCLEAR; other=1' }, RangeError, /cf_clearance/],
      [{ cf_clearance: 7 }, TypeError, /cf_clearance/],
      [{ user_agent: 'Mozilla\r\nX-Evil: 1' }, RangeError, /user_agent/],
      [{ retry: { limit: -1 } }, RangeError, /retry.limit/],
    ];
    for (const [options, type, pattern] of cases) {
      let thrown: unknown;
      try {
        resolve_options(options);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(options)).toBeInstanceOf(type);
      expect((thrown as Error).message).toMatch(pattern);
      expect((thrown as Error).message).not.toContain('SECRETCLEAR');
    }
  });

  it('trims credentials it checks', () => {
    expect(resolve_options({ cf_clearance: '  abc ', user_agent: ' UA/1 ' })).toMatchObject({ cf_clearance: 'abc', user_agent: 'UA/1' });
  });
});

describe('new StakeClient', () => {
  it('creates one AuthManager holding the given credentials', () => {
    const client = new StakeClient({ access_token: ' tok-1 ', session_cookie: 'sess-1' });
    expect(client._auth_manager).toBe(client._auth_manager);
    expect(client._auth_manager.access_token).toBe('tok-1');
    expect(client._auth_manager.session_cookie).toBe('sess-1');
    expect(client.base_url).toBe('https://stake.com');
  });

  it('lets the AuthManager reject a bad token or cookie, without showing it', () => {
    expect(() => new StakeClient({ access_token: '' })).toThrow(RangeError);
    expect(() => new StakeClient({ access_token: 5 as unknown as string })).toThrow(TypeError);
    let error: unknown;
    try {
      new StakeClient({ session_cookie: 'SECRET-SESSION; admin=1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).not.toContain('SECRET-SESSION');
  });
});
