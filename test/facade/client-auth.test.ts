/** Keeping credentials alive under concurrency, against the real sandbox. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { StakeClient, AuthenticationError, type RefreshCallback } from '../../src/facade/index.js';

const DICE = `mutation DiceRoll($identifier: String!) {
  diceRoll(amount: 0.01, target: 50.5, condition: above, currency: usd, identifier: $identifier) { id }
}`;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start_sandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const stats = () => sandbox.stats();
const nextTurn = () => new Promise<void>((r) => setImmediate(r));

describe('token rotation while requests are in flight', () => {
  it('every one of 40 concurrent requests carries exactly one whole token, old or new, and one cookie line', async () => {
    const oldLogin = sandbox.login('old');
    const newLogin = sandbox.login('new');
    const c = new StakeClient({ base_url: sandbox.url, access_token: oldLogin.access_token, cf_clearance: 'clearance-value' });
    const before = stats();
    const first = Array.from({ length: 20 }, () => c.current_user());
    await nextTurn(); // the first 20 have read their headers and are on the wire
    c._auth_manager.set_access_token(newLogin.access_token);
    const second = Array.from({ length: 20 }, () => c.current_user());
    const users = await Promise.all([...first, ...second]);

    const after = stats();
    const tokens = after.tokens_seen.slice(before.tokens_seen.length);
    const lines = after.header_line_counts.slice(before.header_line_counts.length);
    expect(tokens).toHaveLength(40);
    expect(tokens.every((t) => t === oldLogin.access_token || t === newLogin.access_token)).toBe(true);
    expect(tokens.filter((t) => t === oldLogin.access_token)).toHaveLength(20);
    expect(lines).toHaveLength(40);
    expect(lines.every((l) => l.access_token === 1 && l.cookie === 1)).toBe(true);
    expect(users.slice(0, 20).every((u) => u.id === oldLogin.user_id)).toBe(true);
    expect(users.slice(20).every((u) => u.id === newLogin.user_id)).toBe(true);
  });
});

describe('refresh before the request', () => {
  it('runs once for 50 concurrent requests with an expired token, and all of them use the new token', async () => {
    const stale = sandbox.login('stale');
    const fresh = sandbox.login('fresh');
    let calls = 0;
    const refresh: RefreshCallback = async () => {
      calls++;
      await nextTurn();
      return { access_token: fresh.access_token, expires_in: fresh.expires_in };
    };
    const c = new StakeClient({ base_url: sandbox.url, access_token: stale.access_token, refresh });
    c._auth_manager.set_access_token(stale.access_token, 0); // expired at once
    const before = stats();
    const users = await Promise.all(Array.from({ length: 50 }, () => c.current_user()));
    expect(calls).toBe(1);
    expect(users.every((u) => u.id === fresh.user_id)).toBe(true);
    const tokens = stats().tokens_seen.slice(before.tokens_seen.length);
    expect(tokens).toEqual(Array(50).fill(fresh.access_token));
    expect(c._auth_manager.is_token_expired()).toBe(false);
  });

  it('a failed refresh rejects all of them with an AuthenticationError carrying the cause, and sends nothing', async () => {
    const stale = sandbox.login();
    const boom = new Error('identity provider unreachable');
    let calls = 0;
    const c = new StakeClient({
      base_url: sandbox.url,
      refresh: async () => {
        calls++;
        await nextTurn();
        throw boom;
      },
    });
    c._auth_manager.set_access_token(stale.access_token, -1);
    const before = stats().requests;
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => c.current_user()));
    expect(calls).toBe(1);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      const reason = (r as PromiseRejectedResult).reason as AuthenticationError;
      expect(AuthenticationError.is(reason)).toBe(true);
      expect(reason.cause).toBe(boom);
    }
    expect(stats().requests).toBe(before);
  });
});

/**
 * Two logins, the first one's token revoked: a client holding it whose refresh
 * callback hands out the second's, after one turn of the event loop when
 * `slow` (so the refused requests pile up behind it), counting its calls.
 */
function revokedClient(slow: boolean) {
  const first = sandbox.login();
  const second = sandbox.login();
  let calls = 0;
  const c = new StakeClient({
    base_url: sandbox.url,
    access_token: first.access_token,
    refresh: async () => {
      calls++;
      if (slow) await nextTurn();
      return { access_token: second.access_token };
    },
  });
  sandbox.revoke_token(first.access_token);
  return { c, first, second, calls: () => calls };
}

describe('refresh after a refusal', () => {
  it('a revoked token: refresh once, resend once, succeed', async () => {
    const { c, first, second, calls } = revokedClient(false);
    const before = stats();
    expect(await c.current_user()).toMatchObject({ id: second.user_id });
    expect(calls()).toBe(1);
    expect(stats().tokens_seen.slice(before.tokens_seen.length)).toEqual([first.access_token, second.access_token]);
  });

  it('50 concurrent requests refused together share one refresh', async () => {
    const { c, second, calls } = revokedClient(true);
    const users = await Promise.all(Array.from({ length: 50 }, () => c.current_user()));
    expect(users.every((u) => u.id === second.user_id)).toBe(true);
    expect(calls()).toBe(1);
  });

  it('a mutation refused for its token is resent once after the refresh: it ran exactly once', async () => {
    const first = sandbox.login();
    const second = sandbox.login();
    const c = new StakeClient({ base_url: sandbox.url, access_token: first.access_token, refresh: async () => ({ access_token: second.access_token }) });
    sandbox.revoke_token(first.access_token);
    const before = stats();
    const bet = await c.graphql<{ diceRoll: { id: string } }>(DICE, { identifier: 'after-refresh' });
    expect(bet.diceRoll.id).toEqual(expect.any(String));
    expect(stats().requests - before.requests).toBe(2);
    expect(stats().mutations_executed - before.mutations_executed).toBe(1);
  });

  it('a second refusal after the refresh is final', async () => {
    const first = sandbox.login();
    const c = new StakeClient({ base_url: sandbox.url, access_token: first.access_token, refresh: async () => ({ access_token: first.access_token }) });
    sandbox.revoke_token(first.access_token);
    const before = stats().requests;
    const error = await c.current_user().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AuthenticationError', error_type: 'notAuthenticated' });
    expect(stats().requests - before).toBe(2);
  });

  it('without a refresh option a refusal rejects at once, with the server\'s errorType and message', async () => {
    const login = sandbox.login();
    const c = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
    sandbox.revoke_token(login.access_token);
    const before = stats().requests;
    const error = await c.current_user().catch((e: unknown) => e);
    expect(AuthenticationError.is(error)).toBe(true);
    expect(error).toMatchObject({ error_type: 'notAuthenticated', server_message: 'You must be logged in to do that.', operation_name: 'CurrentUser' });
    expect(stats().requests - before).toBe(1);
  });

  it('reports an expired token (tokenExpired) and a malformed one (HTTP 401) as AuthenticationError', async () => {
    const short = await start_sandbox({ token_ttl_seconds: 0 });
    try {
      const login = short.login();
      const expired = await new StakeClient({ base_url: short.url, access_token: login.access_token }).current_user().catch((e: unknown) => e);
      expect(expired).toMatchObject({ name: 'AuthenticationError', error_type: 'tokenExpired' });
      const malformed = await new StakeClient({ base_url: short.url, access_token: 'not-a-sandbox-token' }).current_user().catch((e: unknown) => e);
      expect(malformed).toMatchObject({ name: 'AuthenticationError', status: 401 });
    } finally {
      await short.close();
    }
  });
});
