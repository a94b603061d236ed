import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChallengeError, GraphQLError, RateLimitError, StakeClient, TransportError } from '../../src/facade/index.js';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { DICE_MUTATION, PUBLIC_QUERY, authHeaders, availableBalance, post, waitFor, type ErrorList } from './http.js';

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

/** A client logged in as a new user of `box`, bounded so no test can hang. */
function clientOf(box: Sandbox): { client: StakeClient; login: SandboxLogin } {
  const login = box.login();
  const client = new StakeClient({
    base_url: box.url,
    access_token: login.access_token,
    session_cookie: login.session_cookie,
    timeout_ms: 10_000,
  });
  return { client, login };
}

/** The ids of a user's bets in the site's history (read through the API, not the sandbox's internals). */
async function historyIds(client: StakeClient): Promise<string[]> {
  const ids: string[] = [];
  for await (const bet of client.bets()) ids.push(bet.id);
  return ids;
}

const DICE = { amount: 0.01, currency: 'btc', target: 50.5, condition: 'above' } as const;

describe('sandbox faults through a real StakeClient', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox();
  });
  afterAll(() => sandbox.close());

  it('challenge: the page the clearance check serves; the client throws ChallengeError and nothing is booked', async () => {
    // The oracle: what a sandbox demanding clearance answers a request without one.
    await using guarded = await start_sandbox({ require_clearance: true });
    const expected = await post(guarded.url, { query: PUBLIC_QUERY });
    sandbox.fail_next({ kind: 'challenge' });
    const injected = await post(sandbox.url, { query: PUBLIC_QUERY });
    expect(injected.status).toBe(expected.status);
    expect(injected.status).toBe(403);
    expect(injected.headers.get('cf-mitigated')).toBe('challenge');
    expect(injected.headers.get('content-type')).toBe(expected.headers.get('content-type'));
    expect(injected.text).toBe(expected.text);

    const { client, login } = clientOf(sandbox);
    const before = sandbox.stats().mutations_executed;
    sandbox.fail_next({ kind: 'challenge' });
    const error = await client.dice(DICE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChallengeError);
    expect(sandbox.stats().mutations_executed).toBe(before);
    expect(await availableBalance(sandbox.url, login, 'btc')).toBe(1);
    await client.close();
  });

  it('site_error insufficientBalance: byte for byte the answer of a real refusal, GraphQLError on the client, nothing booked', async () => {
    const login = sandbox.login();
    // The oracle: a bet above the balance, refused by the ledger itself.
    const real = await post(sandbox.url, { query: DICE_MUTATION, variables: { ...BET, amount: 5 } }, authHeaders(login));
    sandbox.fail_next({ kind: 'site_error', error_type: 'insufficientBalance' });
    const injected = await post(sandbox.url, { query: DICE_MUTATION, variables: BET }, authHeaders(login));
    expect(injected.status).toBe(200);
    expect(injected.json).toEqual(real.json);
    expect((injected.json?.['errors'] as ErrorList)[0]).toMatchObject({ errorType: 'insufficientBalance', path: ['diceRoll'] });
    expect(await availableBalance(sandbox.url, login, 'btc')).toBe(1);

    const { client } = clientOf(sandbox);
    const before = sandbox.stats().mutations_executed;
    sandbox.fail_next({ kind: 'site_error', error_type: 'insufficientBalance' });
    const error = await client.dice(DICE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).error_type).toBe('insufficientBalance');
    expect((error as GraphQLError).status).toBe(200);
    expect(sandbox.stats().mutations_executed).toBe(before);
    await client.close();
  });

  it('site_error parallelCasinoBet: the site message and errorType at the top level, data null, nothing booked', async () => {
    const { client, login } = clientOf(sandbox);
    sandbox.fail_next({ kind: 'site_error', error_type: 'parallelCasinoBet' });
    const raw = await post(sandbox.url, { query: DICE_MUTATION, variables: BET }, authHeaders(login));
    expect(raw.status).toBe(200);
    expect(raw.json?.['data']).toBeNull();
    const [first] = raw.json?.['errors'] as ErrorList;
    expect(first).toMatchObject({
      errorType: 'parallelCasinoBet',
      message: 'Another bet of yours is still in progress; wait for it to finish.',
      path: ['diceRoll'],
    });

    const before = sandbox.stats();
    sandbox.fail_next({ kind: 'site_error', error_type: 'parallelCasinoBet' });
    const error = await client.limbo({ amount: 0.01, currency: 'btc', multiplierTarget: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).error_type).toBe('parallelCasinoBet');
    const after = sandbox.stats();
    expect(after.mutations_executed).toBe(before.mutations_executed);
    expect((after.faults_applied['site_error:parallelCasinoBet'] ?? 0) - (before.faults_applied['site_error:parallelCasinoBet'] ?? 0)).toBe(1);
    expect(await availableBalance(sandbox.url, login, 'btc')).toBe(1);
    await client.close();
  });

  it('status 429 on a bet: RateLimitError with the Retry-After, sent once (never retried), nothing booked', async () => {
    const { client, login } = clientOf(sandbox);
    const before = sandbox.stats();
    sandbox.fail_next({ kind: 'status', status: 429, retry_after: '2', operations: ['DiceRoll'] });
    const error = await client.dice(DICE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retry_after_ms).toBe(2000);
    const after = sandbox.stats();
    expect((after.by_operation['DiceRoll'] ?? 0) - (before.by_operation['DiceRoll'] ?? 0)).toBe(1);
    expect(after.mutations_executed).toBe(before.mutations_executed);
    expect(await availableBalance(sandbox.url, login, 'btc')).toBe(1);
    await client.close();
  });

  it('status 503 on a bet: a TransportError that may have reached the server; nothing booked', async () => {
    const { client, login } = clientOf(sandbox);
    const before = sandbox.stats().mutations_executed;
    sandbox.fail_next({ kind: 'status', status: 503, operations: ['DiceRoll'] });
    const error = await client.dice(DICE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).status).toBe(503);
    expect(sandbox.stats().mutations_executed).toBe(before);
    expect(await availableBalance(sandbox.url, login, 'btc')).toBe(1);
    await client.close();
  });

  it('drop_after_processing on a bet: the client cannot know, and the bet is booked exactly once', async () => {
    const { client } = clientOf(sandbox);
    const before = sandbox.stats();
    sandbox.fail_next({ kind: 'drop_after_processing', operations: ['DiceRoll'] });
    const error = await client.dice({ ...DICE, identifier: 'lost-answer-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).may_have_reached_server).toBe(true);
    const after = sandbox.stats();
    expect((after.by_operation['DiceRoll'] ?? 0) - (before.by_operation['DiceRoll'] ?? 0)).toBe(1);
    expect(after.mutations_executed - before.mutations_executed).toBe(1);
    const sent = after.request_log.filter((r) => r.operation_name === 'DiceRoll' && r.variables['identifier'] === 'lost-answer-1');
    expect(sent).toHaveLength(1);
    // A new user: the one bet in the history is the lost one, and the balance moved by its outcome.
    expect(await historyIds(client)).toHaveLength(1);
    const balance = (await client.balances()).find((b) => b.available.currency === 'btc');
    expect(balance?.available.amount).not.toBe(1);
    await client.close();
  });
});

