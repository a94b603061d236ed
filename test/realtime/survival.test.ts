/**
 * What the connection does when the other side misbehaves, over real
 * loopback sockets: a peer that stops answering pings is dropped and
 * reconnected to; a peer that accepts and then keeps closing ends the feed
 * after `retry_attempts` instead of looping forever; a first connection that
 * cannot be made (nobody listens, no upgrade answer) fails at once; abort and close end it the documented ways.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { WebSocketServer, WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { StakeClient, TransportError } from '../../src/facade/index.js';
import type { WebSocketClass } from '../../src/realtime/index.js';
import { start_sandbox } from '../../src/sandbox/index.js';
import { Reader, subscriptions_live, wait_until } from './helpers.js';

interface Peer {
  readonly url: string;
  /** Per connection, the types of the messages it received. */
  readonly received: string[][];
  close(): Promise<void>;
}

/** A WebSocket class that records the URL of every connection it makes. */
function counting(made: string[]): WebSocketClass {
  return class CountingWebSocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      made.push(String(args[0]));
    }
  };
}

const peers: Peer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

/** A graphql-transport-ws peer on loopback; `on_message` decides what it answers. */
async function peer(on_message: (socket: WebSocket, message: { type: string; id?: string }, connection: number) => void): Promise<Peer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'graphql-transport-ws' });
  const received: string[][] = [];
  wss.on('connection', (socket) => {
    const n = received.push([]) - 1;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; id?: string };
      received[n]?.push(message.type);
      on_message(socket, message, n);
    });
  });
  await new Promise((resolve) => wss.once('listening', resolve));
  const made: Peer = {
    url: `http://127.0.0.1:${(wss.address() as { port: number }).port}`,
    received,
    close: async () => {
      for (const socket of wss.clients) socket.terminate();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
  peers.push(made);
  return made;
}

describe('keep-alive', () => {
  it('a peer that stops answering pings is dropped, and the client reconnects and resubscribes', async () => {
    // Acknowledges and accepts subscriptions, never answers a ping.
    const silent = await peer((socket, message) => {
      if (message.type === 'connection_init') socket.send(JSON.stringify({ type: 'connection_ack' }));
    });
    await using client = new StakeClient({ base_url: silent.url, access_token: 'a'.repeat(96), realtime: { keep_alive_ms: 30, base_delay_ms: 5 } });
    const reader = new Reader(client.watch_house_bets());
    await wait_until(() => silent.received.length >= 2 && (silent.received[1] ?? []).includes('subscribe'), 'a second connection with the subscription');
    expect(silent.received[0]).toEqual(['connection_init', 'subscribe', 'ping']);
    expect(silent.received[1]?.slice(0, 2)).toEqual(['connection_init', 'subscribe']);
    expect(reader.ended).toBe(false);
  });
});

describe('no endless loops', () => {
  it('a peer that accepts and then closes every connection (1012): the feed ends after retry_attempts', async () => {
    const flaky = await peer((socket, message) => {
      if (message.type === 'connection_init') socket.send(JSON.stringify({ type: 'connection_ack' }));
      if (message.type === 'subscribe') socket.close(1012, 'Service Restart');
    });
    await using client = new StakeClient({ base_url: flaky.url, access_token: 'a'.repeat(96), realtime: { retry_attempts: 3, base_delay_ms: 1 } });
    const reader = new Reader(client.watch_balances());
    await reader.done;
    expect(reader.error).toBeInstanceOf(TransportError);
    expect(reader.error).toMatchObject({ reason: 'network' });
    expect((reader.error as Error).message).toMatch(/1012/);
    expect(flaky.received.length).toBeLessThanOrEqual(5);
  });

  // Issue 22, items 6 and 7: reconnecting is for a connection that was up. A first connection that cannot be
  // made fails at once (one attempt, not retry_attempts with backoff for minutes), saying why and where.
  it('nobody listening: TransportError connection_failed after one attempt, "connection refused" and the host and port', async () => {
    const gone = await peer(() => {});
    const url = gone.url;
    await gone.close();
    const made: string[] = [];
    await using client = new StakeClient({ base_url: url, realtime: { websocket: counting(made) } });
    const reader = new Reader(client.watch_house_bets());
    await reader.done;
    expect(reader.error).toBeInstanceOf(TransportError);
    expect(reader.error).toMatchObject({ reason: 'connection_failed', may_have_reached_server: false });
    expect((reader.error as Error).message).toContain('connection refused');
    expect((reader.error as Error).message).toContain(new URL(url).host);
    expect(made).toHaveLength(1);
  });

  it('a server that accepts TCP and never answers the upgrade: connection_failed after one attempt', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const made: string[] = [];
      const started = Date.now();
      await using client = new StakeClient({ base_url: `http://127.0.0.1:${port}`, realtime: { websocket: counting(made), ack_timeout_ms: 500 } });
      const reader = new Reader(client.watch_house_bets());
      await reader.done;
      expect(reader.error).toBeInstanceOf(TransportError);
      expect(reader.error).toMatchObject({ reason: 'connection_failed' });
      expect((reader.error as Error).message).toContain(`127.0.0.1:${port}`);
      expect((reader.error as Error).message).toContain('did not answer the upgrade');
      expect(made).toHaveLength(1);
      expect(sockets.size).toBe(1);
      // A generous bound against a retry loop, not a speed assertion.
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('contrast: a connection that was up and is lost is reconnected to', async () => {
    let connections = 0;
    const dropper = await peer((socket, message) => {
      if (message.type === 'connection_init') {
        connections += 1;
        socket.send(JSON.stringify({ type: 'connection_ack' }));
      }
      if (message.type === 'subscribe' && connections === 1) socket.terminate();
    });
    await using client = new StakeClient({ base_url: dropper.url, access_token: 'a'.repeat(96), realtime: { base_delay_ms: 1 } });
    const reader = new Reader(client.watch_house_bets());
    await wait_until(() => (dropper.received[1] ?? []).includes('subscribe'), 'the resubscription on a second connection');
    expect(reader.ended).toBe(false);
  });
});

describe('ending a subscription', () => {
  it('signal: the feed throws TransportError aborted (cause = the reason) and the server sees the unsubscribe', async () => {
    await using sandbox = await start_sandbox();
    const login = sandbox.login('alice');
    await using client = new StakeClient({ base_url: sandbox.url, ...login });
    const controller = new AbortController();
    const reader = new Reader(client.watch_balances({ signal: controller.signal }));
    const other = new Reader(client.watch_house_bets());
    await subscriptions_live(sandbox, 2);
    const reason = new Error('enough');
    controller.abort(reason);
    await reader.done;
    expect(reader.error).toBeInstanceOf(TransportError);
    expect(reader.error).toMatchObject({ reason: 'aborted', cause: reason });
    await subscriptions_live(sandbox, 1);
    expect(other.ended).toBe(false);
    const pre_aborted = client.watch_balances({ signal: AbortSignal.abort() });
    await expect(pre_aborted.next()).rejects.toMatchObject({ reason: 'aborted' });
  });

  it('close(): live feeds end normally, the socket closes, later subscriptions reject with TransportError closed', async () => {
    await using sandbox = await start_sandbox();
    const login = sandbox.login('alice');
    const client = new StakeClient({ base_url: sandbox.url, ...login });
    const reader = new Reader(client.watch_balances());
    await subscriptions_live(sandbox, 1);
    await client.close();
    await reader.done;
    expect(reader.error).toBeUndefined();
    await wait_until(() => sandbox.websocket_stats().connections_open === 0, 'the socket to close');
    await expect(client.watch_balances().next()).rejects.toMatchObject({ name: 'TransportError', reason: 'closed' });
  });

  it('the WebSocket class is pluggable: the configured one makes every connection', async () => {
    await using sandbox = await start_sandbox();
    const login = sandbox.login('alice');
    const made: string[] = [];
    class CountingWebSocket extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        made.push(String(args[0]));
      }
    }
    await using client = new StakeClient({ base_url: sandbox.url, ...login, realtime: { websocket: CountingWebSocket } });
    const reader = new Reader(client.watch_balances());
    await subscriptions_live(sandbox, 1);
    expect(made).toEqual([`${sandbox.url.replace('http:', 'ws:')}/_api/websockets`]);
    await client.close();
    await reader.done;
  });
});
