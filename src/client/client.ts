import { inspect } from 'node:util';
import { AuthManager } from '../auth/index.js';
import { extract_credentials, type Credentials } from '../paste/index.js';
import type { LoadCredentialsOptions } from '../store/resolve.js';
import { CookieJar, is_deletion, path_matches, read_set_cookies, type HeadersLike } from './cookie-jar.js';
import {
  AuthenticationError,
  ChallengeError,
  GraphQLError,
  RateLimitError,
  StakeError,
  TransportError,
  is_authentication_failure,
  is_challenge,
  type GraphQLErrorItem,
  type RedactedRequest,
  type TransportFailure,
} from './errors/index.js';
import { OperationCache, type ResolvedOperation } from './operation.js';
import { resolve_options, type ClientLogEvent, type FetchResponseLike, type ResolvedOptions, type StakeClientOptions } from './options.js';
import { read_balances, read_current_user, type Balance, type CurrentUser, type ReadOptions } from './queries.js';
import { redact_headers, redact_text } from './redact.js';
import { SingleFlightRefresh } from './refresh.js';
import { plan_retry } from './retry.js';
import { parse_retry_after } from './retry-after.js';

/** Per-call options of {@link StakeClient.graphql}. */
export interface GraphQLCallOptions {
  /** Which operation of the document to run; needed when it holds several. */
  readonly operation_name?: string | null;
  /**
   * Aborts the call, including any retry wait or refresh it is waiting for.
   * The call then rejects with a {@link TransportError} whose `reason` is
   * `'aborted'` and whose `cause` is the signal's reason (not with the bare
   * reason: the error must still say whether a mutation may have reached the server).
   */
  readonly signal?: AbortSignal | null;
}

type StopReason = 'timeout' | 'aborted' | 'closed';

/** A cancellable stretch of a call: aborted by the caller's signal, by close(), or by its timer. */
interface Scope {
  readonly signal: AbortSignal;
  /** Why it was aborted, or null while it was not. */
  readonly reason: () => StopReason | null;
  readonly dispose: () => void;
}

/** What one call carries from attempt to attempt. */
interface Call {
  readonly op: ResolvedOperation;
  readonly body: string;
  readonly signal: AbortSignal | null;
  attempt: number;
  /**
   * Whether an earlier attempt may have been run by the server: it was sent
   * and not refused for its credentials (a refusal runs nothing).
   */
  maybe_ran: boolean;
}

/** How a failed attempt ended. */
interface Failure {
  readonly ok: false;
  readonly error: StakeError;
  /** This attempt may have reached the server (handed to fetch, and not known to have failed to connect). */
  readonly reached: boolean;
  /** A network failure, timeout, 429 or 5xx: a query may be resent. */
  readonly retryable: boolean;
  readonly retry_after_ms: number | null;
  /** The server refused the credentials and ran nothing: a refresh and one resend are safe. */
  readonly refused: boolean;
  /** The token the refused request carried. */
  readonly sent_token: string | null;
}

/** How one attempt ended. */
type Outcome = { readonly ok: true; readonly data: unknown } | Failure;

/** Builds a {@link Failure} of the current attempt; `extra` overrides the "final, not refused" defaults. */
type Fail = (error: StakeError, extra?: Partial<Pick<Failure, 'retryable' | 'retry_after_ms' | 'refused' | 'reached'>>) => Failure;

/** Fields of a TransportError the client fills in from the call. */
interface TransportInit {
  readonly reason: TransportFailure;
  readonly may_have_reached_server: boolean;
  readonly detail: string;
  readonly status?: number;
  readonly server_message?: string | null;
  readonly cause?: unknown;
  readonly request: RedactedRequest | null;
}

// Error codes (Node's, undici's) meaning no connection was made, so nothing was sent.
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL',
]);
// Error class names of fetch implementations (impit's) meaning the same.
const NOT_CONNECTED_NAMES = new Set(['ConnectError', 'ConnectTimeout', 'InvalidURL', 'UnsupportedProtocol']);

/**
 * Credentials found somewhere (a paste, the store) with the caller's options
 * laid over them: a given option wins, `null` removes a value, `undefined`
 * keeps the found one.
 */
