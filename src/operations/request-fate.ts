/**
 * The one rule that decides, for every kind of request that moves money (a
 * bet, a round's opening or step, a Crash/Slide bet or cashout, a sports
 * slip or cashout, a vault deposit), what a failed request tells about
 * whether it ran.
 *
 * A request is "not run" only when it provably never left (the connection
 * was never made, the client's own check refused it before the wire) or the
 * site answered a refusal that names it: a GraphQL error with an
 * `errorType` and no data beside it. Everything else "may have run":
 *
 * - a time-out, a dropped connection, a 5xx, an answer without the bet, a
 *   GraphQL error without an errorType or with data beside it, a failure
 *   after the request left: the site is looked at, through the settle period
 *   (a request held in a queue in front of the site can be booked seconds
 *   after the client gave up on it) — `settle: true`;
 * - a 429 or a bot-protection challenge: an edge answered, but for this
 *   exchange only. A resent copy (a browser resends a POST when a reused
 *   connection fails), an origin-side limit or a proxy may answer so for a
 *   request that ran. After the wait the site is looked at once; only a look
 *   that shows the request is not there lets it be sent again — `settle: false`;
 * - refused credentials: the run cannot look without them; the intent stays
 *   open for the next start to resolve.
 *
 * Nothing here decides "placed" or "not placed": that is what looking at the
 * site does (the nonce and history, the open round, the active bets, the
 * vault's balance), each kind of bet by its own evidence, under this rule.
 */
import { AuthenticationError, ChallengeError, GraphQLError, RateLimitError, StakeError, TransportError } from '../transport/errors/index.js';

/** Why a request may have run. */
export type MayHaveRunCause = 'network' | 'server' | 'rate_limited' | 'challenge' | 'answer' | 'graphql';

/** What a failed request tells about whether it ran. */
export type RequestFate =
  /** The site refused it with an errorType and no data: nothing ran. */
  | { readonly kind: 'refused'; readonly error_type: string; readonly message: string }
  /** It provably never left (no connection was made; the client's own check refused it). */
  | { readonly kind: 'not_sent'; readonly message: string }
  /**
   * It may have run: the site must be looked at before it may be sent again;
   * with `settle`, through the settle period (a time-out, a drop, a 5xx),
   * else once, after `retry_after_ms` (a 429, a challenge).
   */
  | { readonly kind: 'may_have_run'; readonly cause: MayHaveRunCause; readonly settle: boolean; readonly message: string; readonly retry_after_ms: number | null }
  /** The credentials were refused: nothing can be looked at without the user; the intent stays open. */
  | { readonly kind: 'auth'; readonly message: string };

/** Whether GraphQL `data` holds anything: a field that is not null means part of the operation ran. */
function holds_data(data: unknown): boolean {
  if (data === null || data === undefined) return false;
  if (typeof data !== 'object') return true;
  return Object.values(data as Record<string, unknown>).some((v) => v !== null && v !== undefined);
}

/**
 * The fate of a request of the client's that failed with `error`. The
 * operations turn every failure from the wire on into a StakeError
 * (`on_the_wire`, runner.ts: an answer that cannot be read is a
 * TransportError that may have reached the server), so a plain TypeError or
 * RangeError is the client's own check of the input, before the wire.
 */
export function request_fate(error: unknown): RequestFate {
  const message = error instanceof Error ? error.message : String(error);
  if (!StakeError.is(error) && (error instanceof TypeError || error instanceof RangeError)) return { kind: 'not_sent', message };
  if (GraphQLError.is(error)) {
    if (error.error_type !== null && !holds_data(error.data)) return { kind: 'refused', error_type: error.error_type, message };
    return { kind: 'may_have_run', cause: 'graphql', settle: true, message, retry_after_ms: null };
  }
  if (AuthenticationError.is(error)) return { kind: 'auth', message };
  if (RateLimitError.is(error)) return { kind: 'may_have_run', cause: 'rate_limited', settle: false, message, retry_after_ms: error.retry_after_ms };
  if (ChallengeError.is(error)) return { kind: 'may_have_run', cause: 'challenge', settle: false, message, retry_after_ms: null };
  if (TransportError.is(error)) {
    if (!error.may_have_reached_server) return { kind: 'not_sent', message };
    const cause: MayHaveRunCause = error.reason === 'http_status' ? 'server' : error.reason === 'bad_response' ? 'answer' : 'network';
    return { kind: 'may_have_run', cause, settle: true, message, retry_after_ms: null };
  }
  if (StakeError.is(error)) return { kind: 'may_have_run', cause: 'network', settle: true, message, retry_after_ms: null };
  // Anything else thrown after the request left (a bug, an abort, a TypeError reading the answer) says nothing of the request.
  return { kind: 'may_have_run', cause: 'answer', settle: true, message, retry_after_ms: null };
}

/** The short name of a cause, for a stop reason (`error:<name>`) and the waits shown to the user. */
export function cause_name(cause: MayHaveRunCause): 'network' | 'rateLimited' | 'challenge' {
  return cause === 'rate_limited' ? 'rateLimited' : cause === 'challenge' ? 'challenge' : 'network';
}
