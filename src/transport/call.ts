import { TransportError, type RedactedRequest, type StakeError, type TransportFailure } from './errors/index.js';
import type { ResolvedOperation } from './operation.js';
import type { StopReason } from './scope.js';

/** What one call carries from attempt to attempt. */
export interface Call {
  readonly op: ResolvedOperation;
  readonly body: string;
  readonly signal: AbortSignal | null;
  /**
   * A REST call (`POST {base}/_api/casino/{path}`): its URL. Absent for a
   * GraphQL call, which goes to the endpoint. A REST answer is the data
   * itself (no `data` wrapper); its errors have GraphQL's shape.
   */
  readonly rest_url?: string;
  attempt: number;
  /**
   * Whether an earlier attempt may have been run by the server: it was sent
   * and not refused for its credentials (a refusal runs nothing).
   */
  maybe_ran: boolean;
  /** `Date.now()` when the first attempt began (set by `run_call`): a timeout says the whole wait. */
  started_ms?: number;
}

/** How a failed attempt ended. */
export interface Failure {
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
export type Outcome = { readonly ok: true; readonly data: unknown } | Failure;

/** Builds a {@link Failure} of the current attempt; `extra` overrides the "final, not refused" defaults. */
export type Fail = (error: StakeError, extra?: Partial<Pick<Failure, 'retryable' | 'retry_after_ms' | 'refused' | 'reached'>>) => Failure;

/** Fields of a TransportError the client fills in from the call. */
export interface TransportInit {
  readonly reason: TransportFailure;
  readonly may_have_reached_server: boolean;
  readonly detail: string;
  readonly status?: number;
  readonly server_message?: string | null;
  readonly cause?: unknown;
  readonly request: RedactedRequest | null;
}

/** A TransportError about `call`. */
export function transport_error(call: Call, init: TransportInit): TransportError {
  return new TransportError({ ...init, status: init.status ?? null, operation_name: call.op.operation_name });
}

/** The error for a call stopped by its timeout, its signal (`cause`: the signal's reason) or close(). */
export function stopped_error(
  why: StopReason,
  call: Call,
  sent_now: boolean,
  timeout_ms: number,
  error?: unknown,
  request: RedactedRequest | null = null,
): TransportError {
  const detail = why === 'timeout'
    ? timeout_detail(call, timeout_ms)
    : why === 'aborted' ? 'The request was aborted by its signal' : 'The StakeClient is closed';
  return transport_error(call, {
    reason: why,
    may_have_reached_server: sent_now || call.maybe_ran,
    detail,
    cause: why === 'aborted' ? call.signal?.reason : error,
    request,
  });
}

/**
 * What a timeout cost: a query is retried after one, so a stalled server is
 * waited on `timeout_ms` per attempt, plus the backoff, and the message says the whole wait.
 */
function timeout_detail(call: Call, timeout_ms: number): string {
  if (call.attempt <= 1) return `No complete answer within timeout_ms (${timeout_ms} ms)`;
  const elapsed = call.started_ms === undefined ? null : Date.now() - call.started_ms;
  const total = elapsed === null ? '' : `, ${seconds(elapsed)} in all`;
  return `No complete answer within timeout_ms (${timeout_ms} ms per attempt); gave up after ${call.attempt} attempts${total}`;
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
