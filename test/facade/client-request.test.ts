/** The request the client sends, and what it makes of the answers, against the real sandbox. */
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { StakeClient, GraphQLError, TransportError, type ClientLogEvent } from '../../src/facade/index.js';
import { NoCredentialsError } from '../../src/paste/index.js';
import { wait_until } from '../support/wait.js';

const DICE = `mutation DiceRoll($amount: Float!, $currency: CurrencyEnum!, $identifier: String!) {
  diceRoll(amount: $amount, target: 50.5, condition: above, currency: $currency, identifier: $identifier) { id amount currency }
}`;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start_sandbox({ rotate_session: true });
});
afterAll(async () => {
  await sandbox.close();
});

function client(extra: ConstructorParameters<typeof StakeClient>[0] = {}) {
  const login = sandbox.login();
  return { login, client: new StakeClient({ base_url: `${sandbox.url}/`, access_token: login.access_token, session_cookie: login.session_cookie, ...extra }) };
}

describe('the request on the wire', () => {
  it('POSTs JSON to /_api/graphql with one token line, one cookie line and the given User-Agent', async () => {
    const { login, client: c } = client({ cf_clearance: 'clear-123', user_agent: 'Mozilla/5.0 (Test) Chrome/131' });
    const before = sandbox.stats().requests;
    const data = await c.graphql<{ user: { id: string } }>('query Me { user { id } }');
    expect(data.user.id).toBe(login.user_id);
    const stats = sandbox.stats();
    expect(stats.requests).toBe(before + 1);
    expect(stats.header_line_counts.at(-1)).toEqual({ cookie: 1, access_token: 1 });
    const h = stats.last_headers;
    expect(h['content-type']).toBe('application/json');
    expect(h['x-access-token']).toBe(login.access_token);
    expect(h.cookie).toBe(`session=${login.session_cookie}; cf_clearance=clear-123`);
    expect(h['user-agent']).toBe('Mozilla/5.0 (Test) Chrome/131');
    expect(Object.keys(h).filter((n) => n.startsWith('sec-ch-ua'))).toEqual([]);
    expect(stats.by_operation.Me).toBe(1);
  });

  it('reads the credentials at send time: set_access_token and clear_tokens change the very next request', async () => {
    const { client: c } = client();
    const other = sandbox.login();
    c._auth_manager.set_access_token(other.access_token);
    c._auth_manager.clear_tokens();
    c._auth_manager.set_access_token(other.access_token);
    const user = await c.current_user();
    expect(user.id).toBe(other.user_id);
    expect(sandbox.stats().tokens_seen.at(-1)).toBe(other.access_token);

    c._auth_manager.clear_tokens();
    await expect(c.current_user()).rejects.toMatchObject({ name: 'AuthenticationError', error_type: 'notAuthenticated' });
    const last = sandbox.stats().last_headers;
    expect(last['x-access-token']).toBeUndefined();
    // Only the rotated Cloudflare cookie is left.
    expect(last.cookie).toMatch(/^__cf_bm=[^;]+$/);
  });

  it('sends variables and the chosen operation of a document with several', async () => {
    const { client: c } = client();
    const doc = `query Me { user { id } } ${DICE}`;
    const bet = await c.graphql<{ diceRoll: { amount: number; currency: string } }>(
      doc, { amount: 0.5, currency: 'usd', identifier: 'req-vars' }, { operation_name: 'DiceRoll' },
    );
    expect(bet.diceRoll).toMatchObject({ amount: 0.5, currency: 'usd' });
    expect(sandbox.stats().by_operation.DiceRoll).toBeGreaterThanOrEqual(1);
  });

  it('rejects unusable input before sending anything', async () => {
    const { client: c } = client();
    const before = sandbox.stats().requests;
    await expect(c.graphql('query {')).rejects.toThrow(SyntaxError);
    await expect(c.graphql('query A { a } query B { b }')).rejects.toThrow(RangeError);
    await expect(c.graphql('{ user { id } }', [] as unknown as Record<string, unknown>)).rejects.toThrow(TypeError);
    await expect(c.graphql('{ user { id } }', null, { signal: {} as AbortSignal })).rejects.toThrow(TypeError);
    expect(sandbox.stats().requests).toBe(before);
  });
});

