import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { PUBLIC_QUERY, USER_QUERY, authHeaders, post, rawPost } from './http.js';

describe('sandbox stats', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox();
  });
  afterAll(() => sandbox.close());

  it('counts requests, operations and tokens in arrival order', async () => {
    const start = sandbox.stats();
    const login = sandbox.login();
    await post(sandbox.url, { query: USER_QUERY }, authHeaders(login));
    await post(sandbox.url, { query: PUBLIC_QUERY });
    await post(sandbox.url, { query: PUBLIC_QUERY, operationName: 'Named' });
    await post(sandbox.url, '{not json');
    const stats = sandbox.stats();
    expect(stats.requests).toBe(start.requests + 4);
    expect(stats.by_operation['Me']).toBe((start.by_operation['Me'] ?? 0) + 1);
    expect(stats.by_operation['Named']).toBe((start.by_operation['Named'] ?? 0) + 1);
    expect(stats.by_operation['']).toBe((start.by_operation[''] ?? 0) + 2);
    expect(stats.tokens_seen.slice(start.tokens_seen.length)).toEqual([login.access_token]);
    expect(stats.mutations_executed).toBe(start.mutations_executed);
  });

  it('counts repeated Cookie and X-Access-Token header lines one by one', async () => {
    const login = sandbox.login();
    const before = sandbox.stats().header_line_counts.length;
    await rawPost(
      sandbox.url,
      [
        ['Cookie', `session=${login.session_cookie}`],
        ['cookie', 'cf_clearance=abc'],
        ['X-Access-Token', login.access_token],
      ],
      JSON.stringify({ query: PUBLIC_QUERY }),
    );
    await rawPost(
      sandbox.url,
      [
        ['x-access-token', login.access_token],
        ['X-ACCESS-TOKEN', login.access_token],
      ],
      JSON.stringify({ query: USER_QUERY }),
    );
    const stats = sandbox.stats();
    expect(stats.header_line_counts.slice(before)).toEqual([
      { cookie: 2, access_token: 1 },
      { cookie: 0, access_token: 2 },
    ]);
  });

  it('answers 401 for two token lines (Node joins them into one malformed value)', async () => {
    const login = sandbox.login();
    const status = await rawPost(
      sandbox.url,
      [
        ['x-access-token', login.access_token],
        ['x-access-token', login.access_token],
      ],
      JSON.stringify({ query: USER_QUERY }),
    );
    expect(status).toBe(401);
  });

  it('keeps the last request headers, repeated Cookie lines joined as Node joins them', async () => {
    await rawPost(
      sandbox.url,
      [
        ['Cookie', 'a=1'],
        ['Cookie', 'b=2'],
        ['User-Agent', 'stats-test'],
      ],
      JSON.stringify({ query: PUBLIC_QUERY }),
    );
    const headers = sandbox.stats().last_headers;
    expect(headers['cookie']).toBe('a=1; b=2');
    expect(headers['user-agent']).toBe('stats-test');
  });

  it('returns a copy that later requests do not change', async () => {
    const snapshot = sandbox.stats();
    const requests = snapshot.requests;
    await post(sandbox.url, { query: PUBLIC_QUERY });
    expect(snapshot.requests).toBe(requests);
    expect(sandbox.stats().requests).toBe(requests + 1);
  });

  it('counts requests to the GraphQL path whatever their outcome, and only those', async () => {
    const before = sandbox.stats().requests;
    await fetch(`${sandbox.url}/_api/graphql`, { signal: AbortSignal.timeout(10_000) });
    await fetch(`${sandbox.url}/elsewhere`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(10_000) });
    expect(sandbox.stats().requests).toBe(before + 1);
  });
});