function overlay(found: Credentials, options: StakeClientOptions): StakeClientOptions {
  const merged: Record<string, unknown> = {
    access_token: found.access_token,
    session_cookie: found.session_cookie,
    cf_clearance: found.cf_clearance,
    user_agent: found.user_agent,
    base_url: found.base_url,
  };
  for (const [key, value] of Object.entries(options)) if (value !== undefined) merged[key] = value;
  return merged as StakeClientOptions;
}

/**
 * A client of the site's GraphQL API for one account. It owns one
 * {@link AuthManager} (`client._auth_manager`) and reads the credentials from
 * it when each request leaves, so `set_access_token` or `clear_tokens` changes
 * the very next request. Queries are retried on network errors, 429 and 5xx;
 * mutations never are, so a bet is never placed twice by the client.
 */
export class StakeClient implements AsyncDisposable {
  readonly #auth: AuthManager;
  readonly #opts: ResolvedOptions;
  readonly #jar = new CookieJar();
  readonly #operations = new OperationCache();
  readonly #refresher: SingleFlightRefresh | null;
  /** Abort functions of every scope in progress; close() calls them all. */
  readonly #active = new Set<(why: StopReason) => void>();
  #closed = false;

  /**
   * @throws TypeError / RangeError on a bad option (the AuthManager's own errors
   * for a bad `access_token` / `session_cookie`); nothing is created then.
   */
  constructor(options: StakeClientOptions = {}) {
    this.#opts = resolve_options(options);
    this.#auth = new AuthManager(options?.access_token ?? null, options?.session_cookie ?? null);
    this.#refresher = this.#opts.refresh === null
      ? null
      : new SingleFlightRefresh(this.#opts.refresh, this.#auth, (text) => this.#redact(text));
  }

  /**
   * A client from one paste of a browser request (cURL in any shell, fetch,
   * HAR, raw headers: whatever `extract_credentials` reads). Options given
   * here override what the paste holds (`null` removes a value; `undefined`
   * keeps the paste's); the paste's origin is the `base_url` unless one is given.
   */
  static from_curl(text: string, options: StakeClientOptions = {}): StakeClient {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    return new StakeClient(overlay(extract_credentials(text), options));
  }

  /**
   * A client from stored credentials: `STAKE_*` environment variables first,
   * field by field, then the named profile of the credential store (default
   * `default`; see `load_credentials`). The token's stored expiry is restored,
   * so `is_token_expired()` keeps working across runs. Options given here
   * override both.
   *
   * @throws StoreError when the named profile does not exist or the store is unsafe.
   */
  static async from_profile(
    name?: string | null,
    options: StakeClientOptions & { readonly env?: NodeJS.ProcessEnv; readonly store?: LoadCredentialsOptions['store'] } = {},
  ): Promise<StakeClient> {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    // The store (and the keyring binding it may load) is only paid for by callers of this method.
    const { load_credentials } = await import('../store/resolve.js');
    const { env, store, ...clientOptions } = options;
    const loaded = await load_credentials({ profile: name ?? null, env, store });
    const client = new StakeClient(overlay(loaded, clientOptions));
    const token = client.#auth.access_token;
    if (token !== null && loaded.token_expires_at !== null && clientOptions.access_token == null) {
      client.#auth.set_access_token(token, loaded.token_expires_at - Date.now() / 1000);
    }
    return client;
  }

  /** The credential manager every request reads from. */
  get _auth_manager(): AuthManager {
    return this.#auth;
  }

  /** The site origin requests go to (no trailing slash). */
  get base_url(): string {
    return this.#opts.base_url;
  }

  /** Whether {@link close} was called. */
  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Sends one GraphQL operation and resolves to the response's `data`.
   * Rejects with {@link AuthenticationError}, {@link ChallengeError},
   * {@link RateLimitError}, {@link GraphQLError} or {@link TransportError};
   * with TypeError / SyntaxError / RangeError (before sending anything) when
   * the query, variables or options are unusable.
   */
  async graphql<T = unknown>(
    query: string,
    variables?: Record<string, unknown> | null,
    options: GraphQLCallOptions = {},
  ): Promise<T> {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    const op = this.#operations.resolve(query, options.operation_name);
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
      throw new TypeError('variables must be an object');
    }
    const signal = options.signal ?? null;
    if (signal !== null && !(typeof signal === 'object' && typeof signal.addEventListener === 'function' && 'aborted' in signal)) {
      throw new TypeError('signal must be an AbortSignal');
    }
    const body = JSON.stringify({ query, variables: variables ?? {}, operationName: op.operation_name });
    const call: Call = { op, body, signal, attempt: 0, maybe_ran: false };
    if (this.#closed) throw this.#stopped('closed', call, false);
    let retries = 0;
    let refreshedAfterRefusal = false;
    while (true) {
      // Checked here, not in an async helper, so the common path costs no extra await.
      if (this.#refresher !== null && this.#auth.is_token_expired()) await this.#refresh_before(call);
      call.attempt += 1;
      const outcome = await this.#attempt(call);
      if (outcome.ok) return outcome.data as T;
      if (outcome.reached && !outcome.refused) call.maybe_ran = true;
      if (outcome.refused && this.#refresher !== null && !refreshedAfterRefusal) {
        refreshedAfterRefusal = true;
        this.#log({ type: 'refresh', trigger: 'refused' });
        const sentToken = outcome.sent_token;
        await this.#guarded(call, () => (this.#refresher as SingleFlightRefresh).after_refusal(sentToken));
        continue;
      }
      const plan = plan_retry(
        { is_query: op.kind === 'query', retryable: outcome.retryable, retries_done: retries, retry_after_ms: outcome.retry_after_ms },
        this.#opts.retry,
        this.#opts.random,
      );
      if (!plan.retry) {
        this.#log({ type: 'failure', operation_name: op.operation_name, attempt: call.attempt, error: outcome.error.message });
        throw outcome.error;
      }
      retries += 1;
      this.#log({
        type: 'retry',
        operation_name: op.operation_name,
        attempt: call.attempt,
        delay_ms: plan.delay_ms,
        retry_after_ms: outcome.retry_after_ms,
        error: outcome.error.message,
      });
      await this.#guarded(call, (s) => this.#opts.sleep(plan.delay_ms, s));
    }
  }

