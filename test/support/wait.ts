/** A bounded wait for a condition the test cannot be told about by an event. */

/**
 * Polls `condition` every few ms until it holds; throws naming `what` when it
 * has not after `timeout_ms` (a bound against a hang, not a speed assertion).
 */
export async function wait_until(condition: () => boolean, what: string, timeout_ms = 10_000): Promise<void> {
  const deadline = Date.now() + timeout_ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** {@link wait_until} for a condition that must be asked for (an HTTP read, a query). */
export async function wait_until_async(condition: () => Promise<boolean>, what: string, timeout_ms = 10_000): Promise<void> {
  const deadline = Date.now() + timeout_ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
