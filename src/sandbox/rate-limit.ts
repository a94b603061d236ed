/**
 * The sandbox's rate limit: a sliding window over the requests it let
 * through, shared by all clients. Time is `Date.now()` so fake clocks move it.
 */

/** Counts admitted requests over the last `windowMs`. */
export class RateLimiter {
  readonly #admitted: number[] = [];

  constructor(
    readonly maxRequests: number,
    readonly windowMs: number,
    readonly retryAfterSeconds: number | undefined,
  ) {}

  /**
   * Admits (and counts) a request, returning null, or refuses it, returning
   * the seconds to wait (the configured value, else until the oldest admitted
   * request leaves the window, at least 1). Refused requests are not counted.
   */
  admit(): number | null {
    const now = Date.now();
    while (this.#admitted.length > 0 && (this.#admitted[0] as number) <= now - this.windowMs) {
      this.#admitted.shift();
    }
    if (this.#admitted.length < this.maxRequests) {
      this.#admitted.push(now);
      return null;
    }
    if (this.retryAfterSeconds !== undefined) return this.retryAfterSeconds;
    const oldest = this.#admitted[0] as number;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }
}
