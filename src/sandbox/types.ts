/**
 * The contract of the local sandbox: a stand-in for the site's GraphQL API on
 * 127.0.0.1, with the site's authentication behaviour, that programs and the
 * client's tests talk to over real HTTP.
 */
import type { WebsocketStats } from './realtime/server.js';
import type { SiteErrorType } from './refusals.js';
import type { SandboxSportsbook } from './sports/control.js';

/** What a fault does to a request that takes it. */
export type SandboxFaultAction =
  /**
   * Answer with this HTTP status (500, 502, 503, ...) and a short body;
   * nothing is processed. 429 answers as the sandbox's rate limit does
   * (`errorType: 'rateLimited'`); `retry_after` is sent as `Retry-After`.
   */
  | { readonly kind: 'status'; readonly status: number; readonly retry_after?: string }
  /** Destroy the socket without answering (the client sees a network error); nothing is processed. */
  | { readonly kind: 'drop' }
  /** Process the request normally (the mutation happens: a bet is booked) then destroy the socket before answering. */
  | { readonly kind: 'drop_after_processing' }
  /**
   * Process the request normally (a bet is booked), then answer something
   * else, as real sites do when an edge, a proxy or a resent copy of the
   * request answers for a request that already ran: an HTTP status (429 as
   * the sandbox's rate limit answers it, with `retry_after` as
   * `Retry-After`; 5xx with a short body), Cloudflare's challenge page
   * (`'challenge'`), or nothing (`'drop'`, as `drop_after_processing`).
   */
  | { readonly kind: 'after_processing'; readonly answer: number | 'challenge' | 'drop'; readonly retry_after?: string }
  /**
   * Process and answer normally, then destroy every websocket connection of
   * the realtime feed (as `drop_websockets()`): the feed is lost right after
   * a bet was placed. With `refuse_ms`, upgrades are refused (503) for that
   * long afterwards (at most 120 000 ms), so reconnecting fails meanwhile.
   */
  | { readonly kind: 'drop_feed'; readonly refuse_ms?: number }
  /**
   * Wait this long (at most 120 000 ms) before processing and answering
   * normally. A client that gives up meanwhile does not cancel the request:
   * a mutation still happens, as on a real server.
   */
  | { readonly kind: 'slow'; readonly delay_ms: number }
  /** Answer 200 with a body that is not JSON (a cut-off JSON text); nothing is processed. */
  | { readonly kind: 'bad_json' }
  /**
   * Cloudflare's managed challenge, the answer `require_clearance` gives
   * without a good `cf_clearance`: 403, `cf-mitigated: challenge`, an HTML
   * page. Nothing is processed.
   */
  | { readonly kind: 'challenge' }
  /**
   * The site's refusal `error_type` (`parallelCasinoBet`,
   * `insufficientBalance`, or any other value the sandbox sends), answered
   * as the site answers one: HTTP 200, for each field the operation selects
   * at the top an error `{ message, errorType, path, locations }` (the
   * site's `errorType` at the top level), and `data` as GraphQL leaves it
   * (null for a bet). Nothing is processed: no bet is booked, no balance moves.
   */
  | { readonly kind: 'site_error'; readonly error_type: SandboxErrorType };

/** The `errorType` values a `site_error` fault can send: every one the sandbox itself sends. */
export type SandboxErrorType = SiteErrorType;

/** Which requests a fault applies to. */
export interface SandboxFaultTarget {
  /**
   * GraphQL operation names (1 to 64 names, each as `by_operation` counts it,
   * e.g. `['DiceRoll', 'LimboBet']`): only a request with one of them takes
   * the fault. Other requests pass untouched and do not use up a count or a
   * draw, so a strategy's queries between bets do not eat a fault meant for a
   * bet. Omitted: every POST to the GraphQL path.
   */
  readonly operations?: readonly string[];
}

/**
 * A way the sandbox can be told to misbehave: an action and, optionally,
 * the operations it targets.
 */
export type SandboxFault = SandboxFaultAction & SandboxFaultTarget;

/** Options of {@link Sandbox.fail_randomly}. */
export interface RandomFaultOptions {
  /**
   * Seed of the draws (any string): the same seed and the same sequence of
   * targeted requests fire on the same requests in every run. Omitted:
   * random draws.
   */
  readonly seed?: string;
}

