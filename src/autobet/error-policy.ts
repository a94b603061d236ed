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