describe('sandbox faults aimed at operations', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox();
  });
  afterAll(() => sandbox.close());

  it('a fault for DiceRoll waits through queries; a later queued fault waits its turn', async () => {
    const { client } = clientOf(sandbox);
    sandbox.fail_next({ kind: 'drop_after_processing', operations: ['DiceRoll', 'LimboBet'] });
    sandbox.fail_next({ kind: 'status', status: 500 });
    // Queries in between pass untouched: the head fault is not theirs, and the 500 is queued behind it.
    expect((await client.active_seeds()).activeClientSeed).toBeDefined();
    expect((await client.balances()).length).toBeGreaterThan(0);
    const before = sandbox.stats().mutations_executed;
    await expect(client.dice({ ...DICE, identifier: 'aimed-1' })).rejects.toBeInstanceOf(TransportError);
    expect(sandbox.stats().mutations_executed).toBe(before + 1);
    // Now the 500 is at the head and any request takes it.
    expect((await post(sandbox.url, { query: PUBLIC_QUERY })).status).toBe(500);
    expect((await post(sandbox.url, { query: PUBLIC_QUERY })).status).toBe(200);
    await client.close();
  });

  it('count counts only targeted requests', async () => {
    const { client } = clientOf(sandbox);
    sandbox.fail_next({ kind: 'site_error', error_type: 'parallelCasinoBet', operations: ['LimboBet'] }, 2);
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) {
      await client.dice(DICE);
      const limbo = await client.limbo({ amount: 0.01, currency: 'btc', multiplierTarget: 2 }).then(
        () => 'ok',
        (e: unknown) => (e instanceof GraphQLError ? String(e.error_type) : 'other'),
      );
      outcomes.push(limbo);
    }
    expect(outcomes).toEqual(['parallelCasinoBet', 'parallelCasinoBet', 'ok']);
    await client.close();
  });

  it('fail_every: every 3rd targeted request, queries between them untouched, until clear_faults', async () => {
    const { client } = clientOf(sandbox);
    sandbox.fail_every({ kind: 'site_error', error_type: 'insufficientBalance', operations: ['DiceRoll'] }, 3);
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i++) {
      await client.active_seeds();
      outcomes.push(await client.dice(DICE).then(() => 'ok', (e: unknown) => (e instanceof GraphQLError ? String(e.error_type) : 'other')));
    }
    expect(outcomes).toEqual(['ok', 'ok', 'insufficientBalance', 'ok', 'ok', 'insufficientBalance', 'ok']);
    sandbox.clear_faults();
    for (let i = 0; i < 3; i++) await client.dice(DICE);
    await client.close();
  });

  it('clear_faults drops queued faults too', async () => {
    sandbox.fail_next({ kind: 'status', status: 502 }, 5);
    sandbox.clear_faults();
    expect((await post(sandbox.url, { query: PUBLIC_QUERY })).status).toBe(200);
  });
});