/** Options of {@link start_sandbox}; every one optional. */
export interface SandboxOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  readonly port?: number;
  /**
   * Lifetime of an issued access token in seconds; default 3600. The token
   * counts as expired from the instant that many seconds have passed since
   * `login()` (read with `Date.now()`, so fake clocks move it); 0 means
   * expired at once.
   */
  readonly token_ttl_seconds?: number;
  /**
   * Demand a `cf_clearance` cookie bound to the User-Agent it was issued for,
   * as stake.com does (stake.us does not). Without one: 403 with a challenge
   * page and `cf-mitigated: challenge`. Default false.
   */
  readonly require_clearance?: boolean;
  /**
   * The bot protection the sandbox emulates; default `'none'`.
   * - `'cloudflare'`: what `require_clearance: true` does (it stays as its alias).
   * - `'kasada'`: the page at `/` carries a script that adds expiring
   *   `x-kpsdk-ct` / `x-kpsdk-cd` headers to the page's own fetch, and sets a
   *   `KP_UIDz` cookie; `/_api/graphql` refuses (403 with an `x-kpsdk-ct`
   *   header) a request without live headers, the websocket upgrade one
   *   without a live cookie. A browser logs in at `/login?user=NAME`.
   */
  readonly protection?: 'none' | 'cloudflare' | 'kasada';
  /** With `protection: 'kasada'`: how long (ms) the page's headers and cookie stay good; default 60000. */
  readonly kasada_ttl_ms?: number;
  /**
   * Rate limit: at most `max_requests` per `window_ms` (all clients together);
   * past it, 429 with `Retry-After: retry_after_seconds` (when omitted: the
   * whole seconds until the oldest counted request leaves the window, at
   * least 1). Only GraphQL POSTs that passed the clearance check count;
   * refused ones and ones answered by a fault do not. Default: no limit.
   */
  readonly rate_limit?: {
    readonly max_requests: number;
    readonly window_ms: number;
    readonly retry_after_seconds?: number;
  } | null;
  /**
   * Rotate the `session` cookie (Set-Cookie) on every authenticated answer
   * (a request whose token, and session if sent, were accepted). The replaced
   * session keeps working for `session_grace_seconds`. Default false.
   */
  readonly rotate_session?: boolean;
  /** Starting balance of each currency for a new user; default `{ btc: 1, usd: 1000 }`. */
  readonly starting_balances?: Readonly<Record<string, number>>;
  /**
   * With `rotate_session`: how long a replaced `session` cookie keeps working, in
   * seconds, so requests already in flight with it still succeed. Default 10.
   */
  readonly session_grace_seconds?: number;
  /**
   * Seed of every user's seed pairs (server and client seeds). Given, every
   * run with the same seed and the same sequence of logins, bets and
   * rotations draws the same outcomes; omitted, random seeds.
   */
  readonly dice_seed?: string;
  /**
   * How long (ms, at most 60 000) a bet holds its user's bet lock before it
   * settles; default 0. A second bet of the same user arriving meanwhile is
   * refused with `parallelCasinoBet`, so tests can make the overlap certain.
   */
  readonly bet_delay_ms?: number;
  /**
   * The site played: `stake.com` (default) or `stake.us`, which has no
   * sportsbook: every sports field answers `serviceDisabled` (PROBE in
   * site-coverage.md §4).
   */
  readonly site?: 'stake.com' | 'stake.us';
  /**
   * Crash and Slide: with this set (ms, 5 to 600 000), the sandbox runs rounds
   * of both games on its own hash chains: a betting window this long, then
   * (Crash) a rise this long, then the next window. Omitted: no rounds run.
   */
  readonly crash_round_ms?: number;
  /**
   * The first hash of the sandbox's Crash chain (64 lower-case hex digits),
   * so a test can compute every round; Slide's chain starts at its SHA-256.
   * Omitted: random.
   */
  readonly crash_chain_seed?: string;
}

/** Credentials the sandbox issued, as a logged-in browser would hold them. */
export interface SandboxLogin {
  readonly access_token: string;
  readonly session_cookie: string;
  /** Seconds until the token expires. */
  readonly expires_in: number;
  readonly user_id: string;
}

/** What the sandbox saw: enough for tests to prove nothing was sent twice. */
export interface SandboxStats {
  /** HTTP requests received on the GraphQL path, whatever their outcome. */
  readonly requests: number;
  /**
   * Mutations executed (a bet that reached the ledger counts once). A refused
   * bet (not logged in, insufficient balance, bad argument) does not count;
   * one whose answer was then lost (`drop_after_processing`, a client that
   * gave up during `slow`) does.
   */
  readonly mutations_executed: number;
  /**
   * Requests per GraphQL operation name ('' when the request had none): the
   * body's `operationName`, else the name of the query's only operation
   * (`query Me { … }` counts as 'Me'). Sums to `requests`.
   */
  readonly by_operation: Readonly<Record<string, number>>;
  /**
   * Tokens seen in `X-Access-Token`, one entry per request that carried a
   * non-empty one (valid or not), in arrival order.
   */
  readonly tokens_seen: readonly string[];
  /** Raw headers of the last request (names lower-cased; repeated headers joined as Node does). */
  readonly last_headers: Readonly<Record<string, string | string[] | undefined>>;
  /**
   * The operation name (as in `by_operation`) and variables of each request
   * on the GraphQL path, in the order their bodies were read (at most the
   * last 10 000; `{}` when a request had none). Variables whose name looks
   * secret (password, token, secret, session, clearance, tfa, otp), at any
   * depth, are replaced by "[redacted]"; variables longer than 16 KiB of
   * JSON are logged as `{ "[truncated]": true }`.
   */
  readonly request_log: ReadonlyArray<{
    readonly operation_name: string;
    readonly variables: Readonly<Record<string, unknown>>;
  }>;
  /**
   * Faults requests took, by kind (`status`, `drop`, ..., and `site_error`
   * as `site_error:<errorType>`, e.g. `site_error:parallelCasinoBet`).
   */
  readonly faults_applied: Readonly<Record<string, number>>;
  /** How many `Cookie` and `X-Access-Token` header lines each request carried, in arrival order. */
  readonly header_line_counts: ReadonlyArray<{ readonly cookie: number; readonly access_token: number }>;
}

