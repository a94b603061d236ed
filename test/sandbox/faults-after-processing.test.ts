/**
 * Faults that do what real sites do after a request already ran: the bet is
 * booked, then an edge or a proxy answers 429, 503, a challenge, or nothing;
 * and a realtime feed lost right after a bet (with reconnects refused).
 * Judged on the sandbox's own ledger (balance, mutations executed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parse_fault_spec } from '../../src/sandbox/fault-spec.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { DICE_MUTATION, authHeaders, availableBalance, post } from './http.js';

const BET = { amount: 0.01, target: 50.5, condition: 'above', currency: 'btc', identifier: 'after-processing' };

describe('after_processing faults', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox();
  });
  afterAll(() => sandbox.close());

  it('429 after processing: Retry-After and the rate limit body, and the bet is in the ledger', async () => {
    const login = sandbox.login();
    const before = sandbox.stats().mutations_executed;
    sandbox.fail_next({ kind: 'after_processing', answer: 429, retry_after: '1', operations: ['Roll'] });
    const reply = await post(sandbox.url, { query: DICE_MUTATION, variables: BET }, authHeaders(login));
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('1');
    expect((reply.json as { errors: { errorType: string }[] }).errors[0]?.errorType).toBe('rateLimited');
    expect(sandbox.stats().mutations_executed).toBe(before + 1);
    expect(await availableBalance(sandbox.url, login, 'btc')).not.toBe(1);
  });

  it('a challenge after processing: 403 with cf-mitigated, and the bet is in the ledger', async () => {
    const login = sandbox.login();
    const before = sandbox.stats().mutations_executed;
    sandbox.fail_next({ kind: 'after_processing', answer: 'challenge' });
    const reply = await post(sandbox.url, { query: DICE_MUTATION, variables: BET }, authHeaders(login));
    expect(reply.status).toBe(403);
    expect(reply.headers.get('cf-mitigated')).toBe('challenge');
    expect(sandbox.stats().mutations_executed).toBe(before + 1);
    expect(await availableBalance(sandbox.url, login, 'btc')).not.toBe(1);
  });

  it('503 after processing, and drop after processing', async () => {
    const login = sandbox.login();
    const before = sandbox.stats().mutations_executed;
    sandbox.fail_next({ kind: 'after_processing', answer: 503 });
    sandbox.fail_next({ kind: 'after_processing', answer: 'drop' });
    expect((await post(sandbox.url, { query: DICE_MUTATION, variables: BET }, authHeaders(login))).status).toBe(503);
    await expect(post(sandbox.url, { query: DICE_MUTATION, variables: BET }, authHeaders(login))).rejects.toThrow();
    expect(sandbox.stats().mutations_executed).toBe(before + 2);
    expect(sandbox.stats().faults_applied['after_processing:503']).toBe(1);
    expect(sandbox.stats().faults_applied['after_processing:drop']).toBe(1);
  });

  it('bad faults are refused naming the field, and nothing is queued', () => {
    expect(() => sandbox.fail_next({ kind: 'after_processing', answer: 99 } as never)).toThrow(/answer must be 200 to 599/);
    expect(() => sandbox.fail_next({ kind: 'after_processing', answer: 'challenge', retry_after: '1' } as never)).toThrow(/retry_after goes only with an HTTP status/);
    expect(() => sandbox.fail_next({ kind: 'drop_feed', refuse_ms: -1 } as never)).toThrow(/refuse_ms/);
  });

  it('the spec syntax reads them', () => {
    expect(parse_fault_spec('after_processing=429:DiceRoll:retry_after=1,after_processing=challenge,after_processing=drop:count=2,drop_feed=500')).toEqual([
      { fault: { kind: 'after_processing', answer: 429, retry_after: '1', operations: ['DiceRoll'] }, when: { count: 1 } },
      { fault: { kind: 'after_processing', answer: 'challenge' }, when: { count: 1 } },
      { fault: { kind: 'after_processing', answer: 'drop' }, when: { count: 2 } },
      { fault: { kind: 'drop_feed', refuse_ms: 500 }, when: { count: 1 } },
    ]);
    expect(() => parse_fault_spec('after_processing=teapot')).toThrow(/after_processing= takes an HTTP status/);
    expect(() => parse_fault_spec('after_processing=challenge:retry_after=1')).toThrow(/retry_after= goes only with an HTTP status/);
  });
});

describe('drop_feed', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox();
  });
  afterAll(() => sandbox.close());

  function connect(): Promise<{ ws: WebSocket; closed: Promise<void> }> {
    const ws = new WebSocket(`${sandbox.url.replace('http', 'ws')}/_api/websockets`, 'graphql-transport-ws');
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve({ ws, closed }));
      ws.once('error', reject);
    });
  }

  it('answers the bet, then drops the feed and refuses reconnects for a while; the bet is booked', async () => {
    const login = sandbox.login();
    const { closed } = await connect();
    const before = sandbox.stats().mutations_executed;
    sandbox.fail_next({ kind: 'drop_feed', refuse_ms: 60_000 });
    const reply = await post(sandbox.url, { query: DICE_MUTATION, variables: BET }, authHeaders(login));
    expect(reply.status).toBe(200);
    expect((reply.json as { data: { diceRoll: { id: string } } }).data.diceRoll.id).toMatch(/./);
    await closed;
    expect(sandbox.stats().mutations_executed).toBe(before + 1);
    const refused = await connect().then(() => 'opened', (e: Error) => e.message);
    expect(refused).toMatch(/503/);
  });
});
