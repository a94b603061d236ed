/**
 * The sandbox's websocket server seen from a raw `ws` client speaking
 * graphql-transport-ws by hand: what it accepts, refuses and records.
 */
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { start_sandbox, token_fingerprint, type Sandbox } from '../../src/sandbox/index.js';
import { wait_until } from './helpers.js';

interface RawConnection {
  readonly socket: WebSocket;
  readonly messages: Array<{ type: string; id?: string; payload?: unknown }>;
  readonly closed: Promise<{ code: number; reason: string }>;
}

async function open(sandbox: Sandbox, path = '/_api/websockets', headers: Record<string, string> = {}): Promise<RawConnection> {
  const socket = new WebSocket(`${sandbox.url.replace('http:', 'ws:')}${path}`, 'graphql-transport-ws', { headers });
  const messages: RawConnection['messages'] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as RawConnection['messages'][number]));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, messages, closed };
}

function send(c: RawConnection, message: object): void {
  c.socket.send(JSON.stringify(message));
}

describe('sandbox websocket server', () => {
  it('acknowledges a good token, serves subscriptions in the site\'s error shape, refuses queries', async () => {
    await using sandbox = await start_sandbox();
    const login = sandbox.login('alice');
    const c = await open(sandbox);
    send(c, { type: 'connection_init', payload: { accessToken: login.access_token, language: 'en' } });
    await wait_until(() => c.messages.length === 1, 'connection_ack');
    expect(c.messages[0]).toEqual({ type: 'connection_ack' });
    send(c, { id: 'q', type: 'subscribe', payload: { query: 'query { currencyConfiguration(isAcp: false) { currencies { name } } }' } });
    send(c, { id: 'v', type: 'subscribe', payload: { query: 'subscription { nope }' } });
    await wait_until(() => c.messages.length === 3, 'two errors');
    expect(c.messages.find((m) => m.id === 'q')).toMatchObject({ type: 'error', payload: [{ message: expect.stringMatching(/Only subscriptions/) }] });
    expect(c.messages.find((m) => m.id === 'v')).toMatchObject({ type: 'error', payload: [{ message: expect.stringMatching(/nope/) }] });
    c.socket.close();
  });

  it('an anonymous connection is accepted; a private feed answers notAuthenticated beside the message, then completes', async () => {
    await using sandbox = await start_sandbox();
    const c = await open(sandbox);
    send(c, { type: 'connection_init', payload: { language: 'en' } });
    await wait_until(() => c.messages.length === 1, 'connection_ack');
    send(c, { id: '1', type: 'subscribe', payload: { query: 'subscription AvailableBalances { availableBalances { amount } }' } });
    await wait_until(() => c.messages.length === 3, 'next and complete');
    expect(c.messages.slice(1)).toEqual([
      { id: '1', type: 'next', payload: { errors: [{ message: 'You must be logged in to do that.', path: ['availableBalances'], errorType: 'notAuthenticated' }] } },
      { id: '1', type: 'complete' },
    ]);
    c.socket.close();
  });

  it('an unknown or revoked token is refused at connection_init with 4403, and logged by fingerprint only', async () => {
    await using sandbox = await start_sandbox();
    const login = sandbox.login('alice');
    sandbox.revoke_token(login.access_token);
    const c = await open(sandbox);
    send(c, { type: 'connection_init', payload: { accessToken: login.access_token, language: 'en', lockdownToken: 'x' } });
    expect(await c.closed).toEqual({ code: 4403, reason: 'Forbidden' });
    const [init] = sandbox.websocket_stats().connection_inits;
    expect(init).toMatchObject({ verdict: 'not_authenticated', user_id: null, access_token_fingerprint: token_fingerprint(login.access_token), has_lockdown_token: true });
    expect(JSON.stringify(sandbox.websocket_stats())).not.toContain(login.access_token);
  });

  it('answers 404 on another path and a challenge on a missing clearance, without upgrading', async () => {
    await using sandbox = await start_sandbox({ require_clearance: true });
    const ua = 'UA/1';
    const clearance = sandbox.issue_clearance(ua);
    const status = (path: string, headers: Record<string, string>) =>
      new Promise<[number, string | undefined]>((resolve) => {
        const socket = new WebSocket(`${sandbox.url.replace('http:', 'ws:')}${path}`, 'graphql-transport-ws', { headers });
        socket.on('unexpected-response', (_req, res) => {
          resolve([res.statusCode ?? 0, res.headers['cf-mitigated'] as string | undefined]);
          res.resume();
          socket.terminate();
        });
        socket.on('error', () => {});
      });
    expect(await status('/_api/websockets', {})).toEqual([403, 'challenge']);
    expect(await status('/other', { cookie: `cf_clearance=${clearance}`, 'user-agent': ua })).toEqual([404, undefined]);
    expect(sandbox.websocket_stats()).toMatchObject({ upgrades_refused: 1, connections_opened: 0 });
  });

  it('drop_websockets() destroys every connection at once (no close frame); close() finishes with connections open', async () => {
    const sandbox = await start_sandbox();
    const a = await open(sandbox);
    const b = await open(sandbox);
    send(a, { type: 'connection_init', payload: {} });
    await wait_until(() => a.messages.length === 1, 'connection_ack');
    expect(sandbox.drop_websockets()).toBe(2);
    expect((await a.closed).code).toBe(1006);
    expect((await b.closed).code).toBe(1006);
    const c = await open(sandbox);
    send(c, { type: 'connection_init', payload: {} });
    await wait_until(() => c.messages.length === 1, 'connection_ack');
    await sandbox.close();
    expect([1001, 1006]).toContain((await c.closed).code);
  });
});
