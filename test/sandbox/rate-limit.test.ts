import { afterEach, describe, expect, it, vi } from 'vitest';
import { start_sandbox } from '../../src/sandbox/index.js';
import { type ErrorList, PUBLIC_QUERY, post } from './http.js';

describe('sandbox rate limit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 429 with Retry-After past the limit, and lets requests through once the window moves on', async () => {
    const sandbox = await start_sandbox({ rate_limit: { max_requests: 2, window_ms: 30_000 } });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      expect((await post(sandbox.url, { query: PUBLIC_QUERY })).status).toBe(200);
      expect((await post(sandbox.url, { query: PUBLIC_QUERY })).status).toBe(200);
      const limited = await post(sandbox.url, { query: PUBLIC_QUERY });
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(30);
      expect((limited.json?.['errors'] as ErrorList)[0]?.message).toEqual(expect.any(String));
      vi.setSystemTime(start + 31_000);
      expect((await post(sandbox.url, { query: PUBLIC_QUERY })).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('sends the configured Retry-After', async () => {
    const sandbox = await start_sandbox({ rate_limit: { max_requests: 1, window_ms: 60_000, retry_after_seconds: 17 } });
    try {
      await post(sandbox.url, { query: PUBLIC_QUERY });
      const limited = await post(sandbox.url, { query: PUBLIC_QUERY });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('17');
      expect(sandbox.stats().requests).toBe(2);
    } finally {
      await sandbox.close();
    }
  });
});
