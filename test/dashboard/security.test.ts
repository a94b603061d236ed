/**
 * The dashboard's HTTP locks, against a real server on loopback and a real
 * SQLite file: only its own Host names, the token for every read of the
 * account and for the Stop button (a refused stop changes nothing), and no
 * credential in any answer while it follows a real sandbox login's balances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { start_dashboard, type Dashboard } from '../../src/dashboard/index.js';
import { SessionsTable, open_database } from '../../src/journal/index.js';
import { SANDBOX_DEFAULT_USER_AGENT, start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { wait_until, wait_until_async } from '../support/wait.js';
import { newSession, pageSession, rawRequest, readEvents, tempDatabase, tokenOf } from './helpers.js';

describe('Host, token and Stop', () => {
  let db: Awaited<ReturnType<typeof tempDatabase>>;
  let dashboard: Dashboard;
  let session: number;
  let token: string;

  beforeAll(async () => {
    db = await tempDatabase();
    const conn = open_database(db.file);
    session = new SessionsTable(conn).create(newSession());
    conn.close();
    dashboard = await start_dashboard({ database: db.file, poll_ms: 50 });
    token = tokenOf(dashboard.url);
  });
  afterAll(async () => {
    await dashboard?.close();
    await db?.remove();
  });

  const stopRequested = (): number => {
    const conn = open_database(db.file);
    try {
      return new SessionsTable(conn).get(session)?.stop_requested as number;
    } finally {
      conn.close();
    }
  };

  it('prints a URL on 127.0.0.1 with a 43-character random token', () => {
    expect(dashboard.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${dashboard.port}/\\?token=[A-Za-z0-9_-]{43}$`));
  });

  it('answers its own Host names, in any case', async () => {
    for (const host of [`127.0.0.1:${dashboard.port}`, `localhost:${dashboard.port}`, `LocalHost:${dashboard.port}`]) {
      const answer = await rawRequest(dashboard.port, { path: `/api/state?token=${token}`, host });
      expect(answer.status, host).toBe(200);
      expect(JSON.parse(answer.body).session.id).toBe(session);
    }
  });

  it('refuses any other Host, even with the token, and says nothing of the account', async () => {
    const port = dashboard.port;
    const hosts = ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', 'localhost', `127.0.0.1.evil.example:${port}`, `[::1]:${port}`, null];
    for (const host of hosts) {
      for (const path of ['/', `/?token=${token}`, `/api/state?token=${token}`, `/api/events?token=${token}`, '/assets/dashboard.js']) {
        const answer = await rawRequest(port, { path, host });
        // No Host at all is refused by Node's HTTP parser already (400).
        expect(answer.status, `${host} ${path}`).toBe(host === null ? 400 : 403);
        expect(answer.body).not.toContain('tester');
        expect(answer.body).not.toContain('martingale');
      }
    }
  });

  it('needs the token for the page, its data and its events', async () => {
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of ['/', '/api/state', '/api/events']) {
      for (const query of ['', '?token=', `?token=${wrong}`, `?token=${token}x`, `?token=${token.slice(0, 20)}`]) {
        const answer = await rawRequest(dashboard.port, { path: `${path}${query}` });
        expect(answer.status, `${path}${query}`).toBe(403);
        expect(answer.body).not.toContain('martingale');
      }
    }
    const page = await rawRequest(dashboard.port, { path: `/?token=${token}` });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses a stop without the token, with a wrong one, from another origin or by GET, and nothing changes', async () => {
    const body = JSON.stringify({ session });
    const json = { 'content-type': 'application/json' };
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      { headers: json },
      { headers: { ...json, 'x-stakeql-token': '' } },
      { headers: { ...json, 'x-stakeql-token': wrong } },
      { headers: { ...json, 'x-stakeql-token': token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase() } },
      { headers: { ...json, 'x-stakeql-token': `${token}${token}` } },
      { headers: { ...json, 'x-stakeql-token': token, origin: 'https://evil.example' } },
      { headers: { ...json, 'x-stakeql-token': token, origin: 'null' } },
      // A form post from another page: no custom header can come with it.
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, path: `/api/stop?token=${token}` },
    ];
    for (const r of refused) {
      const answer = await rawRequest(dashboard.port, { method: 'POST', path: r.path ?? '/api/stop', headers: r.headers, body });
      expect(answer.status, JSON.stringify(r.headers)).toBe(403);
      expect(stopRequested()).toBe(0);
    }
    const get = await rawRequest(dashboard.port, { path: `/api/stop?token=${token}` });
    expect(get.status).toBe(405);
    const otherHost = await rawRequest(dashboard.port, { method: 'POST', path: '/api/stop', host: `evil.example:${dashboard.port}`, headers: { ...json, 'x-stakeql-token': token }, body });
    expect(otherHost.status).toBe(403);
    expect(stopRequested()).toBe(0);
  });

  it('refuses a write with the token but without the CSRF token of a page it served, or with another page\'s', async () => {
    const body = JSON.stringify({ session });
    const json = { 'content-type': 'application/json', 'x-stakeql-token': token };
    const own = await pageSession(dashboard.port, token);
    const other = await pageSession(dashboard.port, token);
    const refused: Record<string, string>[] = [
      {},
      { cookie: own['cookie'] as string },
      { 'x-stakeql-csrf': own['x-stakeql-csrf'] as string },
      { cookie: own['cookie'] as string, 'x-stakeql-csrf': other['x-stakeql-csrf'] as string },
      { cookie: (own['cookie'] as string).replace(/=.*/, '=forged'), 'x-stakeql-csrf': own['x-stakeql-csrf'] as string },
    ];
    for (const extra of refused) {
      for (const path of ['/api/stop', '/api/command']) {
        const answer = await rawRequest(dashboard.port, { method: 'POST', path, headers: { ...json, ...extra }, body });
        expect(answer.status, `${path} ${JSON.stringify(Object.keys(extra))}`).toBe(403);
        expect(JSON.parse(answer.body).error).toMatch(/CSRF/);
      }
    }
    expect(stopRequested()).toBe(0);
  });

  it('refuses a stop whose body is not { session: ID }, and one of a session that does not run', async () => {
    const headers = { 'content-type': 'application/json', 'x-stakeql-token': token, ...(await pageSession(dashboard.port, token)) };
    for (const body of ['', 'nope', '{}', '{"session":"1"}', '{"session":-1}', JSON.stringify({ session: 1.5 })]) {
      const answer = await rawRequest(dashboard.port, { method: 'POST', path: '/api/stop', headers, body });
      expect(answer.status, body).toBe(400);
    }
    const missing = await rawRequest(dashboard.port, { method: 'POST', path: '/api/stop', headers, body: JSON.stringify({ session: session + 100 }) });
    expect(missing.status).toBe(409);
    const plain = await rawRequest(dashboard.port, { method: 'POST', path: '/api/stop', headers: { ...headers, 'content-type': 'text/plain' }, body: JSON.stringify({ session }) });
    expect(plain.status).toBe(415);
    expect(stopRequested()).toBe(0);
  });

  it('with the token in the header, asks the running session to stop, and says so in the next event', async () => {
    const answer = await rawRequest(dashboard.port, {
      method: 'POST',
      path: '/api/stop',
      headers: { 'content-type': 'application/json', 'x-stakeql-token': token, origin: `http://127.0.0.1:${dashboard.port}`, ...(await pageSession(dashboard.port, token)) },
      body: JSON.stringify({ session }),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ session, stopping: true });
    expect(stopRequested()).toBe(1);
    const state = JSON.parse((await rawRequest(dashboard.port, { path: `/api/state?token=${token}` })).body);
    expect(state.session.stop_requested).toBe(true);
  });
});

