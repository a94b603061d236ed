/** Why a scope was aborted. */
export type StopReason = 'timeout' | 'aborted' | 'closed';

/** A cancellable stretch of a call: aborted by the caller's signal, by close(), or by its timer. */
export interface Scope {
  readonly signal: AbortSignal;
  /** Why it was aborted, or null while it was not. */
  reason(): StopReason | null;
  dispose(): void;
}

/**
 * One scope in progress: a class rather than an object of closures, because
 * every attempt opens one (its allocations are a request's cost).
 */
class OpenScope implements Scope {
  readonly #controller = new AbortController();
  readonly #user_signal: AbortSignal | null;
  readonly #active: Set<OpenScope>;
  readonly #timer: ReturnType<typeof setTimeout> | null;
  readonly #on_user_abort: (() => void) | null;
  #why: StopReason | null = null;

  constructor(active: Set<OpenScope>, user_signal: AbortSignal | null, timeout_ms: number | null, closed: boolean) {
    this.#active = active;
    this.#user_signal = user_signal;
    this.#timer = timeout_ms === null ? null : setTimeout(on_timeout, timeout_ms, this);
    this.#on_user_abort = user_signal === null ? null : () => this.abort('aborted');
    if (user_signal !== null) user_signal.addEventListener('abort', this.#on_user_abort as () => void, { once: true });
    active.add(this);
    if (user_signal?.aborted === true) this.abort('aborted');
    if (closed) this.abort('closed');
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  reason(): StopReason | null {
    return this.#why;
  }

  abort(reason: StopReason): void {
    if (this.#why !== null) return;
    this.#why = reason;
    const user_signal = this.#user_signal;
    this.#controller.abort(user_signal !== null && reason === 'aborted' ? user_signal.reason : undefined);
  }

  dispose(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    if (this.#on_user_abort !== null) this.#user_signal?.removeEventListener('abort', this.#on_user_abort);
    this.#active.delete(this);
  }
}

function on_timeout(scope: OpenScope): void {
  scope.abort('timeout');
}

/**
 * Every scope in progress of one client, so that closing the client aborts
 * them all, and a scope opened after close() starts aborted.
 */
export class ScopeRegistry {
  /** Every scope in progress; close() aborts them all. */
  readonly #active = new Set<OpenScope>();
  #closed = false;

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Marks the registry closed and aborts every scope in progress with
   * `'closed'`. Returns false when it was already closed (close is idempotent).
   */
  close(): boolean {
    if (this.#closed) return false;
    this.#closed = true;
    for (const scope of [...this.#active]) scope.abort('closed');
    return true;
  }

  /** A scope for one attempt or wait, linked to `user_signal`, to close() and to a timer of `timeout_ms`. */
  open(user_signal: AbortSignal | null, timeout_ms: number | null): Scope {
    return new OpenScope(this.#active, user_signal, timeout_ms, this.#closed);
  }

  /**
   * Runs a wait (retry delay, refresh) that the caller's signal and close()
   * can cut short; when cut short it rejects with `stopped(why)`, whatever
   * `work` does afterwards.
   */
  async guard<T>(
    user_signal: AbortSignal | null,
    work: (signal: AbortSignal) => Promise<T>,
    stopped: (why: StopReason) => Error,
  ): Promise<T> {
    const scope = this.open(user_signal, null);
    try {
      return await new Promise<T>((resolve, reject) => {
        const stop = (): void => reject(stopped(scope.reason() ?? 'aborted'));
        if (scope.signal.aborted) {
          stop();
          return;
        }
        scope.signal.addEventListener('abort', stop, { once: true });
        work(scope.signal).then(resolve, (error: unknown) => (scope.reason() === null ? reject(error) : stop()));
      });
    } finally {
      scope.dispose();
    }
  }
}
