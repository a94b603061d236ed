/**
 * Reconnection waits: exponential backoff with "full jitter" (a uniformly
 * random wait below the exponential cap), so many clients dropped at once do
 * not come back in step. Waits end early when the connection is closed.
 */

/** The wait before reconnection attempt `attempt` (0 for the first): random in [0, min(max, base·2^attempt)). */
export function full_jitter_delay(attempt: number, base_ms: number, max_ms: number, random: () => number): number {
  const cap = Math.min(max_ms, base_ms * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * cap);
}

/**
 * Resolves after `ms`, or at once when `signal` aborts. The timer keeps the
 * process alive on purpose: a program waiting to reconnect must not exit.
 */
export function sleep_unless_aborted(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
