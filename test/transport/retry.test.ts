import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_RETRY, backoff_delay, plan_retry, resolve_retry_options, sleep } from '../../src/transport/retry.js';

const opts = { limit: 3, base_delay_ms: 100, max_delay_ms: 1000 };

describe('backoff_delay (full jitter)', () => {
  it('stays below min(max, base * 2^retry) for any draw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (retry, r) => {
        const d = backoff_delay(retry, opts, () => r);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(Math.max(1, Math.min(1000, 100 * 2 ** retry)));
      }),
    );
  });

  it('doubles its ceiling until the cap', () => {
    const top = () => 0.999999;
    expect(backoff_delay(0, opts, top)).toBe(99);
    expect(backoff_delay(1, opts, top)).toBe(199);
    expect(backoff_delay(2, opts, top)).toBe(399);
    expect(backoff_delay(5, opts, top)).toBe(999);
    expect(backoff_delay(3, opts, () => 0)).toBe(0);
  });
});

describe('plan_retry', () => {
  const base = { is_query: true, retryable: true, retries_done: 0, retry_after_ms: null };

  it('never retries a mutation, whatever happened', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 5 }), fc.option(fc.integer({ min: 0, max: 5000 })), (retryable, done, ra) => {
        expect(plan_retry({ is_query: false, retryable, retries_done: done, retry_after_ms: ra }, opts).retry).toBe(false);
      }),
    );
  });

  it('never retries a failure that is not retryable', () => {
    expect(plan_retry({ ...base, retryable: false }, opts)).toEqual({ retry: false, why: 'this failure is not retried' });
  });

  it('stops after limit retries', () => {
    expect(plan_retry({ ...base, retries_done: 2 }, opts).retry).toBe(true);
    expect(plan_retry({ ...base, retries_done: 3 }, opts).retry).toBe(false);
    expect(plan_retry(base, { ...opts, limit: 0 }).retry).toBe(false);
  });

  it('waits exactly Retry-After when it is within the cap', () => {
    expect(plan_retry({ ...base, retry_after_ms: 1000 }, opts)).toEqual({ retry: true, delay_ms: 1000 });
    expect(plan_retry({ ...base, retry_after_ms: 0 }, opts)).toEqual({ retry: true, delay_ms: 0 });
  });

  it('gives up instead of waiting longer than max_delay_ms', () => {
    const plan = plan_retry({ ...base, retry_after_ms: 1001 }, opts);
    expect(plan.retry).toBe(false);
    expect(plan.retry === false && plan.why).toMatch(/Retry-After exceeds/);
  });

  it('uses jittered backoff without Retry-After', () => {
    expect(plan_retry({ ...base, retries_done: 1 }, opts, () => 0.5)).toEqual({ retry: true, delay_ms: 100 });
  });
});

describe('resolve_retry_options', () => {
  it('fills defaults', () => {
    expect(resolve_retry_options(undefined)).toEqual(DEFAULT_RETRY);
    expect(resolve_retry_options({ limit: 0 })).toEqual({ ...DEFAULT_RETRY, limit: 0 });
  });
  it('rejects bad values with TypeError / RangeError', () => {
    expect(() => resolve_retry_options({ limit: '2' as unknown as number })).toThrow(TypeError);
    expect(() => resolve_retry_options({ limit: 1.5 })).toThrow(RangeError);
    expect(() => resolve_retry_options({ limit: -1 })).toThrow(RangeError);
    expect(() => resolve_retry_options({ base_delay_ms: Number.NaN })).toThrow(RangeError);
    expect(() => resolve_retry_options({ max_delay_ms: Infinity })).toThrow(RangeError);
    expect(() => resolve_retry_options([] as unknown as object)).toThrow(TypeError);
  });
});

describe('sleep', () => {
  it('resolves after the delay', async () => {
    await expect(sleep(1, new AbortController().signal)).resolves.toBeUndefined();
  });
  it('rejects with the signal\'s reason as soon as it aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
  });
  it('rejects at once on an aborted signal', async () => {
    await expect(sleep(60_000, AbortSignal.abort('gone'))).rejects.toBe('gone');
  });
});
