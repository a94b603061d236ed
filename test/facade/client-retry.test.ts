/**
 * Retries that cannot double money, against the real sandbox: queries are
 * resent on network errors, 429 and 5xx; mutations never are. Waits go
 * through the internal `_sleep` hook, which records the delay and returns at
 * once, so nothing here depends on the clock.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { StakeClient, RateLimitError, TransportError, ChallengeError, type ClientLogEvent, type StakeClientOptions } from '../../src/facade/index.js';
import { sleep } from '../../src/transport/retry.js';
import { wait_until } from '../support/wait.js';

const DICE = `mutation DiceRoll($identifier: String!) {
  diceRoll(amount: 0.01, target: 50.5, condition: above, currency: usd, identifier: $identifier) { id }
}`;
const ME = 'query Me { user { id } }';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await start_sandbox();
});
afterAll(async () => {
  await sandbox.close();
});

/** A client whose waits are recorded, not slept, and whose log events are kept. */
function setup(extra: StakeClientOptions = {}) {
  const login = sandbox.login();
  const events: ClientLogEvent[] = [];
  const waits: number[] = [];
  const c = new StakeClient({
    base_url: sandbox.url,
    access_token: login.access_token,
    session_cookie: login.session_cookie,
    logger: (e) => events.push(e),
    _sleep: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  });
  const types = () => events.map((e) => (e.type === 'response' ? `response ${e.status}` : e.type));
  return { login, c, events, waits, types };
}

const counts = () => {
  const s = sandbox.stats();
  return { requests: s.requests, mutations: s.mutations_executed };
};