/** A running sandbox. Stop it with `close()` or `await using`. */
export interface Sandbox extends AsyncDisposable {
  /** Base URL, `http://127.0.0.1:PORT` — pass it as a client's `base_url`. */
  readonly url: string;
  /**
   * Logs a new user in (name 1 to 64 characters, default `sandbox-user-N`):
   * issues a token (96 hex digits) and a session cookie. Session values are
   * base64url; every other one, the first included, ends in a percent-encoded
   * `%3D`, as real sessions can. A request may carry the token alone; when it
   * also carries a `session` cookie, that must be one of this user's live
   * sessions, else the answer is "not logged in".
   */
  login(name?: string): SandboxLogin;
  /** Fixture: the user's available rakeback of `currency` (the site's accrual rules are not public). */
  set_rakeback(user_id: string, currency: string, amount: number): void;
  /** Fixture: the user's VIP flag and progress (`VipProgressMeta`'s `flagProgress`). */
  set_vip(user_id: string, vip: { flag: string; progress: number }): void;
  /** Issues a `cf_clearance` value valid only with this User-Agent. */
  issue_clearance(user_agent: string): string;
  /**
   * Makes the next `count` requests the fault targets (default 1; POSTs to
   * the GraphQL path, narrowed by `operations`) misbehave as `fault` says.
   * Faults queue in order: a request looks only at the first queued fault,
   * and takes it if it is targeted, else passes untouched (a later queued
   * fault waits its turn). Requests take faults in the order their bodies
   * were read (the order of `request_log`). A fault answers before any other
   * check (clearance, rate limit, token), except `slow` and
   * `drop_after_processing`, which wrap the normal processing. Bad faults
   * throw TypeError / RangeError naming the field, and nothing is queued.
   */
  fail_next(fault: SandboxFault, count?: number): void;
  /**
   * For soak tests: from now on, each request the fault targets takes it with
   * `probability` (above 0, at most 1), drawn independently per request,
   * until {@link clear_faults}. A request that a queued fault (`fail_next`)
   * applies to takes that one instead and draws nothing; standing faults
   * (this and `fail_every`) are tried in the order they were added, and the
   * first that fires wins.
   */
  fail_randomly(fault: SandboxFault, probability: number, options?: RandomFaultOptions): void;
  /**
   * From now on, every `every`-th request the fault targets (the `every`-th,
   * the 2×`every`-th, ...; `every` an integer from 1 to 1 000 000) takes it,
   * until {@link clear_faults}; otherwise as `fail_randomly`.
   */
  fail_every(fault: SandboxFault, every: number): void;
  /** Forgets every queued and standing fault; requests already holding one still suffer it. */
  clear_faults(): void;
  /**
   * Revokes a token now: the next request with it gets the site's "not logged
   * in" answer, and websocket connections opened with it are closed with 4403.
   */
  revoke_token(access_token: string): void;
  /** A copy of what the sandbox has seen so far. */
  stats(): SandboxStats;
  /**
   * Destroys every websocket connection of the realtime feed
   * (`/_api/websockets`) at once, without a close frame (what a client sees
   * when the network drops); nothing more is published to them. Returns how
   * many were dropped. Clients reconnect as they would on the site.
   */
  drop_websockets(): number;
  /**
   * The realtime feed's side: connections opened and open, live
   * subscriptions, one record per `connection_init` (the token as a
   * fingerprint, `token_fingerprint(token)`, never the token), and per balance
   * event with an identifier how many subscriptions were live when it was
   * published and how many messages carried it.
   */
  websocket_stats(): WebsocketStats;
  /** The sportsbook's levers: fixtures, odds, suspensions, settlement, cashout multipliers, refusals on demand. */
  readonly sports: SandboxSportsbook;
  /** A cURL paste (bash flavour) of a GraphQL request a browser logged in as `login` would send. */
  sample_curl(login: SandboxLogin, user_agent?: string, clearance?: string): string;
  /** Stops listening and drops open connections. Resolves when closed; safe to call twice. */
  close(): Promise<void>;
}
