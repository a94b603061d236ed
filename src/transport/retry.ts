import { check_number, type NumberRule } from '../games/kernel/number.js';

/** A delay: what setTimeout takes without overflowing. */
const MS: NumberRule = { min: 0, max: 2_147_483_647, unit: 'milliseconds' };

/** How queries are retried (mutations never are). */
export interface RetryOptions {
  /** Most resends after the first attempt; 0 disables retrying. Default 2. */
  readonly limit: number;
  /** First backoff ceiling in ms; doubles each retry (full jitter below it). Default 300. */
  readonly base_delay_ms: number;
  /**
   * Longest wait in ms, for backoff and for a server's `Retry-After`. When the
   * server asks for longer, the client rejects at once (with the wait in the
   * error) instead of sleeping silently for minutes. Default 10000.
   */
  readonly max_delay_ms: number;
}

/** The defaults of {@link RetryOptions}. */
export const DEFAULT_RETRY: RetryOptions = Object.freeze({ limit: 2, base_delay_ms: 300, max_delay_ms: 10_000 });

/** Fills and checks retry options; TypeError / RangeError on a bad value. */
export function resolve_retry_options(value: Partial<RetryOptions> | null | undefined): RetryOptions {
  if (value === undefined || value === null) return DEFAULT_RETRY;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError('retry must be an object { limit, base_delay_ms, max_delay_ms }');
  }
  const limit = value.limit ?? DEFAULT_RETRY.limit;
  const base = value.base_delay_ms ?? DEFAULT_RETRY.base_delay_ms;
  const max = value.max_delay_ms ?? DEFAULT_RETRY.max_delay_ms;
  return Object.freeze({
    limit: check_number(limit, 'retry.limit', { min: 0, max: 100, integer: true }),
    base_delay_ms: check_number(base, 'retry.base_delay_ms', MS),
    max_delay_ms: check_number(max, 'retry.max_delay_ms', MS),
  });
}


/**
 * Exponential backoff with full jitter: a uniform wait in
 * [0, min(max, base * 2^retry)), so clients that failed together do not
 * come back together. `retry` counts from 0; `random` returns [0, 1).
 */
export function backoff_delay(retry: number, options: RetryOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.max_delay_ms, options.base_delay_ms * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/** The outcome of {@link plan_retry}: wait this long then resend, or give up. */
export type RetryPlan = { readonly retry: true; readonly delay_ms: number } | { readonly retry: false; readonly why: string };

/** What {@link plan_retry} needs to know about a failed attempt. */
export interface RetryInput {
  /** Only queries are ever retried. */
  readonly is_query: boolean;
  /** Whether this failure is of a retryable kind (network, timeout, 429, 5xx). */
  readonly retryable: boolean;
  /** Retries already made for this call. */
  readonly retries_done: number;
  /** The server's `Retry-After` in ms, or null. */
  readonly retry_after_ms: number | null;
}

/**
 * Decides whether to resend. Pure, so the rules are tested on their own:
 * never a mutation, never a non-retryable failure, at most `limit` retries,
 * `Retry-After` honoured exactly unless it exceeds `max_delay_ms` (then give up).
 */
export function plan_retry(input: RetryInput, options: RetryOptions, random: () => number = Math.random): RetryPlan {
  if (!input.is_query) return { retry: false, why: 'mutations are never retried automatically' };
  if (!input.retryable) return { retry: false, why: 'this failure is not retried' };
  if (input.retries_done >= options.limit) return { retry: false, why: `gave up after ${input.retries_done} retries` };
  if (input.retry_after_ms !== null) {
    if (input.retry_after_ms > options.max_delay_ms) {
      return { retry: false, why: `Retry-After exceeds retry.max_delay_ms (${options.max_delay_ms} ms)` };
    }
    return { retry: true, delay_ms: input.retry_after_ms };
  }
  return { retry: true, delay_ms: backoff_delay(input.retries_done, options, random) };
}

/**
 * Resolves after `ms`, or rejects with `signal.reason` as soon as the signal
 * aborts (the client links it to the caller's signal and to `close()`), so no
 * timer outlives the call that set it.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