describe('queries', () => {
  it('are retried after a 503 and succeed', async () => {
    const { c, login, types, waits } = setup();
    const before = counts();
    sandbox.fail_next({ kind: 'status', status: 503 });
    expect(await c.graphql(ME)).toEqual({ user: { id: login.user_id } });
    expect(counts().requests - before.requests).toBe(2);
    expect(types()).toEqual(['request', 'response 503', 'retry', 'request', 'response 200']);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeLessThan(300);
  });

  it('are retried at most retry.limit times, then reject with the 5xx as a TransportError', async () => {
    const { c, waits } = setup({ retry: { limit: 2 } });
    const before = counts();
    sandbox.fail_next({ kind: 'status', status: 502 }, 3);
    const error = await c.graphql(ME).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransportError', reason: 'http_status', status: 502, may_have_reached_server: true });
    expect(counts().requests - before.requests).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('are retried after a dropped connection', async () => {
    const { c, login } = setup();
    const before = counts();
    sandbox.fail_next({ kind: 'drop' });
    expect(await c.current_user()).toMatchObject({ id: login.user_id });
    expect(counts().requests - before.requests).toBe(2);
  });

  it('honour Retry-After in delta-seconds: the wait is the server\'s', async () => {
    const { c, events, types, waits } = setup();
    sandbox.fail_next({ kind: 'status', status: 429, retry_after: '3' });
    await c.current_user();
    expect(types()).toEqual(['request', 'response 429', 'retry', 'request', 'response 200']);
    const retry = events.find((e) => e.type === 'retry');
    expect(retry).toMatchObject({ retry_after_ms: 3000 });
    expect(waits[0]).toBeGreaterThanOrEqual(3000);
  });

  it('honour Retry-After as an HTTP-date', async () => {
    const { c, waits } = setup();
    const at = new Date(Date.now() + 5000);
    sandbox.fail_next({ kind: 'status', status: 503, retry_after: at.toUTCString() });
    await c.current_user();
    // The date has whole seconds: the wait is what is left until it, up to 5 s.
    expect(waits[0]).toBeGreaterThan(2000);
    expect(waits[0]).toBeLessThanOrEqual(5000);
  });

  it('reject at once with a RateLimitError when Retry-After exceeds max_delay_ms', async () => {
    const { c, waits } = setup({ retry: { max_delay_ms: 10_000 } });
    const before = counts();
    sandbox.fail_next({ kind: 'status', status: 429, retry_after: '120' });
    const error = await c.current_user().catch((e: unknown) => e);
    expect(RateLimitError.is(error)).toBe(true);
    expect(error).toMatchObject({ status: 429, retry_after_ms: 120_000 });
    expect(waits).toEqual([]);
    expect(counts().requests - before.requests).toBe(1);
  });

  it('meet the sandbox\'s rate limiter and give up after the retries with its Retry-After', async () => {
    const limited = await start_sandbox({ rate_limit: { max_requests: 1, window_ms: 60_000, retry_after_seconds: 2 } });
    try {
      const login = limited.login();
      const waits: number[] = [];
      const c = new StakeClient({
        base_url: limited.url, access_token: login.access_token, retry: { limit: 1 }, _sleep: async (ms) => void waits.push(ms),
      });
      await c.current_user();
      const error = await c.current_user().catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'RateLimitError', retry_after_ms: expect.any(Number) });
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBe((error as RateLimitError).retry_after_ms);
      expect(limited.stats().requests).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it('do not retry a body that is not JSON', async () => {
    const { c, waits } = setup();
    const before = counts();
    sandbox.fail_next({ kind: 'bad_json' });
    const error = await c.current_user().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransportError', reason: 'bad_response', status: 200, may_have_reached_server: true });
    expect(counts().requests - before.requests).toBe(1);
    expect(waits).toEqual([]);
  });

  it('retry after a timeout, and reject with reason "timeout" when every attempt times out', async () => {
    // Generous, so only the slow answer times out even on a loaded machine.
    const { c, login } = setup({ timeout_ms: 1000 });
    sandbox.fail_next({ kind: 'slow', delay_ms: 10_000 });
    expect(await c.current_user()).toMatchObject({ id: login.user_id });

    const { c: strict } = setup({ timeout_ms: 150, retry: { limit: 0 } });
    const before = counts();
    sandbox.fail_next({ kind: 'slow', delay_ms: 5000 });
    const error = await strict.current_user().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransportError', reason: 'timeout', may_have_reached_server: true, status: null });
    expect((error as Error).message).toContain('150 ms');
    expect(counts().requests - before.requests).toBe(1);
  });
});

describe('mutations are never retried', () => {
  it('a 503 rejects at once, saying it may have reached the server', async () => {
    const { c, waits, types } = setup();
    const before = counts();
    sandbox.fail_next({ kind: 'status', status: 503 });
    const error = await c.graphql(DICE, { identifier: 'm-503' }).catch((e: unknown) => e);
    expect(TransportError.is(error)).toBe(true);
    expect(error).toMatchObject({ status: 503, may_have_reached_server: true, operation_name: 'DiceRoll' });
    expect(counts().requests - before.requests).toBe(1);
    expect(counts().mutations - before.mutations).toBe(0);
    expect(waits).toEqual([]);
    expect(types()).toEqual(['request', 'response 503', 'failure']);
  });

  it('a connection dropped after the bet was placed rejects without a resend: the bet counts once', async () => {
    const { c } = setup();
    const before = counts();
    sandbox.fail_next({ kind: 'drop_after_processing' });
    const error = await c.graphql(DICE, { identifier: 'm-drop' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransportError', reason: 'network', may_have_reached_server: true });
    expect(counts().requests - before.requests).toBe(1);
    expect(counts().mutations - before.mutations).toBe(1);
  });

  it('a 429 rejects at once with its Retry-After', async () => {
    const { c, waits } = setup();
    const before = counts();
    sandbox.fail_next({ kind: 'status', status: 429, retry_after: '1' });
    const error = await c.graphql(DICE, { identifier: 'm-429' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RateLimitError', retry_after_ms: 1000 });
    expect(counts().requests - before.requests).toBe(1);
    expect(waits).toEqual([]);
  });

  it('a timeout rejects at once, saying it may have reached the server', async () => {
    const { c } = setup({ timeout_ms: 150 });
    const before = counts();
    sandbox.fail_next({ kind: 'slow', delay_ms: 5000 });
    const error = await c.graphql(DICE, { identifier: 'm-slow' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransportError', reason: 'timeout', may_have_reached_server: true });
    expect(counts().requests - before.requests).toBe(1);
  });
});

describe('connection refused', () => {
  /** A port that was just open and is now closed. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  it('says the request did not reach the server; a query is retried, a mutation is not', async () => {
    const port = await closedPort();
    const waits: number[] = [];
    const c = new StakeClient({ base_url: `http://127.0.0.1:${port}`, access_token: 'tok', _sleep: async (ms) => void waits.push(ms) });
    const query = await c.graphql(ME).catch((e: unknown) => e);
    expect(query).toMatchObject({ name: 'TransportError', reason: 'connection_failed', may_have_reached_server: false });
    expect(waits).toHaveLength(2);
    const mutation = await c.graphql(DICE, { identifier: 'refused' }).catch((e: unknown) => e);
    expect(mutation).toMatchObject({ name: 'TransportError', reason: 'connection_failed', may_have_reached_server: false });
    expect(waits).toHaveLength(2);
  });
});

describe('abort', () => {
  it('a signal aborting a request in flight rejects with a TransportError whose cause is the reason', async () => {
    const { c } = setup();
    const controller = new AbortController();
    const before = counts();
    sandbox.fail_next({ kind: 'slow', delay_ms: 20_000 });
    const pending = c.current_user({ signal: controller.signal }).catch((e: unknown) => e);
    await wait_until(() => counts().requests !== before.requests, 'the request to reach the sandbox');
    const reason = new Error('user gave up');
    controller.abort(reason);
    const error = await pending;
    expect(error).toMatchObject({ name: 'TransportError', reason: 'aborted', may_have_reached_server: true });
    expect((error as Error).cause).toBe(reason);
    expect(counts().requests - before.requests).toBe(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { c } = setup();
    const before = counts();
    const error = await c.graphql(DICE, { identifier: 'pre-aborted' }, { signal: AbortSignal.abort('no') }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TransportError', reason: 'aborted', may_have_reached_server: false, cause: 'no' });
    expect(counts().requests).toBe(before.requests);
  });

  it('the signal and close() cut a retry wait short', async () => {
    for (const stop of ['signal', 'close'] as const) {
      let waiting!: () => void;
      const started = new Promise<void>((r) => (waiting = r));
      const { c } = setup({
        _sleep: (ms, signal) => {
          waiting();
          return sleep(60_000 + ms, signal);
        },
      });
      const controller = new AbortController();
      const before = counts();
      sandbox.fail_next({ kind: 'status', status: 503 });
      const pending = c.current_user({ signal: controller.signal }).catch((e: unknown) => e);
      await started;
      if (stop === 'signal') controller.abort();
      else await c.close();
      const error = await pending;
      expect(error).toMatchObject({ name: 'TransportError', reason: stop === 'signal' ? 'aborted' : 'closed', may_have_reached_server: true });
      expect(counts().requests - before.requests).toBe(1);
    }
  });
});

describe('Cloudflare challenge', () => {
  it('is never retried, and says whether cf_clearance was missing or rejected', async () => {
    const guarded = await start_sandbox({ require_clearance: true });
    try {
      const login = guarded.login();
      const ua = 'Mozilla/5.0 (Real Browser) Chrome/131';
      const waits: number[] = [];
      const base = { base_url: guarded.url, access_token: login.access_token, _sleep: async (ms: number) => void waits.push(ms) };

      const missing = await new StakeClient(base).current_user().catch((e: unknown) => e);
      expect(ChallengeError.is(missing)).toBe(true);
      expect(missing).toMatchObject({ status: 403, had_clearance: false });
      expect((missing as Error).message).toMatch(/No cf_clearance/);
      expect((missing as Error).message).toMatch(/User-Agent/);

      const clearance = guarded.issue_clearance(ua);
      const wrongUa = await new StakeClient({ ...base, cf_clearance: clearance, user_agent: 'Other/1.0' }).current_user().catch((e: unknown) => e);
      expect(wrongUa).toMatchObject({ name: 'ChallengeError', had_clearance: true, had_user_agent: true });
      expect((wrongUa as Error).message).toMatch(/cf_clearance cookie sent was rejected/);
      expect((wrongUa as Error).message).toMatch(/exactly the User-Agent/);

      expect(guarded.stats().requests).toBe(2);
      expect(waits).toEqual([]);

      const ok = new StakeClient({ ...base, cf_clearance: clearance, user_agent: ua });
      expect(await ok.current_user()).toMatchObject({ id: login.user_id });
    } finally {
      await guarded.close();
    }
  });
});