describe('redirects', () => {
  it('are not followed, so the token never travels to another host', async () => {
    const login = sandbox.login();
    const seen: Array<string | undefined> = [];
    const elsewhere = createServer((req, res) => {
      seen.push(req.headers['x-access-token'] as string | undefined);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"user":{"id":"thief"}}}');
    });
    const redirector = createServer((req, res) => {
      req.resume();
      const port = (elsewhere.address() as AddressInfo).port;
      res.writeHead(307, { location: `http://127.0.0.1:${port}/_api/graphql` }).end();
    });
    await Promise.all([elsewhere, redirector].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
    try {
      const c = new StakeClient({ base_url: `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`, access_token: login.access_token });
      const error = await c.current_user().catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'TransportError', reason: 'http_status', status: 307 });
      expect((error as Error).message).toMatch(/redirected/);
      expect(seen).toEqual([]);
    } finally {
      for (const s of [elsewhere, redirector]) {
        s.closeAllConnections();
        await new Promise<void>((r) => s.close(() => r()));
      }
    }
  });
});

describe('cookies the server sets', () => {
  it('go out with the next request until deleted with Max-Age=0; a deleted session is kept', async () => {
    const cookies: string[] = [];
    const answers = [
      ['__cf_bm=bm1; Path=/; HttpOnly', 'other=o1; Path=/casino'],
      ['__cf_bm=; Max-Age=0; Path=/', 'session=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/'],
      [],
    ];
    const server = createServer((req, res) => {
      req.resume();
      cookies.push(String(req.headers.cookie));
      const setCookie = answers[cookies.length - 1] ?? [];
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': setCookie }).end('{"data":{"ok":true}}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const c = new StakeClient({ base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, session_cookie: 's0' });
      for (let i = 0; i < 3; i++) await c.graphql('{ ok }');
      expect(cookies).toEqual(['session=s0', 'session=s0; __cf_bm=bm1', 'session=s0']);
      expect(c._auth_manager.session_cookie).toBe('s0');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('logging', () => {
  it('is silent by default, and a throwing logger changes nothing', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    try {
      const { client: quiet, login } = client();
      sandbox.fail_next({ kind: 'status', status: 503 });
      await quiet.current_user();
      const { client: loud } = client({ logger: () => { throw new Error('logger bug'); } });
      expect(await loud.current_user()).toMatchObject({ id: expect.any(String) });
      expect(login.user_id).toEqual(expect.any(String));
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('typed reads', () => {
  it('current_user() and balances() return the sandbox\'s user and balances', async () => {
    const { login, client: c } = client();
    expect(await c.current_user()).toEqual({ id: login.user_id, name: expect.any(String) });
    const balances = await c.balances();
    expect(balances).toEqual(expect.arrayContaining([
      { available: { amount: 1, currency: 'btc' }, vault: { amount: 0, currency: 'btc' } },
      { available: { amount: 1000, currency: 'usd' }, vault: { amount: 0, currency: 'usd' } },
    ]));
  });
});

describe('answers', () => {
  it('turns GraphQL errors into a GraphQLError with every message, path and errorType', async () => {
    const { client: c } = client();
    const error = await c.graphql(DICE, { amount: 1e9, currency: 'usd', identifier: 'too-much' }).catch((e: unknown) => e);
    expect(GraphQLError.is(error)).toBe(true);
    const g = error as GraphQLError;
    expect(g.operation_name).toBe('DiceRoll');
    expect(g.errors).toEqual([expect.objectContaining({ path: ['diceRoll'], error_type: 'insufficientBalance' })]);
    expect(g.message).toContain('insufficientBalance');
  });

  it('reports a schema validation failure as a GraphQLError', async () => {
    const { client: c } = client();
    const error = await c.graphql('query Bad { user { nope } }').catch((e: unknown) => e);
    expect(GraphQLError.is(error)).toBe(true);
    expect((error as GraphQLError).errors[0]?.message).toMatch(/nope/);
  });

  it('stores a rotated session in the AuthManager and sends it, with __cf_bm, on the next request', async () => {
    const { login, client: c } = client();
    await c.current_user();
    const rotated = c._auth_manager.session_cookie;
    expect(rotated).not.toBeNull();
    expect(rotated).not.toBe(login.session_cookie);
    await c.current_user();
    const cookie = sandbox.stats().last_headers.cookie as string;
    expect(cookie.startsWith(`session=${rotated}; __cf_bm=`)).toBe(true);
    expect(cookie.split('; ')).toHaveLength(2);
    expect(c._auth_manager.session_cookie).not.toBe(rotated);
  });
});

describe('from_curl', () => {
  it('takes token, session, clearance, User-Agent and origin from a browser paste', async () => {
    const login = sandbox.login();
    const paste = sandbox.sample_curl(login, 'Mozilla/5.0 (Paste) Chrome/131', 'clear-from-paste');
    const c = StakeClient.from_curl(paste);
    expect(c.base_url).toBe(sandbox.url);
    expect(c._auth_manager.access_token).toBe(login.access_token);
    expect(await c.current_user()).toMatchObject({ id: login.user_id });
    const h = sandbox.stats().last_headers;
    expect(h['user-agent']).toBe('Mozilla/5.0 (Paste) Chrome/131');
    expect(h.cookie).toBe(`session=${login.session_cookie}; cf_clearance=clear-from-paste`);
  });

  it('lets explicit options override the paste (null removes a value)', () => {
    const login = sandbox.login();
    const paste = sandbox.sample_curl(login, 'UA/paste', 'clear-from-paste');
    const c = StakeClient.from_curl(paste, { user_agent: 'UA/option', cf_clearance: null, base_url: 'https://stake.com', access_token: undefined });
    expect(c.base_url).toBe('https://stake.com');
    expect(c.toJSON()).toMatchObject({ user_agent: 'UA/option', cf_clearance: null });
    expect(c._auth_manager.access_token).toBe(login.access_token);
  });

  it('rejects a non-string paste', () => {
    expect(() => StakeClient.from_curl(42 as unknown as string)).toThrow(TypeError);
  });

  // Issue 22, item 15: a paste with nothing of a request is an error, not a client without credentials.
  it.each(['hello', '', '   \n', 'curl', '{"not": "a request"}'])('a paste holding nothing (%j) throws NoCredentialsError, a RangeError', (paste) => {
    let error: unknown;
    try {
      StakeClient.from_curl(paste);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NoCredentialsError);
    expect(error).toBeInstanceOf(RangeError);
    expect(NoCredentialsError.is(error)).toBe(true);
    expect((error as Error).name).toBe('NoCredentialsError');
    expect((error as Error).message).toMatch(/^the paste holds no credentials/);
  });

  it('a paste of a logged-out request (site and User-Agent, no token) still makes a client', () => {
    const c = StakeClient.from_curl(`curl '${sandbox.url}/_api/graphql' -H 'user-agent: UA/1'`);
    expect(c.base_url).toBe(sandbox.url);
    expect(c._auth_manager.access_token).toBeNull();
  });
});

describe('close()', () => {
  it('is idempotent, and later requests reject without being sent', async () => {
    const { client: c } = client();
    await c.current_user();
    await c.close();
    await c.close();
    expect(c.closed).toBe(true);
    const before = sandbox.stats().requests;
    const error = await c.current_user().catch((e: unknown) => e);
    expect(TransportError.is(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'closed', may_have_reached_server: false });
    expect((error as Error).message).toMatch(/closed/);
    expect(sandbox.stats().requests).toBe(before);
  });

  it('is what `await using` calls', async () => {
    let kept: StakeClient | undefined;
    {
      await using c = client().client;
      kept = c;
      await c.current_user();
    }
    expect(kept.closed).toBe(true);
  });

  it('aborts a request in flight', async () => {
    const events: ClientLogEvent[] = [];
    const { client: c } = client({ logger: (e) => events.push(e) });
    sandbox.fail_next({ kind: 'slow', delay_ms: 20_000 });
    const before = sandbox.stats().requests;
    const pending = c.current_user().catch((e: unknown) => e);
    await wait_until(() => sandbox.stats().requests !== before, 'the request to reach the sandbox');
    await c.close();
    const error = await pending;
    expect(error).toMatchObject({ name: 'TransportError', reason: 'closed', may_have_reached_server: true });
    expect(events.filter((e) => e.type === 'request')).toHaveLength(1);
  });
});
