import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { DICE_MUTATION, PUBLIC_QUERY, authHeaders, availableBalance, post, waitFor } from './http.js';

const BET = { amount: 0.01, target: 50.5, condition: 'above', currency: 'btc', identifier: 'fault-test' };

describe('sandbox faults', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox();
  });
  afterAll(() => sandbox.close());

  it('drop: the socket closes before processing, so fetch rejects and no bet is made', async () => {
    const login = sandbox.login();
    const before = sandbox.stats().mutations_executed;
    sandbox.fail_next({ kind: 'drop' });
    await expect(post(sandbox.url, { query: DICE_MUTATION, variables: BET }, authHeaders(login))).rejects.toThrow();
    expect(sandbox.stats().mutations_executed).toBe(before);
    expect(await availableBalance(sandbox.url, login, 'btc')).toBe(1);
  });

  it('drop_after_processing: fetch rejects but the bet reached the ledger', async () => {
    const login = sandbox.login();
    const before = sandbox.stats().mutations_executed;
    sandbox.fail_next({ kind: 'drop_after_processing' });
    await expect(post(sandbox.url, { query: DICE_MUTATION, variables: BET }, authHeaders(login))).rejects.toThrow();
    expect(sandbox.stats().mutations_executed).toBe(before + 1);
    expect(await availableBalance(sandbox.url, login, 'btc')).not.toBe(1);
  });

  it('status: answers the status with Retry-After, then behaves again', async () => {
    sandbox.fail_next({ kind: 'status', status: 503, retry_after: '7' });
    const failed = await post(sandbox.url, { query: PUBLIC_QUERY });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('7');
    expect((await post(sandbox.url, { query: PUBLIC_QUERY })).status).toBe(200);
  });

  it('status without retry_after sends no Retry-After; count repeats the fault', async () => {
    sandbox.fail_next({ kind: 'status', status: 502 }, 2);
    const first = await post(sandbox.url, { query: PUBLIC_QUERY });
    const second = await post(sandbox.url, { query: PUBLIC_QUERY });
    const third = await post(sandbox.url, { query: PUBLIC_QUERY });
    expect([first.status, second.status, third.status]).toEqual([502, 502, 200]);
    expect(first.headers.get('retry-after')).toBeNull();
  });

  it('faults apply in the order they were queued', async () => {
    sandbox.fail_next({ kind: 'status', status: 500 });
    sandbox.fail_next({ kind: 'status', status: 504 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(sandbox.url, { query: PUBLIC_QUERY })).status);
    expect(statuses).toEqual([500, 504, 200]);
  });

  it('bad_json: a 200 whose body does not parse', async () => {
    sandbox.fail_next({ kind: 'bad_json' });
    const reply = await post(sandbox.url, { query: PUBLIC_QUERY });
    expect(reply.status).toBe(200);
    expect(reply.text.length).toBeGreaterThan(0);
    expect(reply.json).toBeUndefined();
  });

  it('slow: the delayed answer comes after one sent later, and is still a normal answer', async () => {
    sandbox.fail_next({ kind: 'slow', delay_ms: 800 });
    const arrived = sandbox.stats().requests;
    const slow = post(sandbox.url, { query: PUBLIC_QUERY }).then((r) => ({ which: 'slow', status: r.status }));
    await waitFor(() => sandbox.stats().requests === arrived + 1);
    const fast = post(sandbox.url, { query: PUBLIC_QUERY }).then((r) => ({ which: 'fast', status: r.status }));
    const first = await Promise.race([slow, fast]);
    expect(first).toEqual({ which: 'fast', status: 200 });
    expect(await slow).toEqual({ which: 'slow', status: 200 });
  });

  it('slow: a client that gives up does not cancel the bet (the outcome is unknown to it)', async () => {
    const login = sandbox.login();
    const before = sandbox.stats().mutations_executed;
    const rolls = (): number => sandbox.stats().by_operation['Roll'] ?? 0;
    const rollsBefore = rolls();
    sandbox.fail_next({ kind: 'slow', delay_ms: 500 });
    const controller = new AbortController();
    const pending = post(sandbox.url, { query: DICE_MUTATION, variables: BET }, authHeaders(login), controller.signal);
    // The operation is counted once the body is read: the request is in the sandbox's hands.
    await waitFor(() => rolls() === rollsBefore + 1);
    expect(sandbox.stats().mutations_executed).toBe(before);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await waitFor(() => sandbox.stats().mutations_executed === before + 1);
    expect(await availableBalance(sandbox.url, login, 'btc')).not.toBe(1);
  });

  it('rejects bad faults with typed errors and queues nothing', async () => {
    expect(() => sandbox.fail_next({ kind: 'explode' } as never)).toThrow(RangeError);
    expect(() => sandbox.fail_next(null as never)).toThrow(TypeError);
    expect(() => sandbox.fail_next({ kind: 'status', status: 700 })).toThrow(RangeError);
    expect(() => sandbox.fail_next({ kind: 'status', status: 503, retry_after: '1\r\nx: y' })).toThrow(RangeError);
    expect(() => sandbox.fail_next({ kind: 'slow', delay_ms: -1 })).toThrow(RangeError);
    expect(() => sandbox.fail_next({ kind: 'drop' }, 0)).toThrow(RangeError);
    expect(() => sandbox.fail_next({ kind: 'drop' }, 1.5)).toThrow(RangeError);
    expect((await post(sandbox.url, { query: PUBLIC_QUERY })).status).toBe(200);
  });
});
