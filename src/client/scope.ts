/** Why a scope was aborted. */
export type StopReason = 'timeout' | 'aborted' | 'closed';

/** A cancellable stretch of a call: aborted by the caller's signal, by close(), or by its timer. */
export interface Scope {
  readonly signal: AbortSignal;
  /** Why it was aborted, or null while it was not. */
  readonly reason: () => StopReason | null;
  readonly dispose: () => void;
}

/**
 * Every scope in progress of one client, so that closing the client aborts
 * them all, and a scope opened after close() starts aborted.
 */
export class ScopeRegistry {
  /** Abort functions of every scope in progress; close() calls them all. */
  readonly #active = new Set<(why: StopReason) => void>();
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
    for (const abort of [...this.#active]) abort('closed');
    return true;
  }

  /** A scope for one attempt or wait, linked to `user_signal`, to close() and to a timer of `timeout_ms`. */
  open(user_signal: AbortSignal | null, timeout_ms: number | null): Scope {
    const controller = new AbortController();
    let why: StopReason | null = null;
    const abort = (reason: StopReason): void => {
      if (why !== null) return;
      why = reason;
      controller.abort(user_signal !== null && reason === 'aborted' ? user_signal.reason : undefined);
    };
    const onUserAbort = (): void => abort('aborted');
    const timer = timeout_ms === null ? null : setTimeout(abort, timeout_ms, 'timeout');
    user_signal?.addEventListener('abort', onUserAbort, { once: true });
    this.#active.add(abort);
    if (user_signal?.aborted === true) abort('aborted');
    if (this.#closed) abort('closed');
    return {
      signal: controller.signal,
      reason: () => why,
      dispose: () => {
        if (timer !== null) clearTimeout(timer);
        user_signal?.removeEventListener('abort', onUserAbort);
        this.#active.delete(abort);
      },
    };
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