  /** The logged-in user (`user { id name }`). */
  current_user(options: ReadOptions = {}): Promise<CurrentUser> {
    return read_current_user(this, options);
  }

  /** The user's balances, one entry per currency (`available` and `vault`). */
  balances(options: ReadOptions = {}): Promise<Balance[]> {
    return read_balances(this, options);
  }

  /**
   * Stops the client: requests in flight and retry waits are aborted (they
   * reject with a TransportError whose `reason` is `'closed'`) and later
   * calls reject the same way. Idempotent. The AuthManager keeps its credentials.
   */
  close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      for (const abort of [...this.#active]) abort('closed');
    }
    return Promise.resolve();
  }

  /** `await using client = new StakeClient(...)` closes it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** What inspecting or serialising the client shows: whether credentials are set, never their values. */
  toJSON(): Record<string, unknown> {
    return {
      base_url: this.#opts.base_url,
      closed: this.#closed,
      auth: this.#auth.toJSON(),
      cf_clearance: this.#opts.cf_clearance === null ? null : '[set]',
      user_agent: this.#opts.user_agent,
      cookies: this.#jar.toJSON().cookies,
    };
  }

  [inspect.custom](depth: number, options: object): string {
    return `StakeClient ${inspect(this.toJSON(), { ...options, depth })}`;
  }

