/**
 * One client's realtime connection: a graphql-ws client over one
 * `graphql-transport-ws` websocket, shared by every subscription of the
 * client, opened on the first subscription and closed after the last one
 * or by `close()`.
 *
 * It survives: keep-alive pings (a missing pong drops the socket), reconnection
 * with exponential backoff and full jitter (graphql-ws resubscribes every live
 * subscription on the new socket), a new token in the AuthManager reconnects
 * with it; a first connection that cannot be made fails at once; a refusal (auth close, Cloudflare challenge, 401/403 on the upgrade)
 * ends every subscription with its typed error at once, and a run of failed
 * reconnections ends them after `retry_attempts`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createClient, type Client } from 'graphql-ws';
import { TransportError } from '../transport/errors/index.js';
import type { RealtimeStateEvent } from '../transport/options.js';
import { full_jitter_delay, sleep_unless_aborted } from './backoff.js';
import { from_graphql_errors, is_close_event, should_retry, to_stake_error, type FailureContext } from './errors.js';
import { SubscriptionIterator } from './iterator.js';
import type { ResolvedRealtimeOptions } from './options.js';
import { socket_class } from './websocket.js';

/** What the connection needs of its client. */
export interface RealtimeHost {
  /** `ws(s)://host/_api/websockets`. */
  readonly url: string;
  /** The upgrade headers of an attempt made now (`cookie`, `user-agent`, `origin`) and whether a `cf_clearance` goes out. */
  upgrade_headers(): Promise<{ headers: Record<string, string>; had_clearance: boolean }>;
  /** The token the AuthManager holds now. */
  access_token(): string | null;
  /** The token a `connection_init` sends now (remembered by the redaction, as a sent credential is). */
  token_to_send(): string | null;
  /** Cleans a value (an error) of every credential before it reaches the user. */
  scrub<T>(value: T): T;
  /** `Set-Cookie` of an upgrade answer. */
  store_cookies(headers: IncomingHttpHeaders): void;
  /** The client's redaction point. */
  redact(text: string): string;
  readonly had_user_agent: boolean;
}

/** A change of the connection's state (declared with the client's log events in the transport core). */
export type { RealtimeStateEvent };

/** One subscription request. */
export interface SubscriptionRequest {
  readonly query: string;
  readonly variables: Record<string, unknown> | undefined;
  readonly operation_name: string | null;
}

/** The realtime connection of one client. */
export class RealtimeConnection {
  readonly #host: RealtimeHost;
  readonly #opts: ResolvedRealtimeOptions;
  readonly #client: Client;
  readonly #iterators = new Set<SubscriptionIterator<unknown>>();
  readonly #listeners = new Set<(event: RealtimeStateEvent) => void>();
  readonly #sockets = new Set<{ terminate(): void }>();
  readonly #stop = new AbortController();
  #pending_headers: Record<string, string> = {};
  #had_clearance = false;
  #connected_token: string | null = null;
  #token_timer: NodeJS.Timeout | null = null;
  #pong_timer: NodeJS.Timeout | null = null;
  #lost_in_a_row = 0;
  #ever_connected = false;
  #acknowledged = false;
  #closed = false;

  /**
   * `lockdownToken` in `connection_init`: every public client sends one (BOT4 web.js:348 and YUKI stake.py:385
   * the web app's fixed value; SLOT stakeBalanceSubscription.js:201–207 a made-up `sl-<time>-<random>`, and still
   * gets its events; research/wire-conformance.md §3 #4), none leaves it out. The web app's value is not ours to
   * copy, so a made-up one as SLOT's, 20 characters like the web app's; `init_fields.lockdownToken` replaces it.
   */
  readonly #lockdown_token = randomBytes(15).toString('base64url');

