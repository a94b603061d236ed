/**
 * Issue 22, item 12: a server that takes requests and never answers. A query
 * is retried after a timeout, so the wait is `timeout_ms` per attempt and the
 * message must say so and say the whole wait (it once said "30000 ms" after
 * about 90 s). A real HTTP server on loopback counts what it received.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient, TransportError } from '../../src/facade/index.js';

let received = 0;
const held = new Set<ServerResponse>();
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  received += 1;
  req.resume();
  held.add(res); // never answered
});
let base_url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base_url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The error of `call` and how many requests the client sent (its logger's count: the server may see fewer on a loaded machine). */
async function timeout_of(call: (client: StakeClient) => Promise<unknown>, options: { retry_limit: number }): Promise<{ error: TransportError; sent: number }> {
  let sent = 0;
  await using client = new StakeClient({
    base_url,
    timeout_ms: 200,
    retry: { limit: options.retry_limit, base_delay_ms: 1 },
    logger: (event) => {
      if (event.type === 'request') sent += 1;
    },
  });
  const error = await call(client).then(() => null, (e: unknown) => e);
  expect(TransportError.is(error), String(error)).toBe(true);
  expect(error).toMatchObject({ reason: 'timeout' });
  return { error: error as TransportError, sent };
}

describe('a stalled server', () => {
  it('a query: three attempts of timeout_ms each, and the message says so and the whole wait', async () => {
    const before = received;
    const { error, sent } = await timeout_of((c) => c.graphql('query Me { user { id } }'), { retry_limit: 2 });
    expect(sent).toBe(3);
    expect(received - before).toBeLessThanOrEqual(3);
    expect(error.message).toContain('timeout_ms (200 ms per attempt)');
    expect(error.message).toContain('gave up after 3 attempts');
    // The whole wait is at least three timeouts: the message must not claim less.
    const all = /, ([0-9.]+) s in all/.exec(error.message);
    expect(all, error.message).not.toBeNull();
    expect(Number(all?.[1])).toBeGreaterThanOrEqual(0.6);
  });

  it('a mutation: one attempt, and the message says timeout_ms alone', async () => {
    const before = received;
    const { error, sent } = await timeout_of((c) => c.graphql('mutation M { x }'), { retry_limit: 2 });
    expect(sent).toBe(1);
    expect(received - before).toBeLessThanOrEqual(1);
    expect(error.message).toMatch(/^No complete answer within timeout_ms \(200 ms\) for M /);
    expect(error.message).not.toContain('attempts');
  });
});
