/**
 * Canary credentials must never show: not in any error's message, `String`,
 * `JSON.stringify` or `util.inspect` (hidden fields included), not in the
 * client's or the manager's, not in anything logged.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { inspect } from 'node:util';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { StakeClient, type ClientLogEvent, type StakeClientOptions } from '../../src/facade/index.js';
import { wait_until } from '../support/wait.js';

const CANARY_TOKEN = 'CANARYTOKEN0123456789abcdef';
const CANARY_SESSION = 'CANARYSESSION-9876543210';
const CANARY_CLEARANCE = 'CANARYCLEARANCE_abc.def-1700000000-1.2.1.1';
const CANARY_ROTATED = 'CANARYROTATED_cfclearance_value';
const CANARIES = [CANARY_TOKEN, CANARY_SESSION, CANARY_CLEARANCE, CANARY_ROTATED];

/** Every way a value can be turned into text by a careless program. */
function renderings(value: unknown): string[] {
  const out = [
    inspect(value),
    inspect(value, { showHidden: true, depth: 10, getters: true }),
    JSON.stringify(value) ?? '',
    String(value),
  ];
  if (value instanceof Error) out.push(value.message, value.stack ?? '');
  return out;
}

function expectNoCanary(value: unknown, label: string): void {
  for (const text of renderings(value)) {
    for (const canary of CANARIES) expect(text.includes(canary), `${label} shows ${canary}`).toBe(false);
  }
}

let sandbox: Sandbox;
/** A hostile server: echoes the credentials it receives in its error messages and rotates cf_clearance. */
let echo: Server;
let echoUrl: string;

beforeAll(async () => {
  sandbox = await start_sandbox({ require_clearance: true });
  echo = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const said = `bad token ${String(req.headers['x-access-token'])} with cookies ${String(req.headers.cookie)}`;
      const status = req.headers['x-access-token'] === undefined ? 500 : 200;
      res.writeHead(status, {
        'content-type': 'application/json',
        'set-cookie': [`cf_clearance=${CANARY_ROTATED}; Path=/; Max-Age=3600`],
      });
      res.end(JSON.stringify({ errors: [{ message: said, errorType: 'somethingElse' }], data: null }));
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sandbox.close();
  echo.closeAllConnections();
  await new Promise<void>((resolve) => echo.close(() => resolve()));
});

describe('canary credentials', () => {
  it('never appear in errors, in the client, in the manager or in the log', async () => {
    const logged: ClientLogEvent[] = [];
    const base: StakeClientOptions = {
      access_token: CANARY_TOKEN,
      session_cookie: CANARY_SESSION,
      cf_clearance: CANARY_CLEARANCE,
      user_agent: 'Mozilla/5.0 (Canary)',
      logger: (e) => logged.push(e),
      retry: { limit: 1 },
      _sleep: async () => {},
    };
    const errors: unknown[] = [];
    const collect = (p: Promise<unknown>) => p.then(() => expect.unreachable('should reject'), (e: unknown) => errors.push(e));

    const client = new StakeClient({ ...base, base_url: sandbox.url });
    // Challenge (the canary clearance was never issued).
    await collect(client.current_user());
    // Slow answer then timeout, bad JSON, 503 on a mutation, a dropped mutation: each error carries the redacted request.
    sandbox.fail_next({ kind: 'slow', delay_ms: 5000 }, 2);
    await collect(new StakeClient({ ...base, base_url: sandbox.url, timeout_ms: 200 }).current_user());
    sandbox.fail_next({ kind: 'bad_json' });
    await collect(client.current_user());
    sandbox.fail_next({ kind: 'status', status: 503 });
    await collect(client.graphql('mutation M { diceRoll(amount: 0, target: 50, condition: above, currency: usd, identifier: "x") { id } }'));
    await collect(client.current_user({ signal: AbortSignal.abort() }));

    // A server that echoes the credentials in its messages and rotates cf_clearance.
    const echoing = new StakeClient({ ...base, base_url: echoUrl });
    await collect(echoing.current_user());
    await collect(echoing.current_user()); // now with the rotated clearance in the jar
    echoing._auth_manager.clear_tokens();
    await collect(echoing.current_user()); // 500 whose message still names the rotated clearance
    // A refresh that fails.
    const refreshing = new StakeClient({ ...base, base_url: echoUrl, refresh: async () => { throw new Error('no way'); } });
    refreshing._auth_manager.set_access_token(CANARY_TOKEN, 0);
    await collect(refreshing.current_user());
    // A closed client.
    await client.close();
    await collect(client.current_user());

    expect(errors.map((e) => (e as Error).name)).toEqual([
      'ChallengeError', 'TransportError', 'TransportError', 'TransportError', 'TransportError',
      'GraphQLError', 'GraphQLError', 'TransportError', 'AuthenticationError', 'TransportError',
    ]);
    // The hostile server's messages were redacted, not dropped.
    expect((errors[5] as Error).message).toContain('bad token [redacted]');
    expect((errors[6] as Error).message).toContain('cf_clearance=[redacted]');
    expect((errors[1] as { request: { headers: Record<string, string> } }).request.headers['x-access-token']).toBe('[redacted]');

    errors.forEach((e, i) => expectNoCanary(e, `error ${i}`));
    for (const c of [client, echoing, refreshing]) {
      expectNoCanary(c, 'client');
      expectNoCanary(c._auth_manager, 'manager');
    }
    expect(logged.length).toBeGreaterThan(10);
    expectNoCanary(logged, 'log');
  });

  it('are redacted from a server message even after being rotated away while the request was in flight', async () => {
    let answer: (() => void) | null = null;
    // Holds the answer until the test has rotated the token, then echoes the token the request carried.
    const server = createServer((req, res) => {
      req.resume();
      const token = String(req.headers['x-access-token']);
      answer = () => res.writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ errors: [{ message: `unknown ${token}` }], data: null }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const c = new StakeClient({ base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, access_token: CANARY_TOKEN });
      const pending = c.current_user().catch((e: unknown) => e);
      await wait_until(() => answer !== null, 'the request to reach the server');
      c._auth_manager.set_access_token('replacement-token-value');
      (answer as unknown as () => void)();
      const error = await pending;
      expect(error).toMatchObject({ name: 'GraphQLError', server_message: 'unknown [redacted]' });
      expectNoCanary(error, 'error after rotation');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('never appear when the constructor rejects one of them', () => {
    for (const options of [
      { access_token: `${CANARY_TOKEN}\n` + 'x' },
      { session_cookie: `${CANARY_SESSION};x=1` },
      { cf_clearance: `${CANARY_CLEARANCE} x` },
    ]) {
      let thrown: unknown;
      try {
        new StakeClient(options);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(RangeError);
      expectNoCanary(thrown, 'constructor error');
    }
  });
});