  constructor(host: RealtimeHost, opts: ResolvedRealtimeOptions) {
    this.#host = host;
    this.#opts = opts;
    const WebSocketImpl = socket_class(opts.websocket, {
      take_headers: () => this.#pending_headers,
      on_answer: (headers) => host.store_cookies(headers),
      handshake_timeout_ms: opts.ack_timeout_ms,
    });
    const sockets = this.#sockets;
    class TrackedSocket extends WebSocketImpl {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.add(this);
        this.once('close', () => sockets.delete(this));
      }
    }
    this.#client = createClient({
      // Headers are read here, at every attempt, because the socket's constructor cannot wait.
      url: async () => {
        const built = await host.upgrade_headers();
        this.#pending_headers = built.headers;
        this.#had_clearance = built.had_clearance;
        return host.url;
      },
      webSocketImpl: TrackedSocket,
      lazy: true,
      lazyCloseTimeout: 0,
      keepAlive: opts.keep_alive_ms,
      connectionAckWaitTimeout: opts.ack_timeout_ms,
      retryAttempts: opts.retry_attempts,
      retryWait: (attempt) =>
        sleep_unless_aborted(full_jitter_delay(attempt, opts.base_delay_ms, opts.max_delay_ms, opts.random), this.#stop.signal),
      // Reconnecting is for a connection that was up: a first connection that fails says why at once
      // (a wrong port or host would otherwise be retried with backoff for more than a minute).
      shouldRetry: (failure) => this.#will_retry(failure),
      // Read at connect time, so a reconnection carries the token the manager holds then.
      connectionParams: () => {
        const token = host.token_to_send();
        this.#connected_token = token;
        return { ...(token === null ? {} : { accessToken: token }), language: opts.language, lockdownToken: this.#lockdown_token, ...opts.init_fields };
      },
      on: {
        connected: () => this.#on_connected(),
        closed: (event) => this.#on_closed(event),
        ping: (received) => {
          if (!received) this.#expect_pong();
        },
        pong: (received) => {
          if (!received) return;
          this.#clear_pong();
          // A connection that answers pings is healthy: losses before it no longer count as "in a row".
          this.#lost_in_a_row = 0;
        },
      },
    });
  }

  /** Subscriptions live now. */
  get live(): number {
    return this.#iterators.size;
  }

  /** Listens to state changes; returns the function that stops listening. */
  on_state(listener: (event: RealtimeStateEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /**
   * Subscribes; the iterator yields each result's `data` (or `pick(data)`). `signal` aborting
   * ends it with a TransportError (`reason: 'aborted'`, `cause` = the
   * signal's reason); `close()` ends it normally.
   */
  subscribe<T>(request: SubscriptionRequest, signal: AbortSignal | null, pick?: (data: unknown) => T): SubscriptionIterator<T> {
    const ctx = this.#failure_context(request.operation_name);
    let unsubscribe: (() => void) | null = null;
    let on_abort: (() => void) | null = null;
    const iterator: SubscriptionIterator<T> = new SubscriptionIterator<T>(() => {
      this.#iterators.delete(iterator as SubscriptionIterator<unknown>);
      if (on_abort !== null) signal?.removeEventListener('abort', on_abort);
      unsubscribe?.();
    });
    if (this.#closed) {
      iterator.fail(closed_error(request.operation_name));
      return iterator;
    }
    if (signal?.aborted === true) {
      iterator.fail(this.#host.scrub(aborted_error(request.operation_name, signal.reason)));
      return iterator;
    }
    this.#iterators.add(iterator as SubscriptionIterator<unknown>);
    if (signal !== null) {
      on_abort = () => iterator.fail(this.#host.scrub(aborted_error(request.operation_name, signal.reason)));
      signal.addEventListener('abort', on_abort, { once: true });
    }
    unsubscribe = this.#client.subscribe<T>(
      {
        query: request.query,
        ...(request.variables === undefined ? {} : { variables: request.variables }),
        ...(request.operation_name === null ? {} : { operationName: request.operation_name }),
      },
      {
        next: (result) => {
          this.#lost_in_a_row = 0;
          if (result.errors !== undefined && result.errors.length > 0) {
            iterator.fail(this.#host.scrub(from_graphql_errors(result.errors, ctx, result.data)));
          } else {
            // Unwrapped here rather than by a wrapping iterator: one promise per result, not two.
            iterator.push(pick === undefined ? (result.data as T) : pick(result.data));
          }
        },
        error: (failure) => iterator.fail(this.#host.scrub(to_stake_error(failure, ctx))),
        complete: () => iterator.finish(),
      },
    );
    if (iterator.ended) unsubscribe();
    return iterator;
  }

  /** Ends every subscription (normally: `done`), closes the socket, stops every timer. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stop.abort();
    this.#clear_timers();
    for (const iterator of [...this.#iterators]) iterator.finish();
    await this.#client.dispose();
    for (const socket of [...this.#sockets]) socket.terminate();
  }

  #emit(event: RealtimeStateEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch {
        // A failing listener must not break the connection.
      }
    }
  }

  #on_connected(): void {
    const reconnected = this.#ever_connected;
    this.#ever_connected = true;
    this.#acknowledged = true;
    this.#clear_timers();
    this.#token_timer = setInterval(() => {
      if (this.#host.access_token() === this.#connected_token) return;
      this.#emit({ state: 'token_changed' });
      // graphql-ws counts a termination as retryable: it reconnects, resubscribes, and reads the new token.
      this.#client.terminate();
    }, this.#opts.token_check_ms);
    this.#token_timer.unref();
    this.#emit({ state: 'connected', reconnected });
  }

  #on_closed(event: unknown): void {
    this.#clear_timers();
    const was_acknowledged = this.#acknowledged;
    this.#acknowledged = false;
    if (this.#closed || this.#iterators.size === 0) return;
    const code = is_close_event(event) ? event.code : null;
    const raw = is_close_event(event) ? event.reason : '';
    const will_retry = this.#will_retry(event);
    this.#emit({ state: 'disconnected', code, reason: raw === '' ? null : this.#host.redact(raw), will_retry });
    // graphql-ws counts failed attempts itself, but forgets the count at every connection_ack:
    // a server that accepts and then drops at once would be reconnected to forever. Count those here.
    if (!will_retry || !was_acknowledged) return;
    this.#lost_in_a_row++;
    if (this.#lost_in_a_row > this.#opts.retry_attempts) {
      const error = this.#host.scrub(to_stake_error(event, this.#failure_context(null)));
      for (const iterator of [...this.#iterators]) iterator.fail(error);
    }
  }

  /** Whether graphql-ws reconnects after `failure`: only to a connection that was once up, and only for a failure worth it. */
  #will_retry(failure: unknown): boolean {
    return this.#ever_connected && should_retry(failure);
  }

  /** What error mapping needs; `had_clearance` is read when an error is made (the attempt that failed). */
  #failure_context(operation_name: string | null): FailureContext {
    const had_clearance = (): boolean => this.#had_clearance;
    return {
      operation_name,
      redact: (text) => this.#host.redact(text),
      url: this.#host.url,
      had_user_agent: this.#host.had_user_agent,
      get had_clearance() {
        return had_clearance();
      },
    };
  }

  #expect_pong(): void {
    this.#clear_pong();
    this.#pong_timer = setTimeout(() => this.#client.terminate(), this.#opts.keep_alive_ms);
    this.#pong_timer.unref();
  }

  #clear_pong(): void {
    if (this.#pong_timer !== null) clearTimeout(this.#pong_timer);
    this.#pong_timer = null;
  }

  #clear_timers(): void {
    this.#clear_pong();
    if (this.#token_timer !== null) clearInterval(this.#token_timer);
    this.#token_timer = null;
  }
}

function closed_error(operation_name: string | null): TransportError {
  return new TransportError({ operation_name, reason: 'closed', may_have_reached_server: false, detail: 'The client is closed' });
}

function aborted_error(operation_name: string | null, cause: unknown): TransportError {
  return new TransportError({
    operation_name,
    reason: 'aborted',
    may_have_reached_server: false,
    detail: 'The subscription was aborted',
    cause,
  });
}
