/**
 * Issue 13, item 3: "did my bet reach the server?" must be true. A failure
 * that provably happens before the request is written (a bad port fetch
 * refuses, a DNS failure, a refused connection, a header fetch cannot build,
 * a failed TLS handshake) says `may_have_reached_server: false`; each is
 * tried against a real socket or a real refusal, and the servers record what
 * they received, to show that no request was written.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { StakeClient, TransportError, type FetchLike } from '../../src/facade/index.js';
import { BAD_PORTS, is_sendable_header_value } from '../../src/transport/connect-failure.js';

const MUTATION = 'mutation PlaceBet { diceRoll(amount: 1) { id } }';
const TOKEN = 'a'.repeat(64);

/** Node's own fetch behind a function of ours: the client cannot tell it is the standard one. */
const wrappedFetch: FetchLike = (url, init) => fetch(url, init) as unknown as ReturnType<FetchLike>;

async function mutationError(client: StakeClient): Promise<TransportError> {
  try {
    const error = await client.graphql(MUTATION).then(() => null, (e: unknown) => e);
    expect(TransportError.is(error), String(error)).toBe(true);
    return error as TransportError;
  } finally {
    await client.close();
  }
}

function expectNotReached(error: TransportError): void {
  expect(error.reason).toBe('connection_failed');
  expect(error.may_have_reached_server).toBe(false);
  expect(error.message).toContain('the request did not reach the server');
}

/** A TCP server on 127.0.0.1 that records every byte it receives and treats each connection with `onConnection`. */
async function rawServer(onConnection: (socket: Socket) => void): Promise<{ server: Server; port: number; received: () => string; stop: () => Promise<void> }> {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    received: () => Buffer.concat(chunks).toString('latin1'),
    stop: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('failures before the request is written: not reached', () => {
  it.each([1, 6000, 10080])('a bad port (%i) that fetch refuses', async (port) => {
    const error = await mutationError(new StakeClient({ base_url: `http://127.0.0.1:${port}`, access_token: TOKEN, fetch: wrappedFetch }));
    expectNotReached(error);
  });

  it('a DNS failure (.invalid never resolves, RFC 6761)', async () => {
    const error = await mutationError(new StakeClient({ base_url: 'http://stakeql-test.invalid:8080', access_token: TOKEN }));
    expectNotReached(error);
  });

  it('a refused connection (a port nobody listens on)', async () => {
    const { port, stop } = await rawServer(() => {});
    await stop();
    const error = await mutationError(new StakeClient({ base_url: `http://127.0.0.1:${port}`, access_token: TOKEN }));
    expectNotReached(error);
  });

  it('a header value fetch refuses to build (and the server saw no connection)', async () => {
    let connections = 0;
    const srv = await rawServer((s) => {
      connections += 1;
      s.destroy();
    });
    try {
      const withBadHeader: FetchLike = (url, init) =>
        fetch(url, { ...init, headers: { ...init.headers, 'x-extra': 'line\nbreak' } }) as unknown as ReturnType<FetchLike>;
      const error = await mutationError(new StakeClient({ base_url: `http://127.0.0.1:${srv.port}`, access_token: TOKEN, fetch: withBadHeader }));
      expectNotReached(error);
      expect(connections).toBe(0);
    } finally {
      await srv.stop();
    }
  });

  it.each([
    ['answers in plain text', (s: Socket) => s.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n')],
    ['hangs up at once', (s: Socket) => s.destroy()],
  ])('a TLS handshake with a server that %s', async (_what, behave) => {
    const srv = await rawServer(behave);
    try {
      const error = await mutationError(new StakeClient({ base_url: `https://127.0.0.1:${srv.port}`, access_token: TOKEN, retry: { limit: 0 } }));
      expectNotReached(error);
      // What arrived was at most a TLS ClientHello: never the HTTP request, never the token.
      expect(srv.received()).not.toContain('POST');
      expect(srv.received()).not.toContain(TOKEN);
    } finally {
      await srv.stop();
    }
  });

  it('contrast: a connection dropped after the request arrived may have reached the server', async () => {
    const server = createHttpServer((req) => {
      req.resume();
      req.on('end', () => req.socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const error = await mutationError(new StakeClient({ base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, access_token: TOKEN }));
      expect(error.reason).toBe('network');
      expect(error.may_have_reached_server).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('a base_url whose port can never work is refused at construction', () => {
  it('every port of BAD_PORTS is really refused by this runtime\'s fetch', async () => {
    for (const port of BAD_PORTS) {
      const failure = await fetch(`http://127.0.0.1:${port}/`).then(() => null, (e: unknown) => e as Error);
      expect((failure?.cause as Error | undefined)?.message, `port ${port}`).toBe('bad port');
    }
  });

  it.each(['http://127.0.0.1:6000', 'https://example.com:10080', 'http://localhost:25/', 'http://127.0.0.1:0'])('%s: RangeError naming the port', (base_url) => {
    expect(() => new StakeClient({ base_url })).toThrow(RangeError);
    expect(() => new StakeClient({ base_url })).toThrow(/port (0|6000|10080|25)\b/);
  });

  it('a custom fetch may use a port the standard blocks (it may not block it); port 0 stays refused', () => {
    expect(new StakeClient({ base_url: 'http://127.0.0.1:6000', fetch: wrappedFetch }).base_url).toBe('http://127.0.0.1:6000');
    expect(() => new StakeClient({ base_url: 'http://127.0.0.1:0', fetch: wrappedFetch })).toThrow(RangeError);
    expect(new StakeClient({ base_url: 'https://stake.com:443' }).base_url).toBe('https://stake.com');
    expect(new StakeClient({ base_url: 'http://127.0.0.1:6001' }).base_url).toBe('http://127.0.0.1:6001');
  });
});

describe('is_sendable_header_value (checked before fetch is called)', () => {
  it('refuses NUL, CR, LF and characters beyond one byte; accepts the rest', () => {
    for (const bad of ['a\nb', 'a\rb', 'a\0b', 'caf\u0100']) expect(is_sendable_header_value(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['Mozilla/5.0 (X11; Linux x86_64)', 'session=abc; cf_clearance=x.y-1', 'tab\tinside', 'caf\u00e9']) {
      expect(is_sendable_header_value(good), JSON.stringify(good)).toBe(true);
    }
  });
});
