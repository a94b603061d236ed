/**
 * Options of the realtime feed (`new StakeClient({ realtime: {...} })`),
 * checked when the client is built: a bad one is a TypeError / RangeError
 * naming it, and no client is made.
 */
import WebSocket from 'ws';
import { optional_number } from '../games/kernel/number.js';

/**
 * A WebSocket class with the `ws` package's constructor,
 * `new (url, protocols, { headers })`, and its events. Default: `ws`'s
 * (Node 20 has no stable global WebSocket, and the browser-style one cannot
 * send the `Cookie` and `User-Agent` the site's edge checks).
 */
export type WebSocketClass = new (url: string | URL, protocols?: string | string[], options?: WebSocketClientInit) => WebSocketLike;

/**
 * What the client passes as the constructor's third argument: the upgrade
 * request's headers. Declared here, not taken from `@types/ws`, so the
 * published declarations need no types package the user did not ask for.
 */
export interface WebSocketClientInit {
  readonly headers?: Readonly<Record<string, string>>;
  /** ms to wait for the server's answer to the upgrade (`ws` reads it; another class may ignore it). */
  readonly handshakeTimeout?: number;
}

/**
 * What the client needs of a socket besides the standard WebSocket members
 * graphql-ws uses: `ws`'s EventEmitter `on`/`once` (the upgrade answer, the
 * close) and `terminate` (a socket dropped without a close handshake).
 */
export interface WebSocketLike {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- listeners of ws's events take their own argument types
  on(event: string, listener: (...args: any[]) => void): unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  once(event: string, listener: (...args: any[]) => void): unknown;
  terminate(): void;
}

/** Options of the realtime feed; every one optional. */
export interface RealtimeOptions {
  /** The WebSocket implementation; default the `ws` package's. */
  readonly websocket?: WebSocketClass | null;
  /** `language` in `connection_init`, as the web app sends it; default `'en'`. */
  readonly language?: string | null;
  /**
   * More `connection_init` fields, sent as given after `accessToken`,
   * `language` and `lockdownToken` (a made-up value by default, as a public
   * client sends; the web app sends a fixed one: copy it from DevTools,
   * Network → WS → the first message, to send that instead).
   */
  readonly init_fields?: Readonly<Record<string, string>> | null;
  /** A ping every this many ms; a pong missing for as long again drops the connection (then it reconnects). Default 20000; 0 turns pings off. */
  readonly keep_alive_ms?: number | null;
  /**
   * Reconnection attempts in a row before the subscriptions fail; default 10.
   * Only a connection that was once up is reconnected to: when the first
   * connection cannot be made (refused, host not found, no upgrade answer,
   * refused upgrade), the subscriptions fail at once with that error.
   */
  readonly retry_attempts?: number | null;
  /** Backoff: attempt n waits a random time in [0, min(max_delay_ms, base_delay_ms · 2ⁿ)) ("full jitter"). Default 500. */
  readonly base_delay_ms?: number | null;
  /** Backoff cap; default 30000. */
  readonly max_delay_ms?: number | null;
  /**
   * How long to wait for the server's answer to the websocket upgrade, and
   * then for `connection_ack`, before giving up on a connection attempt; default 10000.
   */
  readonly ack_timeout_ms?: number | null;
  /** How often a live connection compares the manager's token with the one it connected with; default 1000. */
  readonly token_check_ms?: number | null;
  /** @internal Replaces Math.random in the backoff jitter. */
  readonly _random?: (() => number) | null;
}

/** Options after checking, defaults filled. */
export interface ResolvedRealtimeOptions {
  readonly websocket: WebSocketClass;
  readonly language: string;
  readonly init_fields: Readonly<Record<string, string>>;
  readonly keep_alive_ms: number;
  readonly retry_attempts: number;
  readonly base_delay_ms: number;
  readonly max_delay_ms: number;
  readonly ack_timeout_ms: number;
  readonly token_check_ms: number;
  readonly random: () => number;
}

const MAX_TIMER_MS = 2_147_483_647;
const RESERVED_INIT_FIELDS = new Set(['accessToken', 'language']);

/** Checks `options.realtime` and fills the defaults. */
export function resolve_realtime_options(value: unknown): ResolvedRealtimeOptions {
  if (value === undefined || value === null) value = {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError('realtime must be an object');
  const o = value as RealtimeOptions;
  const websocket = o.websocket ?? WebSocket;
  // graphql-ws reads the ready-state constants off the class.
  if (typeof websocket !== 'function' || !['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].every((k) => k in websocket)) {
    throw new TypeError('realtime.websocket must be a WebSocket class (such as the ws package\'s)');
  }
  const language = o.language ?? 'en';
  if (typeof language !== 'string') throw new TypeError('realtime.language must be a string');
  if (language.length === 0 || language.length > 16) throw new RangeError('realtime.language must be 1 to 16 characters');
  const random = o._random ?? Math.random;
  if (typeof random !== 'function') throw new TypeError('realtime._random must be a function');
  const base = number(o.base_delay_ms, 'base_delay_ms', 500, 1);
  const max = number(o.max_delay_ms, 'max_delay_ms', 30_000, 1);
  if (max < base) throw new RangeError('realtime.max_delay_ms must be at least base_delay_ms');
  return {
    websocket,
    language,
    init_fields: init_fields(o.init_fields),
    keep_alive_ms: number(o.keep_alive_ms, 'keep_alive_ms', 20_000, 0),
    retry_attempts: integer(o.retry_attempts, 'retry_attempts', 10),
    base_delay_ms: base,
    max_delay_ms: max,
    ack_timeout_ms: number(o.ack_timeout_ms, 'ack_timeout_ms', 10_000, 1),
    token_check_ms: number(o.token_check_ms, 'token_check_ms', 1_000, 1),
    random,
  };
}

function number(value: unknown, name: string, fallback: number, min: number): number {
  // The range refusal leaves the unit out: its wording predates the shared checker.
  const rule = { min, max: MAX_TIMER_MS, type_words: 'must be a number of milliseconds' };
  return optional_number(value, `realtime.${name}`, fallback, rule, true);
}

function integer(value: unknown, name: string, fallback: number): number {
  return optional_number(value, `realtime.${name}`, fallback, { min: 0, max: 1_000_000, integer: true }, true);
}

function init_fields(value: unknown): Readonly<Record<string, string>> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError('realtime.init_fields must be an object of strings');
  const out: Record<string, string> = {};
  for (const [key, field] of Object.entries(value)) {
    // The token is read from the AuthManager at connect time; a copy here would go stale.
    if (RESERVED_INIT_FIELDS.has(key)) throw new RangeError(`realtime.init_fields must not set ${key}: it is filled in by the client`);
    if (typeof field !== 'string') throw new TypeError(`realtime.init_fields.${key} must be a string`);
    out[key] = field;
  }
  return Object.freeze(out);
}
