/**
 * On the direct path, a refusal carrying Kasada's `x-kpsdk-*` headers is a
 * ChallengeError with `vendor: 'kasada'`, never retried (not even a 429,
 * which is retried otherwise), naming the browser path; Cloudflare's
 * challenge keeps `vendor: 'cloudflare'`; a plain 403 stays what it was.
 */
import { describe, expect, it } from 'vitest';
import { ChallengeError, RateLimitError, StakeClient, TransportError, type FetchLike } from '../../src/facade/index.js';

function answering(status: number, headers: Record<string, string>, body = '{}'): { fetch: FetchLike; calls: () => number } {
  let calls = 0;
  return {
    fetch: async () => {
      calls++;
      return new Response(body, { status, headers });
    },
    calls: () => calls,
  };
}

const TOKEN = 'c'.repeat(96);

async function refusal(status: number, headers: Record<string, string>, body?: string): Promise<{ error: unknown; calls: number }> {
  const server = answering(status, headers, body);
  const client = new StakeClient({ access_token: TOKEN, fetch: server.fetch, _sleep: async () => {} });
  const error = await client.balances().catch((e: unknown) => e);
  await client.close();
  return { error, calls: server.calls() };
}

describe('who refused, on the direct path', () => {
  it('names Kasada for each of its header names, on 403 and 429, never retried', async () => {
    for (const name of ['x-kpsdk-ct', 'x-kpsdk-cd', 'x-kpsdk-h', 'x-kpsdk-v', 'x-kpsdk-a', 'x-kpsdk-d', 'x-kpsdk-r']) {
      for (const status of [403, 429]) {
        const { error, calls } = await refusal(status, { [name]: 'x' });
        expect(ChallengeError.is(error), `${name} ${status}`).toBe(true);
        expect((error as ChallengeError).vendor).toBe('kasada');
        expect((error as ChallengeError).message).toMatch(/Kasada.*--browser/s);
        expect(JSON.stringify(error)).not.toContain(TOKEN);
        expect(calls).toBe(1);
      }
    }
  });

  it('keeps Cloudflare\'s challenge as vendor cloudflare, and a 429 or 403 without Kasada\'s headers as before', async () => {
    const cf = await refusal(403, { 'cf-mitigated': 'challenge', 'content-type': 'text/html' }, '<html></html>');
    expect((cf.error as ChallengeError).vendor).toBe('cloudflare');
    expect((cf.error as ChallengeError).message).toContain('Cloudflare');
    const limited = await refusal(429, {});
    expect(RateLimitError.is(limited.error)).toBe(true);
    expect(limited.calls).toBe(3);
    const plain = await refusal(403, { 'content-type': 'application/json' });
    expect(TransportError.is(plain.error)).toBe(true);
  });

  it('sends the web app\'s x-language, x-operation-name and x-operation-type', async () => {
    let seen: Record<string, string> = {};
    const client = new StakeClient({
      access_token: TOKEN,
      fetch: async (_url, init) => {
        seen = init.headers;
        return new Response('{"data":{"x":1}}', { status: 200 });
      },
    });
    await client.graphql('mutation Named { x }');
    await client.close();
    expect(seen['x-operation-name']).toBe('Named');
    expect(seen['x-operation-type']).toBe('mutation');
    expect(seen['x-language']).toBe('en');
  });
});
