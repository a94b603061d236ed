/**
 * The async iterable a subscription hands its caller: results are queued in
 * arrival order until read; the first failure is thrown once, after the
 * results that came before it; `return()` (a `break` out of `for await`)
 * unsubscribes.
 */

type Ending = { readonly kind: 'done' } | { readonly kind: 'error'; readonly error: unknown };

/** A subscription's results, as an `AsyncIterableIterator`. */
export class SubscriptionIterator<T> implements AsyncIterableIterator<T> {
  readonly #queue: T[] = [];
  #head = 0;
  #waiting: { resolve: (r: IteratorResult<T>) => void; reject: (e: unknown) => void } | null = null;
  #ending: Ending | null = null;
  #thrown = false;
  #release: (() => void) | null;

  /** `release` unsubscribes; it runs once, whichever way the iterator ends. */
  constructor(release: () => void) {
    this.#release = release;
  }

  /** Whether the iterator has ended (failure, completion, return, close). */
  get ended(): boolean {
    return this.#ending !== null;
  }

  /** Queues a result (ignored once ended). */
  push(value: T): void {
    if (this.#ending !== null) return;
    const waiting = this.#waiting;
    if (waiting !== null) {
      this.#waiting = null;
      waiting.resolve({ value, done: false });
      return;
    }
    this.#queue.push(value);
  }

  /** Ends with `error`, thrown after the results already queued. */
  fail(error: unknown): void {
    this.#end({ kind: 'error', error });
  }

  /** Ends normally, after the results already queued. */
  finish(): void {
    this.#end({ kind: 'done' });
  }

  next(): Promise<IteratorResult<T>> {
    if (this.#head < this.#queue.length) {
      const value = this.#queue[this.#head] as T;
      this.#head++;
      // Compact now and then so a long stream does not keep every result.
      if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
        this.#queue.splice(0, this.#head);
        this.#head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    const ending = this.#ending;
    if (ending === null) {
      return new Promise((resolve, reject) => {
        this.#waiting = { resolve, reject };
      });
    }
    if (ending.kind === 'error' && !this.#thrown) {
      this.#thrown = true;
      return Promise.reject(ending.error);
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  return(): Promise<IteratorResult<T>> {
    this.#queue.length = 0;
    this.#head = 0;
    this.#thrown = true;
    this.#end({ kind: 'done' });
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  #end(ending: Ending): void {
    if (this.#ending !== null) return;
    this.#ending = ending;
    const release = this.#release;
    this.#release = null;
    release?.();
    const waiting = this.#waiting;
    if (waiting === null) return;
    this.#waiting = null;
    if (ending.kind === 'error') {
      this.#thrown = true;
      waiting.reject(ending.error);
    } else {
      waiting.resolve({ value: undefined, done: true });
    }
  }
}
