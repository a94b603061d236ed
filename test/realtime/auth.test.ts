/**
 * Credentials on the realtime feed: a new token reconnects with it, a refused
 * one ends the subscriptions with AuthenticationError at once, a Cloudflare
 * refusal of the upgrade with ChallengeError, and no credential ever shows in
 * an error, a log event, or their serialisations — not even when the server
 * echoes one back.
 */
import { inspect } from 'node:util';
import { WebSocketServer } from 'ws';
import { describe, expect, it } from 'vitest';
import { AuthenticationError, ChallengeError, StakeClient, type ClientLogEvent } from '../../src/facade/index.js';
import type { RealtimeStateEvent } from '../../src/realtime/index.js';
import { start_sandbox, token_fingerprint } from '../../src/sandbox/index.js';
import { Reader, subscriptions_live, wait_until } from './helpers.js';

const UA = 'Mozilla/5.0 RealtimeAuthTest/1.0';

function shows_none_of(secrets: readonly string[], ...values: unknown[]): void {
  for (const value of values) {
    const texts = [String(value), JSON.stringify(value), inspect(value, { depth: 5, showHidden: true })];
    if (value instanceof Error) texts.push(value.message, String(value.stack));
    for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
  }
}

describe('token changes and refusals', () => {
  it('set_access_token reconnects with the new token and the subscriptions follow it', async () => {
    await using sandbox = await start_sandbox();
    const first = sandbox.login('first');
    const second = sandbox.login('second');
    // Token only: a session cookie is bound to one user, the tokens here belong to two.
    await using client = new StakeClient({ base_url: sandbox.url, access_token: first.access_token, realtime: { token_check_ms: 10, base_delay_ms: 10 } });
    const states: RealtimeStateEvent[] = [];
    client.on_realtime_state((s) => states.push(s));
    const reader = new Reader(client.watch_balances());
    await subscriptions_live(sandbox, 1);

    client._auth_manager.set_access_token(second.access_token);
    await wait_until(() => sandbox.websocket_stats().connection_inits.length === 2, 'the reconnection');
    await subscriptions_live(sandbox, 1);
    const inits = sandbox.websocket_stats().connection_inits;
    expect(inits.map((r) => [r.access_token_fingerprint, r.user_id])).toEqual([
      [token_fingerprint(first.access_token), first.user_id],
      [token_fingerprint(second.access_token), second.user_id],
    ]);
    expect(states.map((s) => s.state)).toEqual(['connected', 'token_changed', 'disconnected', 'connected']);
    const bet = await client.dice({ amount: 0.0001, currency: 'btc', target: 50.5, condition: 'above' });
    await wait_until(() => reader.values.some((e) => e.identifier === bet.identifier), 'the new user\'s balance event');
    expect(reader.error).toBeUndefined();
  });

  it('a revoked token: the live connection is closed (4403) and the feed ends with AuthenticationError, without reconnecting', async () => {
    await using sandbox = await start_sandbox();
    const login = sandbox.login('alice');
    const log: ClientLogEvent[] = [];
    await using client = new StakeClient({ base_url: sandbox.url, ...login, logger: (e) => log.push(e) });
    const reader = new Reader(client.watch_balances());
    const house = new Reader(client.watch_house_bets());
    await subscriptions_live(sandbox, 2);
    sandbox.revoke_token(login.access_token);
    await reader.done;
    await house.done;
    expect(reader.error).toBeInstanceOf(AuthenticationError);
    expect(house.error).toBeInstanceOf(AuthenticationError);
    expect((reader.error as AuthenticationError).message).toMatch(/4403/);
    expect(sandbox.websocket_stats().connections_opened).toBe(1);
    expect(log.filter((e) => e.type === 'realtime')).toContainEqual({ type: 'realtime', state: 'disconnected', code: 4403, reason: 'Forbidden', will_retry: false });
    shows_none_of([login.access_token, login.session_cookie], reader.error, log);
  });

  it('a token refused at connection_init (revoked before, or expired) ends the feed with AuthenticationError after one attempt', async () => {
    await using sandbox = await start_sandbox({ token_ttl_seconds: 0 });
    const expired = sandbox.login('expired');
    await using client = new StakeClient({ base_url: sandbox.url, ...expired });
    const reader = new Reader(client.watch_balances());
    await reader.done;
    expect(reader.error).toBeInstanceOf(AuthenticationError);
    const inits = sandbox.websocket_stats().connection_inits;
    expect(inits.map((r) => r.verdict)).toEqual(['expired']);
    expect(sandbox.websocket_stats().connections_opened).toBe(1);
    shows_none_of([expired.access_token, expired.session_cookie], reader.error);
  });

  it('a logged-out connection gets the public feed but AvailableBalances answers notAuthenticated', async () => {
    await using sandbox = await start_sandbox();
    await using client = new StakeClient({ base_url: sandbox.url });
    const reader = new Reader(client.watch_balances());
    await reader.done;
    expect(reader.error).toBeInstanceOf(AuthenticationError);
    expect((reader.error as AuthenticationError).error_type).toBe('notAuthenticated');
    expect(sandbox.websocket_stats().connection_inits.map((r) => [r.verdict, r.payload_keys])).toEqual([['anonymous', ['language', 'lockdownToken']]]);
  });
});

