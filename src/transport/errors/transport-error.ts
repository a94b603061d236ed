import { StakeError, name_error_class, type StakeErrorInit } from './stake-error.js';

/**
 * What went wrong on the way:
 * - `timeout`: no complete answer within `timeout_ms`;
 * - `aborted`: the caller's `signal` aborted (`cause` is the signal's reason);
 * - `closed`: the client was closed (before or while sending);
 * - `connection_failed`: the request was provably never written: no connection
 *   (refused, DNS, unreachable, a bad port fetch refuses), a failed TLS
 *   handshake, or a header fetch could not build;
 * - `network`: the connection broke (reset, dropped) after the request left;
 * - `bad_response`: the answer was not a GraphQL JSON response;
 * - `http_status`: an HTTP error status (5xx after retries, an unexpected 4xx);
 * - `browser_unreachable` (browser transport): no browser answers at `cdp_url`,
 *   or no tab of the site could be opened; nothing was sent;
 * - `browser_lost` (browser transport): the tab was closed, navigated or
 *   crashed, or the browser went away, while the page's request was in
 *   flight: the answer is lost and the request may have run.
 */
export type TransportFailure =
  | 'timeout' | 'aborted' | 'closed' | 'connection_failed' | 'network' | 'bad_response' | 'http_status'
  | 'browser_unreachable' | 'browser_lost';

/** Fields of a {@link TransportError}. */
export interface TransportErrorInit extends StakeErrorInit {
  readonly reason: TransportFailure;
  readonly may_have_reached_server: boolean;
  readonly detail: string;
}

/**
 * The HTTP exchange failed. For a mutation, `may_have_reached_server` is the
 * field to read: false only when the client knows the request never left
 * (connection refused, DNS failure, bad port, TLS handshake failure, aborted
 * or closed before sending); when
 * true the operation may have run — check before sending it again.
 */
export class TransportError extends StakeError {
  declare readonly name: 'TransportError';
  /** What kind of failure this was. */
  readonly reason: TransportFailure;
  /** False only when the request certainly never reached the server. */
  readonly may_have_reached_server: boolean;

  constructor(init: TransportErrorInit) {
    const op = init.operation_name === null || init.operation_name === undefined ? '' : ` for ${init.operation_name}`;
    const reached = init.may_have_reached_server
      ? 'the request may have reached the server'
      : 'the request did not reach the server';
    super(`${init.detail}${op} (${reached})`, init);
    this.reason = init.reason;
    this.may_have_reached_server = init.may_have_reached_server;
  }
}
name_error_class(TransportError, 'TransportError');