describe('no credential in any answer', () => {
  let sandbox: Sandbox;
  let client: StakeClient;
  let dashboard: Dashboard;
  let db: Awaited<ReturnType<typeof tempDatabase>>;
  const secrets: string[] = [];

  beforeAll(async () => {
    sandbox = await start_sandbox({ require_clearance: true, starting_balances: { usd: 100, btc: 1 } });
    const login = sandbox.login('secret-keeper');
    const clearance = sandbox.issue_clearance(SANDBOX_DEFAULT_USER_AGENT);
    secrets.push(login.access_token, login.session_cookie, clearance);
    client = new StakeClient({
      base_url: sandbox.url,
      access_token: login.access_token,
      session_cookie: login.session_cookie,
      cf_clearance: clearance,
      user_agent: SANDBOX_DEFAULT_USER_AGENT,
    });
    db = await tempDatabase();
    const conn = open_database(db.file);
    new SessionsTable(conn).create(newSession({ base_url: sandbox.url, account: 'secret-keeper' }));
    conn.close();
    dashboard = await start_dashboard({ database: db.file, client, poll_ms: 50 });
  });
  afterAll(async () => {
    await dashboard?.close();
    await client?.close();
    await sandbox?.close();
    await db?.remove();
  });

  const expectNoSecret = (text: string, where: string): void => {
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(20);
      expect(text.includes(secret), `${where} holds a credential`).toBe(false);
      // Nor a recognisable piece of one.
      expect(text.includes(secret.slice(0, 16)), `${where} holds part of a credential`).toBe(false);
    }
  };

  it('the page, every asset, the state, the event stream and every refusal', async () => {
    const token = tokenOf(dashboard.url);
    const events = `http://127.0.0.1:${dashboard.port}/api/events?token=${token}`;
    const state = async (): Promise<{ balances: { feed: string; last_change: { identifier: string } | null } }> =>
      JSON.parse((await rawRequest(dashboard.port, { path: `/api/state?token=${token}` })).body);
    // A bet moves the balance through the realtime feed; one placed before the subscription is live is not
    // replayed (the site does not either): wait until the sandbox holds the dashboard's subscription, then bet once.
    await wait_until(() => sandbox.websocket_stats().live_subscriptions > 0, "the dashboard's balance subscription", 20_000);
    const bet = await client.dice({ amount: 1, currency: 'usd', target: 50.5, condition: 'above' });
    await wait_until_async(async () => (await state()).balances.last_change?.identifier === bet.identifier, 'the bet on the balance panel', 20_000);
    const identifier = bet.identifier;
    // A page connecting now gets every panel at once, the balance change included.
    const stream = await readEvents(events, 10_000, (text) => text.includes(identifier as string) && text.includes('event: sim'));
    expect(stream).toContain('event: balances');
    expect(stream).toContain('event: session');
    expectNoSecret(stream, 'the event stream');
    const paths = ['/', `/?token=${token}`, `/api/state?token=${token}`, '/assets/dashboard.js', '/assets/dashboard.css', '/assets/uplot.js', '/assets/uplot.css', '/nowhere', '/api/events'];
    for (const path of paths) {
      const answer = await rawRequest(dashboard.port, { path });
      expectNoSecret(answer.body + JSON.stringify(answer.headers), path);
    }
    const answer = await rawRequest(dashboard.port, { path: `/api/state?token=${token}` });
    expect(JSON.parse(answer.body).balances.balances.map((b: { currency: string }) => b.currency)).toEqual(['btc', 'usd']);
    const stop = await rawRequest(dashboard.port, { method: 'POST', path: '/api/stop', headers: { 'content-type': 'application/json', 'x-stakeql-token': 'x' }, body: '{"session":1}' });
    expectNoSecret(stop.body, 'a refused stop');
  });

  it('an ended feed says why without the token', async () => {
    sandbox.revoke_token(secrets[0] as string);
    const token = tokenOf(dashboard.url);
    let state: { balances: { feed: string; message: string | null } } = { balances: { feed: '', message: null } };
    await wait_until_async(async () => {
      state = JSON.parse((await rawRequest(dashboard.port, { path: `/api/state?token=${token}` })).body);
      return state.balances.feed === 'ended';
    }, 'the balance feed to end', 10_000);
    expect(state.balances.feed).toBe('ended');
    expectNoSecret(JSON.stringify(state), 'the ended feed');
  });
});
