/**
 * What the engine does when the site refuses a bet or its answer is lost.
 * Refusals carry the site's errorType: nothing was booked, so the engine may
 * wait and send the bet again (a new intent, a new identifier) or stop.
 * Lost answers are always resolved first (see reconcile.ts), whatever the policy.
 */

/** The engine's reaction to a refusal. */
export type RefusalAction = 'stop' | 'wait';

/** How the engine reacts to failures; {@link DEFAULT_ERROR_POLICY} unless a caller sets its own. */
export interface ErrorPolicy {
  /** By the site's errorType. */
  readonly refused: Readonly<Record<string, RefusalAction>>;
  /** For an errorType not listed. */
  readonly refused_default: RefusalAction;
  /** Tries of one bet (refusals that wait, not-sent, not-placed after a lost answer) before the run stops. */
  readonly max_attempts: number;
  /** The wait before try `attempt + 1`, in ms. */
  readonly backoff_ms: (attempt: number) => number;
  /**
   * When set, a bet's failures are waited out for this long (ms, from its
   * first failure) instead of `max_attempts` tries; see {@link retry_for_policy}.
   */
  readonly retry_for_ms?: number;
}

/**
 * - `parallelCasinoBet` (another bet of the account in flight): wait, adopt
 *   whatever the site booked meanwhile, send again;
 * - `insufficientBalance` and every other refusal: stop with `error:<errorType>`;
 * - lost answers (network, timeout, 5xx, 429, a challenge page): resolve; a bet
 *   found not placed is sent again after a backoff (1 s, 2 s, 4 s … 30 s),
 *   at most 8 tries in all, then the run stops with `error:network`,
 *   `error:rateLimited` or `error:challenge`.
 */
export const DEFAULT_ERROR_POLICY: ErrorPolicy = Object.freeze({
  refused: Object.freeze({ parallelCasinoBet: 'wait', insufficientBalance: 'stop' }),
  refused_default: 'stop',
  max_attempts: 8,
  backoff_ms: (attempt: number) => Math.min(30_000, 1000 * 2 ** (attempt - 1)),
});

/** `--retry-for`'s ceiling: a day. */
export const MAX_RETRY_FOR_MS = 24 * 3_600_000;
/** The longest single wait while waiting out trouble. */
export const MAX_BACKOFF_MS = 60_000;

/**
 * The default policy, but waiting out trouble for `retry_for_ms` of one bet's
 * failures rather than a number of tries: backoff 1 s, 2 s, 4 s … capped at
 * 60 s (a Retry-After the site gives is honoured), until the time is spent.
 * @throws RangeError when `retry_for_ms` is not a whole number of ms from 1 to 24 h.
 */
export function retry_for_policy(retry_for_ms: number, base: ErrorPolicy = DEFAULT_ERROR_POLICY): ErrorPolicy {
  if (!Number.isInteger(retry_for_ms) || retry_for_ms < 1 || retry_for_ms > MAX_RETRY_FOR_MS) {
    throw new RangeError('retry_for_ms must be a whole number of milliseconds from 1 to 24 hours');
  }
  return Object.freeze({ ...base, max_attempts: Number.MAX_SAFE_INTEGER, backoff_ms: (attempt: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempt - 1, 16)), retry_for_ms });
}

/** One bet's spell of failures under a policy: when to give up, how long to wait. */
export class RetryWindow {
  readonly #policy: ErrorPolicy;
  readonly #now: () => number;
  #since: number | null = null;

  constructor(policy: ErrorPolicy, now: () => number) {
    this.#policy = policy;
    this.#now = now;
  }

  /** A try failed: the spell starts now unless it already has. */
  failed(): void {
    this.#since ??= this.#now();
  }

  /** Whether the run must stop after failed try `attempt`. */
  exhausted(attempt: number): boolean {
    const limit = this.#policy.retry_for_ms;
    if (limit === undefined) return attempt >= this.#policy.max_attempts;
    return this.#now() - (this.#since ?? this.#now()) >= limit;
  }

  /** Time left of the window (Infinity without `retry_for_ms`). */
  left_ms(): number {
    const limit = this.#policy.retry_for_ms;
    if (limit === undefined) return Infinity;
    return this.#since === null ? limit : Math.max(0, limit - (this.#now() - this.#since));
  }

  /** The wait before try `attempt + 1`: the backoff or the site's Retry-After, whichever is longer, within the window. */
  wait_ms(attempt: number, retry_after_ms: number | null = null): number {
    const wanted = Math.max(this.#policy.backoff_ms(attempt), retry_after_ms ?? 0);
    const capped = this.#policy.retry_for_ms === undefined ? wanted : Math.min(wanted, MAX_BACKOFF_MS);
    return Math.min(capped, this.left_ms());
  }
}
