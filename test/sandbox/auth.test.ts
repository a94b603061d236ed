import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { type ErrorList, PUBLIC_QUERY, USER_QUERY, authHeaders, post } from './http.js';

describe('sandbox authentication', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox({ token_ttl_seconds: 60 });
  });
  afterAll(() => sandbox.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('listens on 127.0.0.1', () => {
    expect(new URL(sandbox.url).hostname).toBe('127.0.0.1');
  });

  it('answers public data without a token', async () => {
    const reply = await post(sandbox.url, { query: PUBLIC_QUERY });
    expect(reply.status).toBe(200);
    const currencies = (reply.json?.['data'] as { currencyConfiguration: { currencies: Array<{ name: string }> } })
      .currencyConfiguration.currencies;
    expect(currencies.map((c) => c.name)).toEqual(expect.arrayContaining(['btc', 'usd']));
    expect(reply.json?.['errors']).toBeUndefined();
  });

  it('answers the logged-in user with a token', async () => {
    const login = sandbox.login('alice');
    const reply = await post(sandbox.url, { query: USER_QUERY }, authHeaders(login));
    expect(reply.status).toBe(200);
    const user = (reply.json?.['data'] as { user: { id: string; name: string; balances: unknown[] } }).user;
    expect(user.id).toBe(login.user_id);
    expect(user.name).toBe('alice');
    expect(user.balances).toContainEqual({ available: { amount: 1, currency: 'btc' }, vault: { amount: 0, currency: 'btc' } });
    expect(user.balances).toContainEqual({ available: { amount: 1000, currency: 'usd' }, vault: { amount: 0, currency: 'usd' } });
  });

  it('issues tokens of 96 hex digits and an expiry matching the TTL', () => {
    const login = sandbox.login();
    expect(login.access_token).toMatch(/^[0-9a-f]{96}$/);
    expect(login.expires_in).toBe(60);
    expect(sandbox.login().access_token).not.toBe(login.access_token);
  });

  it('issues sessions with and without percent-encoded padding, and both work verbatim', async () => {
    const sessions = [sandbox.login(), sandbox.login()];
    expect(sessions.some((l) => l.session_cookie.endsWith('%3D'))).toBe(true);
    expect(sessions.some((l) => !l.session_cookie.includes('%'))).toBe(true);
    for (const login of sessions) {
      const reply = await post(sandbox.url, { query: USER_QUERY }, authHeaders(login));
      expect((reply.json?.['data'] as { user: { id: string } }).user.id).toBe(login.user_id);
    }
  });

  it('answers the site\'s "not logged in" error without a token', async () => {
    const reply = await post(sandbox.url, { query: USER_QUERY });
    expect(reply.status).toBe(200);
    expect(reply.json?.['data']).toBeNull();
    const errors = reply.json?.['errors'] as ErrorList;
    expect(errors[0]).toMatchObject({
      message: 'You must be logged in to do that.',
      errorType: 'notAuthenticated',
      path: ['user'],
    });
  });

  it('treats an empty token header as no token (a logged-out browser sends one)', async () => {
    const reply = await post(sandbox.url, { query: USER_QUERY }, { 'x-access-token': '' });
    expect(reply.status).toBe(200);
    expect((reply.json?.['errors'] as ErrorList)[0]?.errorType).toBe('notAuthenticated');
  });

  it('answers "not logged in" for a well-formed token it never issued', async () => {
    const reply = await post(sandbox.url, { query: USER_QUERY }, { 'x-access-token': 'ab'.repeat(48) });
    expect(reply.status).toBe(200);
    expect(reply.json?.['data']).toBeNull();
    expect((reply.json?.['errors'] as ErrorList)[0]?.errorType).toBe('notAuthenticated');
  });

  it('answers "not logged in" once a token is revoked', async () => {
    const login = sandbox.login();
    const before = await post(sandbox.url, { query: USER_QUERY }, authHeaders(login));
    expect(before.json?.['errors']).toBeUndefined();
    sandbox.revoke_token(login.access_token);
    const after = await post(sandbox.url, { query: USER_QUERY }, authHeaders(login));
    expect(after.json?.['data']).toBeNull();
    expect((after.json?.['errors'] as ErrorList)[0]?.errorType).toBe('notAuthenticated');
  });

  it('answers 401 with an errors array for a malformed token', async () => {
    for (const bad of ['not-a-token', 'AB'.repeat(48), 'ab'.repeat(47)]) {
      const reply = await post(sandbox.url, { query: USER_QUERY }, { 'x-access-token': bad });
      expect(reply.status).toBe(401);
      expect(Array.isArray(reply.json?.['errors'])).toBe(true);
      expect(reply.text).not.toContain(bad);
    }
  });

  it('still answers public data when the token is expired', async () => {
    const login = sandbox.login();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const reply = await post(sandbox.url, { query: PUBLIC_QUERY }, authHeaders(login));
    expect(reply.json?.['errors']).toBeUndefined();
  });

  it('answers "session expired" once the TTL has passed (fake clock)', async () => {
    const login = sandbox.login();
    vi.useFakeTimers({ toFake: ['Date'] });
    const issued = Date.now();
    vi.setSystemTime(issued + 59_000);
    const fresh = await post(sandbox.url, { query: USER_QUERY }, authHeaders(login));
    expect(fresh.json?.['errors']).toBeUndefined();
    vi.setSystemTime(issued + 61_000);
    const stale = await post(sandbox.url, { query: USER_QUERY }, authHeaders(login));
    expect(stale.status).toBe(200);
    expect(stale.json?.['data']).toBeNull();
    expect((stale.json?.['errors'] as ErrorList)[0]).toMatchObject({
      message: 'Your session has expired, please log in again.',
      errorType: 'tokenExpired',
      path: ['user'],
    });
  });

  it('never shows a secret when the sandbox is inspected or serialised', async () => {
    const login = sandbox.login();
    const { inspect } = await import('node:util');
    const shown = inspect(sandbox, { depth: 10, showHidden: true }) + JSON.stringify(sandbox);
    expect(shown).not.toContain(login.access_token);
    expect(shown).not.toContain(login.session_cookie);
  });
});

describe('sandbox with a token lifetime of 0', () => {
  it('answers "session expired" at once', async () => {
    const sandbox = await start_sandbox({ token_ttl_seconds: 0 });
    try {
      const login = sandbox.login();
      expect(login.expires_in).toBe(0);
      const reply = await post(sandbox.url, { query: USER_QUERY }, authHeaders(login));
      expect((reply.json?.['errors'] as ErrorList)[0]?.errorType).toBe('tokenExpired');
    } finally {
      await sandbox.close();
    }
  });
});
