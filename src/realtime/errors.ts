/**
 * What ended a subscription, as the library's typed errors; and which
 * failures are worth a reconnection. Every string that came from the server
 * (close reasons, error payloads) passes through the client's redaction
 * before it reaches an error.
 */
import { graphql_errors } from '../transport/classify.js';
import {
  AuthenticationError,
  ChallengeError,
  GraphQLError,
  TransportError,
  is_authentication_failure,
  StakeError,
} from '../transport/errors/index.js';
import { connect_failure_cause, host_and_port } from '../transport/connect-failure.js';
import { refusal_of } from './websocket.js';

/** What the mapping needs to know about the subscription and the client. */
export interface FailureContext {
  readonly operation_name: string | null;
  /** The client's redaction point (every credential it holds). */
  readonly redact: (text: string) => string;
  readonly had_clearance: boolean;
  readonly had_user_agent: boolean;
  /** The websocket URL (`ws(s)://host/_api/websockets`): its host and port name a failed connection. */
  readonly url: string;
}

// graphql-transport-ws: 4401 "Unauthorized", 4403 "Forbidden" (graphql-ws's answer to a refused connection_init).
const AUTH_CLOSE_CODES = new Set([4401, 4403]);
// Closes that say the connection, not the request, failed: worth another try.
const FATAL_CLOSE_CODES = new Set([1002, 1003, 1007, 1008, 1009, 1010, 4400, 4004, 4005, 4406, 4409, 4429, 4500]);

interface CloseLike {
  readonly code: number;
  readonly reason: string;
}

/** A WebSocket close event (or graphql-ws's synthetic one). */
export function is_close_event(value: unknown): value is CloseLike {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number' && 'reason' in value;
}

/**
 * graphql-ws `shouldRetry`: reconnect after a dropped connection, a network
 * error or a server error on the upgrade; never after a refusal (auth close,
 * challenge, 401/403 on the upgrade) or a protocol error: those would fail
 * the same way again.
 */
export function should_retry(failure: unknown): boolean {
  if (is_close_event(failure)) {
    // ws closes (1006) right after the error of a refused upgrade: judge it by the refusal.
    const refusal = refusal_of((failure as { target?: unknown }).target);
    if (refusal !== undefined) return refusal.status === 429 || refusal.status >= 500;
    return !AUTH_CLOSE_CODES.has(failure.code) && !FATAL_CLOSE_CODES.has(failure.code);
  }
  if (typeof failure === 'object' && failure !== null && 'target' in failure) {
    const refusal = refusal_of((failure as { target: unknown }).target);
    if (refusal === undefined) return true; // refused, reset, unreachable: the network, not a verdict
    return refusal.status === 429 || refusal.status >= 500;
  }
  return false; // an Error thrown inside graphql-ws: a bug or a bad answer, not the network
}

/** The typed error for whatever graphql-ws reported to a subscription's sink. */
export function to_stake_error(failure: unknown, ctx: FailureContext): StakeError {
  const base = { operation_name: ctx.operation_name };
  if (Array.isArray(failure)) return from_graphql_errors(failure, ctx);
  if (is_close_event(failure)) {
    const reason = failure.reason === '' ? null : ctx.redact(failure.reason);
    if (AUTH_CLOSE_CODES.has(failure.code)) {
      return new AuthenticationError({
        ...base,
        server_message: reason,
        message:
          `The site refused the websocket connection (close ${failure.code}${reason === null ? '' : ` ${reason}`})${op(ctx)}: ` +
          'the access token is missing, expired or revoked. Copy a fresh request from the logged-in browser',
      });
    }
    const said = reason === null ? '' : `: ${reason}`;
    return new TransportError({
      ...base,
      reason: 'network',
      may_have_reached_server: true,
      server_message: reason,
      detail: FATAL_CLOSE_CODES.has(failure.code)
        ? `The websocket was closed with ${failure.code}${said}`
        : `The websocket connection was lost (close ${failure.code}${said}) and reconnecting failed`,
    });
  }
  if (typeof failure === 'object' && failure !== null && 'target' in failure) {
    const refusal = refusal_of((failure as { target: unknown }).target);
    if (refusal !== undefined) return from_refusal(refusal.status, refusal.challenge, refusal.kasada, ctx);
    return new TransportError({
      ...base,
      reason: 'connection_failed',
      may_have_reached_server: false,
      detail: not_connected_detail(failure, ctx),
    });
  }
  if (StakeError.is(failure)) return failure;
  const text = failure instanceof Error ? failure.message : String(failure);
  return new TransportError({
    ...base,
    reason: 'bad_response',
    may_have_reached_server: true,
    detail: `The websocket connection failed: ${ctx.redact(text)}`,
  });
}

/** A `next` with `errors`, or an `error` message: authentication failures apart. */
export function from_graphql_errors(errors: readonly unknown[], ctx: FailureContext, data?: unknown): StakeError {
  const items = graphql_errors({ errors }, {}, (text) => ctx.redact(text));
  const auth = items.find(is_authentication_failure);
  if (auth !== undefined) {
    return new AuthenticationError({
      operation_name: ctx.operation_name,
      server_message: auth.message,
      error_type: auth.error_type,
    });
  }
  return new GraphQLError({ operation_name: ctx.operation_name, errors: items, data });
}

function from_refusal(status: number, challenge: boolean, kasada: boolean, ctx: FailureContext): StakeError {
  const base = { operation_name: ctx.operation_name, status };
  if (kasada && (status === 403 || status === 429)) {
    return new ChallengeError({ ...base, had_clearance: ctx.had_clearance, had_user_agent: ctx.had_user_agent, vendor: 'kasada' });
  }
  // On the site's websocket a 403 comes from Cloudflare's edge, challenge header or not.
  if (challenge || status === 403) {
    return new ChallengeError({ ...base, had_clearance: ctx.had_clearance, had_user_agent: ctx.had_user_agent });
  }
  if (status === 401) return new AuthenticationError(base);
  return new TransportError({
    ...base,
    reason: 'http_status',
    may_have_reached_server: true,
    detail: `The server refused the websocket upgrade (HTTP ${status})`,
  });
}

function op(ctx: FailureContext): string {
  return ctx.operation_name === null ? '' : ` for ${ctx.operation_name}`;
}

// ws's own text when `handshakeTimeout` expires (ws/lib/websocket.js, initAsClient).
const WS_HANDSHAKE_TIMEOUT = 'Opening handshake has timed out';

/** A websocket that never opened: why (refused, host not found, ...) and where, host and port only. */
function not_connected_detail(failure: object, ctx: FailureContext): string {
  const url = new URL(ctx.url);
  const cause = connect_failure_cause((failure as { error?: unknown }).error ?? failure);
  if (cause !== null) return `No websocket connection could be made to ${host_and_port(url)}: ${cause}`;
  const message = (failure as { message?: unknown }).message;
  if (message === WS_HANDSHAKE_TIMEOUT) {
    return `No websocket connection could be made to ${host_and_port(url)}: the server accepted the connection but did not answer the upgrade within realtime.ack_timeout_ms`;
  }
  return `No websocket connection could be made to ${host_and_port(url)}${typeof message === 'string' && message !== '' ? ` (${ctx.redact(message)})` : ''}`;
}