  /** The token is about to expire: refresh (single-flight) before sending. */
  async #refresh_before(call: Call): Promise<void> {
    const refresher = this.#refresher as SingleFlightRefresh;
    this.#log({ type: 'refresh', trigger: 'expired' });
    await this.#guarded(call, () => refresher.run());
  }

  /** One send and its answer, turned into data or a typed error. */
  async #attempt(call: Call): Promise<Outcome> {
    const scope = this.#scope(call.signal, this.#opts.timeout_ms);
    let headers: Record<string, string> = {};
    let sentToken: string | null = null;
    let sent = false;
    const fail: Fail = (error, extra = {}) => ({
      ok: false, error, reached: sent, retryable: false, retry_after_ms: null, refused: false, sent_token: sentToken, ...extra,
    });
    const request = (): RedactedRequest => this.#redacted_request(call, headers);
    try {
      const built = await this.#headers();
      headers = built.headers;
      sentToken = built.token;
      // Checked after the await too: the signal or close() may have fired meanwhile.
      const early = scope.reason();
      if (early !== null) return fail(this.#stopped(early, call, false, undefined, request()));
      if (this.#opts.logger !== null) {
        this.#log({
          type: 'request',
          operation_name: call.op.operation_name,
          operation_kind: call.op.kind,
          attempt: call.attempt,
          url: this.#opts.endpoint,
          headers: redact_headers(headers),
        });
      }

      const fetchFn = this.#opts.fetch;
      let response: FetchResponseLike;
      sent = true;
      try {
        response = await fetchFn(this.#opts.endpoint, { method: 'POST', headers, body: call.body, signal: scope.signal, redirect: 'manual' });
      } catch (error) {
        const why = scope.reason();
        if (why !== null) return fail(this.#stopped(why, call, true, error, request()), { retryable: why === 'timeout' });
        const connected = !never_connected(error);
        return fail(this.#transport(call, {
          reason: connected ? 'network' : 'connection_failed',
          may_have_reached_server: connected || call.maybe_ran,
          detail: connected ? 'The connection failed after the request was sent' : 'Could not connect to the server',
          cause: error,
          request: request(),
        }), { retryable: true, reached: connected });
      }
      this.#store_cookies(response.headers);
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        const why = scope.reason();
        if (why !== null) return fail(this.#stopped(why, call, true, error, request()), { retryable: why === 'timeout' });
        return fail(this.#transport(call, {
          reason: 'network',
          may_have_reached_server: true,
          detail: `The connection broke while reading the answer (HTTP ${response.status})`,
          status: response.status,
          cause: error,
          request: request(),
        }), { retryable: true });
      }
      this.#log({ type: 'response', operation_name: call.op.operation_name, attempt: call.attempt, status: response.status });
      return this.#interpret(response.status, response.headers, text, call, built.had_clearance, headers, request, fail);
    } finally {
      scope.dispose();
    }
  }

  /** Turns a complete answer into data or a typed error. */
  #interpret(
    status: number,
    responseHeaders: HeadersLike,
    text: string,
    call: Call,
    hadClearance: boolean,
    sentHeaders: Readonly<Record<string, string>>,
    request: () => RedactedRequest,
    fail: Fail,
  ): Outcome {
    const operation_name = call.op.operation_name;
    if (is_challenge(status, responseHeaders.get('cf-mitigated'), text)) {
      return fail(new ChallengeError({
        status, operation_name, request: request(), had_clearance: hadClearance, had_user_agent: this.#opts.user_agent !== null,
      }));
    }
    if (status >= 300 && status < 400) {
      return fail(this.#transport(call, {
        reason: 'http_status',
        status,
        may_have_reached_server: true,
        detail: `The server redirected (HTTP ${status}${redirect_target(responseHeaders)}); redirects are not followed ` +
          'because they would carry the token elsewhere: set base_url to the site the API is served from',
        request: request(),
      }));
    }
    const body = parse_json(text);
    const items = body === undefined ? [] : this.#graphql_errors(body, sentHeaders);
    if (status === 401) {
      const first = items.find(is_authentication_failure) ?? items[0];
      return fail(new AuthenticationError({
        status, operation_name, request: request(), server_message: first?.message ?? null, error_type: first?.error_type ?? null,
      }), { refused: true });
    }
    if (status === 429) {
      const retry_after_ms = parse_retry_after(responseHeaders.get('retry-after'));
      return fail(new RateLimitError({ status, operation_name, request: request(), retry_after_ms, server_message: items[0]?.message ?? null }), {
        retryable: true,
        retry_after_ms,
      });
    }
    if (status >= 500) {
      return fail(this.#transport(call, {
        reason: 'http_status',
        status,
        may_have_reached_server: true,
        detail: `The server failed (HTTP ${status})`,
        server_message: items[0]?.message ?? null,
        request: request(),
      }), { retryable: true, retry_after_ms: parse_retry_after(responseHeaders.get('retry-after')) });
    }
    if (body === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) {
      const ok = status >= 200 && status < 300;
      return fail(this.#transport(call, {
        reason: ok ? 'bad_response' : 'http_status',
        status,
        may_have_reached_server: true,
        detail: ok ? `The answer is not a GraphQL JSON response (HTTP ${status})` : `The server refused the request (HTTP ${status})`,
        request: request(),
      }));
    }
    const data = (body as { data?: unknown }).data;
    if (items.length > 0) {
      const auth = items.find(is_authentication_failure);
      if (auth !== undefined) {
        // A mutation that ran in part must not be resent: only a refusal with no data is safe to repeat.
        const nothingRan = data === null || data === undefined;
        return fail(new AuthenticationError({
          status, operation_name, request: request(), server_message: auth.message, error_type: auth.error_type,
        }), { refused: call.op.kind === 'query' || nothingRan });
      }
      return fail(new GraphQLError({ status, operation_name, request: request(), errors: items, data }));
    }
    if (status < 200 || status >= 300 || !('data' in body)) {
      return fail(this.#transport(call, {
        reason: status >= 200 && status < 300 ? 'bad_response' : 'http_status',
        status,
        may_have_reached_server: true,
        detail: status >= 200 && status < 300
          ? 'The answer holds neither data nor errors'
          : `The server refused the request (HTTP ${status})`,
        request: request(),
      }));
    }
    return { ok: true, data };
  }

  /**
   * The `errors` of a GraphQL response in the client's shape, messages
   * redacted of the credentials held now and of those this request carried
   * (they may differ: another request may have rotated them meanwhile).
   */
  #graphql_errors(body: unknown, sentHeaders: Readonly<Record<string, string>>): GraphQLErrorItem[] {
    if (typeof body !== 'object' || body === null) return [];
    const errors = (body as { errors?: unknown }).errors;
    if (!Array.isArray(errors) || errors.length === 0) return [];
    const sent = sent_secrets(sentHeaders);
    return errors.map((e: unknown): GraphQLErrorItem => {
      const item = (typeof e === 'object' && e !== null ? e : {}) as {
        message?: unknown; path?: unknown; errorType?: unknown; extensions?: { code?: unknown; errorType?: unknown };
      };
      const path = Array.isArray(item.path)
        ? item.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number')
        : null;
      const type = item.errorType ?? item.extensions?.errorType ?? item.extensions?.code;
      return {
        message: typeof item.message === 'string' ? this.#redact(item.message, sent) : 'no message',
        path,
        error_type: typeof type === 'string' ? type : null,
      };
    });
  }

  /** The request headers, credentials read now. Lower-case names, so none can appear twice. */
  async #headers(): Promise<{ headers: Record<string, string>; token: string | null; had_clearance: boolean }> {
    const auth = await this.#auth.get_auth_headers();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    let token: string | null = null;
    for (const name of Object.keys(auth)) {
      const value = auth[name] as string;
      const lower = name.toLowerCase();
      headers[lower] = value;
      if (lower === 'x-access-token') token = value;
    }
    const base: Array<[string, string]> = Object.entries(this.#auth.get_cookies());
    if (this.#opts.cf_clearance !== null) base.push(['cf_clearance', this.#opts.cf_clearance]);
    const now = Date.now();
    const cookie = this.#jar.header(base, now);
    if (cookie !== '') headers.cookie = cookie;
    if (this.#opts.user_agent !== null) headers['user-agent'] = this.#opts.user_agent;
    const jarClearance = this.#jar.get('cf_clearance', now);
    const had_clearance = jarClearance === undefined ? this.#opts.cf_clearance !== null : jarClearance !== null;
    return { headers, token, had_clearance };
  }

  /** Set-Cookie: a new `session` goes to the AuthManager, the rest to the jar. */
  #store_cookies(headers: HeadersLike): void {
    let cookies;
    try {
      cookies = read_set_cookies(headers);
    } catch {
      return;
    }
    const now = Date.now();
    for (const cookie of cookies) {
      if (!path_matches(this.#opts.endpoint_path, cookie.path)) continue;
      if (cookie.name === 'session') {
        // AuthManager has no "remove only the session"; a deleted session is kept (the server will say if it is dead).
        if (is_deletion(cookie, now) || !cookie.value) continue;
        try {
          this.#auth.set_session_cookie(cookie.value);
        } catch {
          // A value the manager rejects could not be sent back anyway.
        }
        continue;
      }
      this.#jar.store(cookie, now);
    }
  }

  /** A scope for one attempt or wait, registered so close() can abort it. */
  #scope(userSignal: AbortSignal | null, timeoutMs: number | null): Scope {
    const controller = new AbortController();
    let why: StopReason | null = null;
    const abort = (reason: StopReason): void => {
      if (why !== null) return;
      why = reason;
      controller.abort(userSignal !== null && reason === 'aborted' ? userSignal.reason : undefined);
    };
    const onUserAbort = (): void => abort('aborted');
    const timer = timeoutMs === null ? null : setTimeout(abort, timeoutMs, 'timeout');
    userSignal?.addEventListener('abort', onUserAbort, { once: true });
    this.#active.add(abort);
    if (userSignal?.aborted === true) abort('aborted');
    if (this.#closed) abort('closed');
    return {
      signal: controller.signal,
      reason: () => why,
      dispose: () => {
        if (timer !== null) clearTimeout(timer);
        userSignal?.removeEventListener('abort', onUserAbort);
        this.#active.delete(abort);
      },
    };
  }

  /** Runs a wait (retry delay, refresh) that the caller's signal and close() can cut short. */
  async #guarded<T>(call: Call, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const scope = this.#scope(call.signal, null);
    try {
      return await new Promise<T>((resolve, reject) => {
        const stop = (): void => reject(this.#stopped(scope.reason() ?? 'aborted', call, false));
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

  /** The error for a call stopped by its timeout, its signal (`cause`: the signal's reason) or close(). */
  #stopped(why: StopReason, call: Call, sentNow: boolean, error?: unknown, request: RedactedRequest | null = null): TransportError {
    const detail = why === 'timeout'
      ? `No complete answer within timeout_ms (${this.#opts.timeout_ms} ms)`
      : why === 'aborted' ? 'The request was aborted by its signal' : 'The StakeClient is closed';
    return this.#transport(call, {
      reason: why,
      may_have_reached_server: sentNow || call.maybe_ran,
      detail,
      cause: why === 'aborted' ? call.signal?.reason : error,
      request,
    });
  }

  #transport(call: Call, init: TransportInit): TransportError {
    return new TransportError({ ...init, status: init.status ?? null, operation_name: call.op.operation_name });
  }

  #redacted_request(call: Call, headers: Record<string, string>): RedactedRequest {
    return Object.freeze({
      method: 'POST',
      url: this.#opts.endpoint,
      headers: Object.freeze(redact_headers(headers)),
      operation_name: call.op.operation_name,
      operation_kind: call.op.kind,
      attempt: call.attempt,
    });
  }

  /** `text` with every credential the client knows (and any `extra`) replaced. */
  #redact(text: string, extra: readonly string[] = []): string {
    return redact_text(text, [
      this.#auth.access_token, this.#auth.session_cookie, this.#opts.cf_clearance, ...this.#jar.values(), ...extra,
    ]);
  }

  #log(event: ClientLogEvent): void {
    const logger = this.#opts.logger;
    if (logger === null) return;
    try {
      logger(event);
    } catch {
      // A failing logger must not change what the request does.
    }
  }
}

/** The credential values a request carried: its token and every cookie value. */
function sent_secrets(headers: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  const token = headers['x-access-token'];
  if (token !== undefined) out.push(token);
  const cookie = headers.cookie;
  if (cookie !== undefined) {
    for (const pair of cookie.split('; ')) {
      const eq = pair.indexOf('=');
      if (eq !== -1) out.push(pair.slice(eq + 1));
    }
  }
  return out;
}

function parse_json(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** True when the error says no connection was ever made (so nothing was sent). */
function never_connected(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && NOT_CONNECTED_CODES.has(code)) return true;
    if (typeof name === 'string' && NOT_CONNECTED_NAMES.has(name)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** ` to https://host` for a redirect's Location (origin only: a path could hold anything). */
function redirect_target(headers: HeadersLike): string {
  const location = headers.get('location');
  if (location === null) return '';
  try {
    return ` to ${new URL(location).origin}`;
  } catch {
    return '';
  }
}
