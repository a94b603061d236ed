/**
 * A push-fed async iterator: the shape graphql-js wants from a subscription
 * resolver. Values pushed before anyone pulls wait in order; `return()`
 * (called by graphql-ws when the client completes or the socket closes)
 * ends it and runs the cleanup once.
 */
export class Channel<T> implements AsyncIterableIterator<T> {
  // A read index instead of shift(): shift is linear, and a burst queues thousands.
  #queue: T[] = [];
  #head = 0;
  #waiting: ((result: IteratorResult<T>) => void) | null = null;
  #done = false;
  readonly #cleanup: () => void;

  constructor(cleanup: () => void) {
    this.#cleanup = cleanup;
  }

  get done(): boolean {
    return this.#done;
  }

  /** Hands a value to the reader (or queues it); ignored once ended. */
  push(value: T): void {
    if (this.#done) return;
    const waiting = this.#waiting;
    if (waiting !== null) {
      this.#waiting = null;
      waiting({ value, done: false });
    } else {
      this.#queue.push(value);
    }
  }

  next(): Promise<IteratorResult<T>> {
    if (this.#head < this.#queue.length) {
      const value = this.#queue[this.#head] as T;
      this.#head++;
      if (this.#head === this.#queue.length) {
        this.#queue = [];
        this.#head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.#waiting = resolve;
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  /** Ends the channel: queued values are dropped, a waiting reader gets `done`. */
  end(): void {
    if (this.#done) return;
    this.#done = true;
    this.#queue = [];
    this.#head = 0;
    this.#cleanup();
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