describe('sandbox faults at random', () => {
  /** Sends `n` public queries one after another; the indices answered with `status`. */
  async function failingIndices(box: Sandbox, n: number, status: number): Promise<number[]> {
    const failed: number[] = [];
    for (let i = 0; i < n; i++) if ((await post(box.url, { query: PUBLIC_QUERY })).status === status) failed.push(i);
    return failed;
  }

  it('fires at the probability asked: 2,000 requests at p = 0.25 stay within 5 sigma of 500', async () => {
    await using box = await start_sandbox();
    box.fail_randomly({ kind: 'status', status: 503 }, 0.25, { seed: 'rate' });
    const n = 2000;
    const failed = await failingIndices(box, n, 503);
    // Binomial(2000, 0.25): mean 500, sigma sqrt(2000 * 0.25 * 0.75) = 19.4.
    const sigma = Math.sqrt(n * 0.25 * 0.75);
    expect(Math.abs(failed.length - 500)).toBeLessThan(5 * sigma);
    expect(box.stats().faults_applied['status']).toBe(failed.length);
  });

  it('a seed repeats the same requests; another seed picks others; no seed still fires', async () => {
    const run = async (options?: { seed?: string }): Promise<number[]> => {
      await using box = await start_sandbox();
      box.fail_randomly({ kind: 'status', status: 503 }, 0.3, options);
      return await failingIndices(box, 200, 503);
    };
    const first = await run({ seed: 'soak-1' });
    expect(await run({ seed: 'soak-1' })).toEqual(first);
    expect(await run({ seed: 'soak-2' })).not.toEqual(first);
    // 200 draws at 0.3 all missing has probability 0.7^200 < 1e-30.
    expect((await run()).length).toBeGreaterThan(0);
  });

  it('draws only for targeted requests: a random bet fault never touches the queries', async () => {
    await using box = await start_sandbox();
    const { client } = clientOf(box);
    box.fail_randomly({ kind: 'site_error', error_type: 'parallelCasinoBet', operations: ['DiceRoll'] }, 0.5, { seed: 's' });
    let refused = 0;
    for (let i = 0; i < 40; i++) {
      await client.active_seeds();
      await client.dice(DICE).catch((e: unknown) => {
        if (!(e instanceof GraphQLError) || e.error_type !== 'parallelCasinoBet') throw e;
        refused++;
      });
    }
    expect(box.stats().faults_applied['site_error:parallelCasinoBet']).toBe(refused);
    // 40 draws at 0.5: none or all firing has probability 2^-39.
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(40);
    await client.close();
  });

  it('a queued fault comes before a standing one', async () => {
    await using box = await start_sandbox();
    box.fail_randomly({ kind: 'status', status: 503 }, 1);
    box.fail_next({ kind: 'status', status: 500 });
    expect((await post(box.url, { query: PUBLIC_QUERY })).status).toBe(500);
    expect((await post(box.url, { query: PUBLIC_QUERY })).status).toBe(503);
  });
});

describe('sandbox fault checks', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox();
  });
  afterAll(() => sandbox.close());

  it('refuses bad new faults with typed errors naming the field, and queues nothing', async () => {
    expect(() => sandbox.fail_next({ kind: 'site_error', error_type: 'nope' } as never)).toThrow(/error_type must be one of/);
    expect(() => sandbox.fail_next({ kind: 'site_error' } as never)).toThrow(TypeError);
    expect(() => sandbox.fail_next({ kind: 'drop', operations: [] })).toThrow(RangeError);
    expect(() => sandbox.fail_next({ kind: 'drop', operations: 'DiceRoll' } as never)).toThrow(TypeError);
    expect(() => sandbox.fail_next({ kind: 'drop', operations: ['Dice Roll'] })).toThrow(/operations\[0\]/);
    expect(() => sandbox.fail_next({ kind: 'drop', operations: [7] } as never)).toThrow(TypeError);
    expect(() => sandbox.fail_randomly({ kind: 'drop' }, 0)).toThrow(RangeError);
    expect(() => sandbox.fail_randomly({ kind: 'drop' }, 1.5)).toThrow(RangeError);
    expect(() => sandbox.fail_randomly({ kind: 'drop' }, Number.NaN)).toThrow(RangeError);
    expect(() => sandbox.fail_randomly({ kind: 'drop' }, '0.5' as never)).toThrow(TypeError);
    expect(() => sandbox.fail_randomly({ kind: 'drop' }, 0.5, { seed: 5 } as never)).toThrow(/options\.seed/);
    expect(() => sandbox.fail_randomly({ kind: 'explode' } as never, 0.5)).toThrow(/^fail_randomly: /);
    expect(() => sandbox.fail_every({ kind: 'drop' }, 0)).toThrow(RangeError);
    expect(() => sandbox.fail_every({ kind: 'drop' }, 2.5)).toThrow(RangeError);
    for (let i = 0; i < 3; i++) expect((await post(sandbox.url, { query: PUBLIC_QUERY })).status).toBe(200);
    expect(sandbox.stats().faults_applied).toEqual({});
  });
});
