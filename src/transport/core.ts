import { AuthManager } from '../auth/index.js';
import { check_browser_company, resolve_browser_options } from './browser/options.js';
import { BrowserSession } from './browser/session.js';
import { is_sendable_header_value } from './connect-failure.js';
import { CookieJar, is_deletion, path_matches, read_set_cookies, type HeadersLike } from './cookie-jar.js';
import type { RedactedRequest } from './errors/index.js';
import type { Call } from './call.js';
import { OperationCache } from './operation.js';
import { resolve_options, type ClientLogEvent, type ResolvedOptions, type TransportOptions } from './options.js';
import { redact_headers } from './redact.js';
import { SingleFlightRefresh } from './refresh.js';
import { ScopeRegistry } from './scope.js';
import { SecretRedactor } from './secrets.js';

/** The request headers of the next request, credentials read now. */
export interface BuiltHeaders {
  /** Lower-case names, so none can appear twice: content-type, x-access-token, cookie, user-agent. */
  readonly headers: Record<string, string>;
  /** The token sent, or null. */
  readonly token: string | null;
  /** Whether a `cf_clearance` cookie goes out. */
  readonly had_clearance: boolean;
  /** The first header whose value no HTTP header may carry (fetch would refuse it), or null. */
  readonly unsendable: string | null;
}

/** The headers last built, and what they were built from: reused while all of it holds. */
interface HeaderCache {
  readonly token: string | null;
  readonly session: string | null;
  readonly jar_version: number;
  /** The jar's earliest expiry when built: the Cookie header changes after it. */
  readonly valid_until_ms: number;
  readonly built: BuiltHeaders;
  /** The credential values these headers send (token and every cookie value), remembered by each request that sends them. */
  readonly sent: readonly string[];
}

/** Releases something the client owns (a websocket, a timer); awaited by close(). */
export type Disposer = () => void | Promise<void>;

/**
 * The state one StakeClient owns and every part of it shares: the
 * credentials, the cookie jar, the options, the scopes close() aborts, the
 * logger and the redaction of credentials. StakeClient is the public face;
 * modules of the library (the attempt loop, the realtime feed) reach this
 * through `internals_of(client)`.
 */
export class ClientCore {
  readonly auth: AuthManager;
  readonly opts: ResolvedOptions;
  /** `opts.endpoint` parsed once. */
  readonly endpoint_url: URL;
  readonly jar = new CookieJar();
  readonly operations = new OperationCache();
  readonly refresher: SingleFlightRefresh | null;
  readonly scopes = new ScopeRegistry();
  /**
   * The one redaction point: every credential held now or ever sent. Errors
   * leave the client through `secrets.scrub`, log events through `log`.
   */
  readonly secrets: SecretRedactor;
  /** The user's browser every request runs in (`options.browser`), or null on the direct path. */
  readonly browser: BrowserSession | null;
  readonly #disposers = new Set<Disposer>();
  #headers: HeaderCache | null = null;

  /** @throws TypeError / RangeError on a bad option; nothing is created (and no connection made) then. */
  constructor(options: TransportOptions) {
    const browser = options?.browser == null ? null : resolve_browser_options(options.browser);
    if (browser !== null && options.fetch != null) throw new TypeError('fetch and browser cannot both be given: the browser makes the requests');
    this.opts = resolve_options(
      browser === null ? options : { ...options, fetch: (url, init) => (this.browser as BrowserSession).fetch(url, init) },
    );
    this.endpoint_url = new URL(this.opts.endpoint);
    if (browser !== null) check_browser_company(browser, this.opts.base_url, options);
    this.auth = new AuthManager(options?.access_token ?? null, options?.session_cookie ?? null);
    const auth = this.auth;
    const opts = this.opts;
    const jar = this.jar;
    this.secrets = new SecretRedactor(() => [auth.access_token, auth.session_cookie, opts.cf_clearance, ...jar.values()]);
    this.secrets.remember(auth.access_token, auth.session_cookie, opts.cf_clearance);
    this.refresher = this.opts.refresh === null
      ? null
      : new SingleFlightRefresh(this.opts.refresh, this.auth, (text) => this.redact(text));
    this.browser = browser === null ? null : new BrowserSession(browser, this.opts.base_url, (value) => this.secrets.remember(value));
    const session = this.browser;
    if (session !== null) this.add_disposer(() => session.close());
  }

  get closed(): boolean {
    return this.scopes.closed;
  }

  /**
   * Registers something close() must release; returns the function that
   * unregisters it (call it when the thing was released otherwise). Added
   * after close(), it is released at once.
   */
  add_disposer(dispose: Disposer): () => void {
    if (this.closed) {
      void run_disposer(dispose);
      return () => {};
    }
    this.#disposers.add(dispose);
    return () => {
      this.#disposers.delete(dispose);
    };
  }

