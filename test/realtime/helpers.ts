/** Shared pieces of the realtime tests: bounded waits, a reader that counts events. */
import type { Sandbox } from '../../src/sandbox/index.js';
import { wait_until } from '../support/wait.js';

export { wait_until };

/** Waits until the sandbox holds `n` live subscriptions. */
export function subscriptions_live(sandbox: Sandbox, n: number, timeout_ms?: number): Promise<void> {
  return wait_until(() => sandbox.websocket_stats().live_subscriptions === n, `${n} live subscriptions`, timeout_ms);
}

/** Reads an async iterable in the background, keeping every value and how it ended. */
export class Reader<T> {
  readonly values: T[] = [];
  error: unknown = undefined;
  ended = false;
  readonly done: Promise<void>;

  constructor(iterable: AsyncIterable<T>) {
    this.done = (async () => {
      try {
        for await (const value of iterable) this.values.push(value);
      } catch (error) {
        this.error = error;
      } finally {
        this.ended = true;
      }
    })();
  }
}