describe('Cloudflare on the upgrade', () => {
  it('no cf_clearance: ChallengeError at once, the upgrade tried once', async () => {
    await using sandbox = await start_sandbox({ require_clearance: true });
    const login = sandbox.login('alice');
    await using client = new StakeClient({ base_url: sandbox.url, ...login, user_agent: UA });
    const reader = new Reader(client.watch_balances());
    await reader.done;
    expect(reader.error).toBeInstanceOf(ChallengeError);
    expect(reader.error).toMatchObject({ status: 403, had_clearance: false, had_user_agent: true });
    expect(sandbox.websocket_stats()).toMatchObject({ upgrades_refused: 1, connections_opened: 0 });
  });

  it('a cf_clearance issued to another User-Agent: ChallengeError saying it was rejected; the right one connects', async () => {
    await using sandbox = await start_sandbox({ require_clearance: true });
    const login = sandbox.login('alice');
    const clearance = sandbox.issue_clearance(UA);
    await using wrong = new StakeClient({ base_url: sandbox.url, ...login, cf_clearance: clearance, user_agent: 'Other/1.0' });
    const refused = new Reader(wrong.watch_balances());
    await refused.done;
    expect(refused.error).toBeInstanceOf(ChallengeError);
    expect(refused.error).toMatchObject({ had_clearance: true });
    shows_none_of([clearance, login.access_token, login.session_cookie], refused.error);

    await using right = new StakeClient({ base_url: sandbox.url, ...login, cf_clearance: clearance, user_agent: UA });
    const reader = new Reader(right.watch_balances());
    await subscriptions_live(sandbox, 1);
    expect(sandbox.websocket_stats().connection_inits[0]).toMatchObject({ had_clearance_cookie: true, had_session_cookie: true, user_agent: UA });
    await right.close();
    await reader.done;
  });
});

describe('secrets never leak, even when the server echoes them', () => {
  it('a close reason and an error payload holding the token reach errors and logs redacted', async () => {
    const token = 'c'.repeat(96);
    const session = 'canary-session-value-1234567890';
    const clearance = 'canary-clearance-value-0987654321';
    // A real graphql-transport-ws peer on loopback that repeats what it was sent: one connection
    // refused with the token in the close reason, the next acknowledged and answered with it in an error.
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'graphql-transport-ws' });
    let connections = 0;
    wss.on('connection', (socket) => {
      const n = ++connections;
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; id?: string; payload?: { accessToken?: string } };
        if (message.type === 'connection_init' && n === 1) socket.close(4403, `bad token ${message.payload?.accessToken ?? ''}`);
        else if (message.type === 'connection_init') socket.send(JSON.stringify({ type: 'connection_ack' }));
        else if (message.type === 'subscribe') {
          socket.send(JSON.stringify({ id: message.id, type: 'error', payload: [{ message: `token ${token} is invalid`, errorType: 'tokenInvalid' }] }));
        }
      });
    });
    await new Promise((resolve) => wss.once('listening', resolve));
    const port = (wss.address() as { port: number }).port;
    try {
      const log: ClientLogEvent[] = [];
      await using client = new StakeClient({
        base_url: `http://127.0.0.1:${port}`,
        access_token: token,
        session_cookie: session,
        cf_clearance: clearance,
        user_agent: UA,
        logger: (e) => log.push(e),
      });
      const closed = new Reader(client.watch_balances());
      await closed.done;
      expect(closed.error).toBeInstanceOf(AuthenticationError);
      expect((closed.error as AuthenticationError).server_message).toBe('bad token [redacted]');
      const errored = new Reader(client.watch_balances());
      await errored.done;
      expect(errored.error).toBeInstanceOf(AuthenticationError);
      expect((errored.error as AuthenticationError).server_message).toBe('token [redacted] is invalid');
      expect(log.some((e) => e.type === 'realtime' && e.state === 'disconnected' && e.reason === 'bad token [redacted]')).toBe(true);
      shows_none_of([token, session, clearance], closed.error, errored.error, log);
    } finally {
      for (const socket of wss.clients) socket.terminate();
      await new Promise((resolve) => wss.close(resolve));
    }
  });

  it('a token replaced after it was sent stays redacted when the server echoes it later', async () => {
    const old_token = 'd'.repeat(96);
    const new_token = 'e'.repeat(96);
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'graphql-transport-ws' });
    let connections = 0;
    let inits = 0;
    wss.on('connection', (socket) => {
      const n = ++connections;
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string };
        if (message.type === 'connection_init') inits++;
        // The first connection is accepted; the one after the token change is refused naming the old token.
        if (message.type === 'connection_init' && n === 1) socket.send(JSON.stringify({ type: 'connection_ack' }));
        else if (message.type === 'connection_init') socket.close(4401, `was ${old_token}`);
      });
    });
    await new Promise((resolve) => wss.once('listening', resolve));
    try {
      await using client = new StakeClient({
        base_url: `http://127.0.0.1:${(wss.address() as { port: number }).port}`,
        access_token: old_token,
        realtime: { token_check_ms: 10, base_delay_ms: 1 },
      });
      const reader = new Reader(client.watch_house_bets());
      // The token changes once the first connection has sent it (its connection_init): changed before, the
      // first connection would carry the new token already, and nothing would ever be refused (a hang, seen under load).
      await wait_until(() => inits === 1, "the first connection's connection_init");
      client._auth_manager.set_access_token(new_token);
      await reader.done;
      expect(reader.error).toBeInstanceOf(AuthenticationError);
      expect((reader.error as AuthenticationError).server_message).toBe('was [redacted]');
      shows_none_of([old_token, new_token], reader.error);
    } finally {
      for (const socket of wss.clients) socket.terminate();
      await new Promise((resolve) => wss.close(resolve));
    }
  });
});
