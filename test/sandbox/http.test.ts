import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { type ErrorList, PUBLIC_QUERY, post } from './http.js';
import { wait_until } from '../support/wait.js';

describe('sandbox HTTP surface', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await start_sandbox();
  });
  afterAll(() => sandbox.close());

  it('answers 404 on other paths', async () => {
    const res = await fetch(`${sandbox.url}/api/graphql`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });

  it('answers 405 to other methods on the GraphQL path', async () => {
    const res = await fetch(`${sandbox.url}/_api/graphql`, { signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    await res.arrayBuffer();
  });

  it('accepts a query string on the GraphQL path', async () => {
    const res = await fetch(`${sandbox.url}/_api/graphql?x=1`, {
      method: 'POST',
      body: JSON.stringify({ query: PUBLIC_QUERY }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it('answers 400 with an errors array to malformed JSON and to bodies without a query', async () => {
    for (const body of ['{"query": ', '[]', '"text"', '{"variables":{}}', '{"query":"{ x }","variables":[1]}', '{"query":"{ x }","operationName":5}']) {
      const reply = await post(sandbox.url, body);
      expect(reply.status).toBe(400);
      expect((reply.json?.['errors'] as ErrorList)[0]?.message).toEqual(expect.any(String));
    }
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const reply = await post(sandbox.url, JSON.stringify({ query: PUBLIC_QUERY, pad: 'x'.repeat(1024 * 1024) }));
    expect(reply.status).toBe(413);
  });

  it('reports GraphQL syntax and validation errors as GraphQL errors', async () => {
    const syntax = await post(sandbox.url, { query: '{ user {' });
    expect(syntax.status).toBe(200);
    expect((syntax.json?.['errors'] as ErrorList)[0]?.message).toMatch(/Syntax Error/);
    const unknown = await post(sandbox.url, { query: '{ nonsense }' });
    expect((unknown.json?.['errors'] as ErrorList)[0]?.message).toMatch(/nonsense/);
    expect(unknown.json?.['data']).toBeUndefined();
  });

  it('answers the same query the same way from its cache', async () => {
    const first = await post(sandbox.url, { query: PUBLIC_QUERY });
    const second = await post(sandbox.url, { query: PUBLIC_QUERY });
    expect(second.json).toEqual(first.json);
    const bad1 = await post(sandbox.url, { query: '{ nonsense }' });
    const bad2 = await post(sandbox.url, { query: '{ nonsense }' });
    expect(bad2.json).toEqual(bad1.json);
  });

  it('picks the operation named by operationName', async () => {
    const query = `${PUBLIC_QUERY.replace('{', 'query A {')} query B { __typename }`;
    const reply = await post(sandbox.url, { query, operationName: 'B' });
    expect(reply.json?.['data']).toEqual({ __typename: 'Query' });
    const unnamed = await post(sandbox.url, { query });
    expect((unnamed.json?.['errors'] as ErrorList).length).toBe(1);
  });

  it('answers like Cloudflare-fronted JSON', async () => {
    const reply = await post(sandbox.url, { query: PUBLIC_QUERY });
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.headers.get('server')).toBe('cloudflare');
    expect(reply.headers.get('cf-ray')).toMatch(/^[0-9a-f]{16}-[A-Z]{3}$/);
  });
});

describe('sandbox lifecycle', () => {
  it('close() drops in-flight keep-alive connections, resolves, and is safe to call twice', async () => {
    const sandbox = await start_sandbox();
    await post(sandbox.url, { query: PUBLIC_QUERY });
    sandbox.fail_next({ kind: 'slow', delay_ms: 60_000 });
    const arrived = sandbox.stats().requests;
    const pending = post(sandbox.url, { query: PUBLIC_QUERY });
    await wait_until(() => sandbox.stats().requests !== arrived, 'the request to reach the sandbox');
    const first = sandbox.close();
    const second = sandbox.close();
    await expect(pending).rejects.toThrow();
    await first;
    await second;
    await expect(sandbox.close()).resolves.toBeUndefined();
    await expect(post(sandbox.url, { query: PUBLIC_QUERY })).rejects.toThrow();
  });

  it('Symbol.asyncDispose closes it', async () => {
    const sandbox = await start_sandbox();
    const { url } = sandbox;
    await sandbox[Symbol.asyncDispose]();
    await expect(post(url, { query: PUBLIC_QUERY })).rejects.toThrow();
  });

  it('listens on the port it is given', async () => {
    const probe = await start_sandbox();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const sandbox = await start_sandbox({ port });
    try {
      expect(sandbox.url).toBe(`http://127.0.0.1:${port}`);
      await expect(start_sandbox({ port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await sandbox.close();
    }
  });
});
