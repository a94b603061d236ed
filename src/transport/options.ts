import { validateAccessToken, validateCookieValue } from '../auth/validate.js';
import type { OperationKind } from './errors/index.js';
import type { HeadersLike } from './cookie-jar.js';
import type { RefreshCallback } from './refresh.js';
import { BAD_PORTS, effective_port } from './connect-failure.js';
import type { BrowserOptions } from './browser/options.js';
import { resolve_retry_options, sleep, type RetryOptions } from './retry.js';
import { check_number } from '../games/kernel/number.js';

/** The request the client hands to `fetch`: always a POST of a JSON string. */
export interface FetchInit {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** Redirects are never followed: a redirect would carry the token to another host. */
  redirect: 'manual';
}

/** The part of a fetch `Response` the client reads. */
export interface FetchResponseLike {
  readonly status: number;
  readonly headers: HeadersLike;
  text(): Promise<string>;
}

/**
 * Any fetch-compatible function: `globalThis.fetch`, undici's, or a
 * browser-grade one such as impit's (`impit.fetch.bind(impit)`).
 */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>;

/** What the opt-in {@link StakeClientOptions.logger} receives; never a credential (headers are redacted). */
export type ClientLogEvent =
  | {
      readonly type: 'request';
      readonly operation_name: string | null;
      readonly operation_kind: OperationKind;
      readonly attempt: number;
      readonly url: string;
      readonly headers: Readonly<Record<string, string>>;
    }
  | { readonly type: 'response'; readonly operation_name: string | null; readonly attempt: number; readonly status: number }
  | {
      readonly type: 'retry';
      readonly operation_name: string | null;
      /** The attempt that failed; the next one is `attempt + 1`. */
      readonly attempt: number;
      readonly delay_ms: number;
      /** The server's `Retry-After` in ms, when it gave one. */
      readonly retry_after_ms: number | null;
      readonly error: string;
    }
  | { readonly type: 'refresh'; readonly trigger: 'expired' | 'refused' }
  | { readonly type: 'failure'; readonly operation_name: string | null; readonly attempt: number; readonly error: string }
  /** The realtime connection changed state (see `RealtimeStateEvent`; a close reason is redacted). */
  | ({ readonly type: 'realtime' } & RealtimeStateEvent);

/**
 * A change of the realtime connection's state, for `on_realtime_state`
 * listeners and the client's logger. Declared here, with the other log
 * events, so the transport core names it without importing the realtime
 * feed built on it.
 */
export type RealtimeStateEvent =
  /** A connection was acknowledged (`connection_ack`); `reconnected` after a loss. */
  | { readonly state: 'connected'; readonly reconnected: boolean }
  /** The connection was lost while subscriptions were live; `will_retry` says whether a reconnection follows. */
  | { readonly state: 'disconnected'; readonly code: number | null; readonly reason: string | null; readonly will_retry: boolean }
  /** A new token in the AuthManager: reconnecting with it. */
  | { readonly state: 'token_changed' };

/** Receives the client's log events; errors it throws are ignored. */
export type ClientLogger = (event: ClientLogEvent) => void;

/**
 * The options of `new StakeClient(options)` the transport core reads (every
 * one optional); `StakeClientOptions` adds the realtime feed's.
 */
export interface TransportOptions {
  /** Sent as `X-Access-Token` (held by `client._auth_manager`). */
  access_token?: string | null;
  /** The `session` cookie (held by `client._auth_manager`). */
  session_cookie?: string | null;
  /** Cloudflare's `cf_clearance` cookie; it is bound to the browser's User-Agent, so give `user_agent` too. */
  cf_clearance?: string | null;
  /** `User-Agent` header; use the exact one of the browser the credentials came from. */
  user_agent?: string | null;
  /** Site origin (an http or https URL); default `https://stake.com`. A trailing slash is dropped. */
  base_url?: string | null;
  /** Any fetch-compatible function; default `globalThis.fetch`. Not with `browser`. */
  fetch?: FetchLike | null;
  /**
   * Run every request inside a tab of the site in the user's own browser
   * (Chrome, Edge, Brave, Chromium), reached over the DevTools protocol at
   * `cdp_url` (loopback only): each request is the page's own `fetch`, so
   * whatever the site's scripts add (bot-protection headers, cookies) is
   * added to ours, and the realtime websocket is opened in the page. The
   * token is the page's `session` cookie: `access_token`, `session_cookie`
   * and `refresh` cannot be given with `browser` (no token is handed to a
   * page), and `cf_clearance` and `user_agent` are not sent on this path.
   * Requests run only in a tab whose origin is `base_url`'s.
   */
  browser?: BrowserOptions | null;
  /**
   * Limit for one attempt (sending and reading the whole answer), in ms;
   * default 30000. A query is retried after a timeout (see `retry`), so a
   * stalled server is waited on up to `(retry.limit + 1) × timeout_ms` plus the
   * backoff, and the TransportError (`reason: 'timeout'`) says the attempts and
   * the whole wait; a mutation is tried once. The CLI's `--timeout SECONDS` sets it.
   */
  timeout_ms?: number | null;
  /** Retry of queries; default `{ limit: 2, base_delay_ms: 300, max_delay_ms: 10000 }`. Mutations are never retried. */
  retry?: Partial<RetryOptions> | null;
  /**
   * Called (one at a time) when the token is about to expire and once after
   * the server refuses it; resolve to new credentials, or store them on the
   * manager yourself and resolve to nothing.
   */
  refresh?: RefreshCallback | null;
  /** Opt-in log of requests, responses, retries and refreshes, credentials redacted. The client logs nothing otherwise. */
  logger?: ClientLogger | null;
  /**
   * Place bets of the games that have both a GraphQL document and a sourced
   * REST route (`POST {base}/_api/casino/{path}`, as the web app does) over
   * REST; default false (GraphQL where a document is sourced). Games with a
   * route only always go over REST.
   */
  rest?: boolean | null;
  /** @internal Replaces the retry wait (tests record the delay instead of sleeping). */
  _sleep?: ((ms: number, signal: AbortSignal) => Promise<void>) | null;
  /** @internal Replaces Math.random in the backoff jitter. */
  _random?: (() => number) | null;
}