  /** Aborts every scope in progress, then releases every disposer (their errors are ignored). Idempotent. */
  async close(): Promise<void> {
    if (!this.scopes.close()) return;
    const disposers = [...this.#disposers];
    this.#disposers.clear();
    await Promise.all(disposers.map(run_disposer));
  }

  /**
   * The headers of a request leaving now: token and cookies read from the
   * manager and the jar at this moment. Built again only when one of them
   * changed (or a jar cookie expired): a request's own cost stays near bare
   * fetch's. Each call gets its own object.
   */
  request_headers(): BuiltHeaders {
    const token = this.auth.access_token;
    const session = this.auth.session_cookie;
    const now = Date.now();
    let cache = this.#headers;
    if (cache === null || cache.token !== token || cache.session !== session || cache.jar_version !== this.jar.version || now >= cache.valid_until_ms) {
      cache = this.#build_headers(token, session, now);
      this.#headers = cache;
    }
    // Everything that leaves is remembered, so it stays redacted after it is replaced.
    for (const value of cache.sent) this.secrets.remember(value);
    const built = cache.built;
    return { headers: { ...built.headers }, token: built.token, had_clearance: built.had_clearance, unsendable: built.unsendable };
  }

  #build_headers(token: string | null, session: string | null, now: number): HeaderCache {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== null) headers['x-access-token'] = token;
    const base: Array<[string, string]> = session === null ? [] : [['session', session]];
    if (this.opts.cf_clearance !== null) base.push(['cf_clearance', this.opts.cf_clearance]);
    const cookie = this.jar.header(base, now);
    if (cookie !== '') headers.cookie = cookie;
    if (this.opts.user_agent !== null) headers['user-agent'] = this.opts.user_agent;
    const jarClearance = this.jar.get('cf_clearance', now);
    const had_clearance = jarClearance === undefined ? this.opts.cf_clearance !== null : jarClearance !== null;
    const unsendable = Object.keys(headers).find((name) => !is_sendable_header_value(headers[name] as string)) ?? null;
    const sent = cookie_values(cookie);
    if (token !== null) sent.push(token);
    return {
      token,
      session,
      jar_version: this.jar.version,
      valid_until_ms: this.jar.next_expiry_ms(),
      built: { headers, token, had_clearance, unsendable },
      sent,
    };
  }

  /** Set-Cookie of an answer: a new `session` goes to the AuthManager, the rest to the jar. */
  store_cookies(headers: HeadersLike): void {
    let cookies;
    try {
      cookies = read_set_cookies(headers);
    } catch {
      return;
    }
    const now = Date.now();
    for (const cookie of cookies) {
      this.secrets.remember(cookie.value);
      if (!path_matches(this.opts.endpoint_path, cookie.path)) continue;
      if (cookie.name === 'session') {
        // AuthManager has no "remove only the session"; a deleted session is kept (the server will say if it is dead).
        if (is_deletion(cookie, now) || !cookie.value) continue;
        try {
          this.auth.set_session_cookie(cookie.value);
        } catch {
          // A value the manager rejects could not be sent back anyway.
        }
        continue;
      }
      this.jar.store(cookie, now);
    }
  }

  /** The request of `call` as errors may show it: credential headers redacted. */
  redacted_request(call: Call, headers: Record<string, string>): RedactedRequest {
    return Object.freeze({
      method: 'POST',
      url: call.rest_url ?? this.opts.endpoint,
      headers: Object.freeze(redact_headers(headers)),
      operation_name: call.op.operation_name,
      operation_kind: call.op.kind,
      attempt: call.attempt,
    });
  }

  /** {@link redact} as a function value, made once (each answer hands it on). */
  readonly redact_bound = (text: string, extra: readonly string[] = []): string => this.redact(text, extra);

  /** `text` with every credential the client holds or has sent (and any `extra`) removed. */
  redact(text: string, extra: readonly string[] = []): string {
    return this.secrets.redact(text, extra);
  }

  /** Hands `event` to the user's logger, if any; a throwing logger changes nothing. */
  log(event: ClientLogEvent): void {
    const logger = this.opts.logger;
    if (logger === null) return;
    try {
      logger(this.secrets.scrub(event));
    } catch {
      // A failing logger must not change what the request does.
    }
  }
}

/** The values of a `Cookie` header (`a=1; b=2` gives `1`, `2`). */
function cookie_values(header: string): string[] {
  const out: string[] = [];
  for (const pair of header.split('; ')) {
    const eq = pair.indexOf('=');
    if (eq !== -1) out.push(pair.slice(eq + 1));
  }
  return out;
}

async function run_disposer(dispose: Disposer): Promise<void> {
  try {
    await dispose();
  } catch {
    // Closing must finish: one thing that fails to release must not keep the others open.
  }
}
