import { StakeError, name_error_class, type StakeErrorInit } from './stake-error.js';

/** Fields of a {@link RateLimitError}. */
export interface RateLimitErrorInit extends StakeErrorInit {
  /** How long the server asked to wait (from `Retry-After`), or null when it did not say. */
  readonly retry_after_ms: number | null;
  /** Why the client gave up instead of waiting. */
  readonly detail?: string;
}

/**
 * HTTP 429: too many requests. Queries are retried (honouring `Retry-After`)
 * before this is thrown; it is thrown at once for a mutation, or when the
 * server asks for a longer wait than `retry.max_delay_ms`.
 */
export class RateLimitError extends StakeError {
  declare readonly name: 'RateLimitError';
  /** Milliseconds the server asked to wait (`Retry-After`, either form), or null. */
  readonly retry_after_ms: number | null;

  constructor(init: RateLimitErrorInit) {
    const op = init.operation_name === null || init.operation_name === undefined ? '' : ` for ${init.operation_name}`;
    const wait = init.retry_after_ms === null ? '' : `; the server asks to wait ${Math.ceil(init.retry_after_ms / 1000)} s`;
    const detail = init.detail === undefined ? '' : ` (${init.detail})`;
    super(`Rate limited (HTTP ${init.status ?? 429})${op}${wait}${detail}`, { ...init, status: init.status ?? 429 });
    this.retry_after_ms = init.retry_after_ms;
  }
}
name_error_class(RateLimitError, 'RateLimitError');