/** The default site origin. */
export const DEFAULT_BASE_URL = 'https://stake.com';
/** The default per-attempt timeout in ms. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Options after validation, defaults filled (the credentials go to the AuthManager). */
export interface ResolvedOptions {
  readonly base_url: string;
  readonly endpoint: string;
  readonly endpoint_path: string;
  /** Whether games with both a document and a REST route go over REST. */
  readonly rest: boolean;
  readonly cf_clearance: string | null;
  readonly user_agent: string | null;
  readonly fetch: FetchLike;
  readonly timeout_ms: number;
  readonly retry: RetryOptions;
  readonly refresh: RefreshCallback | null;
  readonly logger: ClientLogger | null;
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly random: () => number;
}

/**
 * Checks every option (TypeError / RangeError naming the option, never
 * showing a secret) and fills the defaults. Credentials other than
 * `cf_clearance` are checked by the AuthManager.
 */
export function resolve_options(options: TransportOptions | null | undefined): ResolvedOptions {
  const o = options ?? {};
  if (typeof o !== 'object' || Array.isArray(o)) throw new TypeError('StakeClient options must be an object');
  const { base_url, endpoint, endpoint_path } = resolve_base_url(o.base_url, { standard_fetch: o.fetch == null });
  const fetchFn = o.fetch ?? (globalThis.fetch as unknown as FetchLike | undefined);
  if (typeof fetchFn !== 'function') throw new TypeError('fetch must be a fetch-compatible function');
  return {
    base_url,
    endpoint,
    endpoint_path,
    rest: resolve_rest(o.rest),
    cf_clearance: o.cf_clearance == null ? null : validateCookieValue(o.cf_clearance, 'cf_clearance'),
    user_agent: o.user_agent == null ? null : validateAccessToken(o.user_agent, 'user_agent'),
    fetch: fetchFn,
    timeout_ms: resolve_timeout(o.timeout_ms),
    retry: resolve_retry_options(o.retry),
    refresh: optionalFunction(o.refresh, 'refresh'),
    logger: optionalFunction(o.logger, 'logger'),
    sleep: optionalFunction(o._sleep, '_sleep') ?? sleep,
    random: optionalFunction(o._random, '_random') ?? Math.random,
  };
}

function resolve_rest(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new TypeError('rest must be true or false');
  return value;
}

function optionalFunction<F>(value: F | null | undefined, name: string): F | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'function') throw new TypeError(`${name} must be a function`);
  return value;
}

function resolve_timeout(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_TIMEOUT_MS;
  return check_number(value, 'timeout_ms', { above: 0, max: 2_147_483_647, unit: 'milliseconds' });
}

/**
 * Validates `base_url` and derives the GraphQL endpoint from it. A port no
 * request can ever reach is refused with a RangeError: 0 always, and the
 * fetch standard's bad ports when `standard_fetch` (the default fetch, which
 * refuses them before connecting; a custom fetch may not).
 */
export function resolve_base_url(
  value: unknown,
  { standard_fetch = true }: { readonly standard_fetch?: boolean } = {},
): { base_url: string; endpoint: string; endpoint_path: string } {
  if (value === undefined || value === null) value = DEFAULT_BASE_URL;
  if (typeof value !== 'string') throw new TypeError('base_url must be a string');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new RangeError('base_url must be an absolute http(s) URL such as https://stake.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RangeError('base_url must use http or https');
  if (url.username !== '' || url.password !== '') throw new RangeError('base_url must not hold a user name or password');
  if (url.search !== '' || url.hash !== '') throw new RangeError('base_url must not hold a query string or fragment');
  const port = effective_port(url);
  if (port === 0) throw new RangeError('base_url port 0 can never be connected to: give the port the site listens on');
  if (standard_fetch && port !== null && BAD_PORTS.has(port)) {
    throw new RangeError(
      `base_url port ${port} is one fetch always refuses (the fetch standard's bad ports, https://fetch.spec.whatwg.org/#port-blocking): use another port`,
    );
  }
  let path = url.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  const base_url = url.origin + path;
  return { base_url, endpoint: `${base_url}/_api/graphql`, endpoint_path: `${path}/_api/graphql` };
}
