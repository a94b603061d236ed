import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Cookie, parseSetCookie } from 'set-cookie-parser';
import { start_sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { type ErrorList, PUBLIC_QUERY, USER_QUERY, post } from './http.js';

function setCookies(headers: Headers): Cookie[] {
  return parseSetCookie(headers.getSetCookie(), { decodeValues: false });
}

function userQuery(url: string, login: SandboxLogin, session: string, extraCookie = '') {
  return post(url, { query: USER_QUERY }, { 'x-access-token': login.access_token, cookie: `session=${session}${extraCookie}` });
}

describe('sandbox session rotation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands out a new session on each authenticated answer; the new one works, the old one only during the grace', async () => {
    const sandbox = await start_sandbox({ rotate_session: true, session_grace_seconds: 5 });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      const login = sandbox.login();
      const first = await userQuery(sandbox.url, login, login.session_cookie);
      expect(first.json?.['errors']).toBeUndefined();
      const issued = setCookies(first.headers).find((c) => c.name === 'session');
      expect(issued).toBeDefined();
      const rotated = issued?.value as string;
      expect(rotated).not.toBe(login.session_cookie);
      expect(issued).toMatchObject({ path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
      expect(first.headers.getSetCookie().find((l) => l.startsWith('session='))).toBe(
        `session=${rotated}; Path=/; HttpOnly; Secure; SameSite=Lax`,
      );

      const withNew = await userQuery(sandbox.url, login, rotated);
      expect((withNew.json?.['data'] as { user: { id: string } }).user.id).toBe(login.user_id);
      const newest = setCookies(withNew.headers).find((c) => c.name === 'session')?.value as string;

      vi.setSystemTime(start + 4_000);
      const oldInGrace = await userQuery(sandbox.url, login, login.session_cookie);
      expect(oldInGrace.json?.['errors']).toBeUndefined();

      vi.setSystemTime(start + 6_000);
      const oldAfterGrace = await userQuery(sandbox.url, login, login.session_cookie);
      expect(oldAfterGrace.json?.['data']).toBeNull();
      expect((oldAfterGrace.json?.['errors'] as ErrorList)[0]?.errorType).toBe('notAuthenticated');
      expect(setCookies(oldAfterGrace.headers).some((c) => c.name === 'session')).toBe(false);

      const latest = await userQuery(sandbox.url, login, newest);
      expect(latest.json?.['errors']).toBeUndefined();
    } finally {
      await sandbox.close();
    }
  });

  it('does not rotate answers to requests without a valid token', async () => {
    const sandbox = await start_sandbox({ rotate_session: true });
    try {
      const reply = await post(sandbox.url, { query: PUBLIC_QUERY });
      expect(setCookies(reply.headers).some((c) => c.name === 'session')).toBe(false);
    } finally {
      await sandbox.close();
    }
  });

  it('keeps the session without rotate_session', async () => {
    const sandbox = await start_sandbox();
    try {
      const login = sandbox.login();
      const reply = await userQuery(sandbox.url, login, login.session_cookie);
      expect(reply.json?.['errors']).toBeUndefined();
      expect(setCookies(reply.headers).some((c) => c.name === 'session')).toBe(false);
    } finally {
      await sandbox.close();
    }
  });

  it("refuses another user's session beside a token", async () => {
    const sandbox = await start_sandbox();
    try {
      const alice = sandbox.login('alice');
      const bob = sandbox.login('bob');
      const reply = await userQuery(sandbox.url, alice, bob.session_cookie);
      expect((reply.json?.['errors'] as ErrorList)[0]?.errorType).toBe('notAuthenticated');
    } finally {
      await sandbox.close();
    }
  });

  it("sets Cloudflare's __cf_bm cookie until the client sends it back", async () => {
    const sandbox = await start_sandbox();
    try {
      const first = await post(sandbox.url, { query: PUBLIC_QUERY });
      const cfBm = setCookies(first.headers).find((c) => c.name === '__cf_bm');
      expect(cfBm?.value).toMatch(/^[\w.-]+$/);
      expect(cfBm?.httpOnly).toBe(true);
      const again = await post(sandbox.url, { query: PUBLIC_QUERY }, { cookie: `__cf_bm=${cfBm?.value}` });
      expect(setCookies(again.headers).some((c) => c.name === '__cf_bm')).toBe(false);
    } finally {
      await sandbox.close();
    }
  });
});
