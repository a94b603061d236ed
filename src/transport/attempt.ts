import { BrowserFailure } from './browser/failure.js';
import { interpret } from './classify.js';
import { connect_failure_cause, host_and_port, never_sent } from './connect-failure.js';
import type { ClientCore } from './core.js';
import { AuthenticationError, type RedactedRequest } from './errors/index.js';
import { stopped_error, transport_error, type Call, type Fail, type Outcome } from './call.js';
import type { FetchResponseLike } from './options.js';
import { redact_headers } from './redact.js';

/** One send of `call` and its answer, turned into data or a typed error; never throws. */
export async function run_attempt(core: ClientCore, call: Call): Promise<Outcome> {
  const opts = core.opts;
  const scope = core.scopes.open(call.signal, opts.timeout_ms);
  let headers: Record<string, string> = {};
  let sentToken: string | null = null;
  let sent = false;
  const fail: Fail = (error, extra = {}) => ({
    ok: false, error, reached: sent, retryable: false, retry_after_ms: null, refused: false, sent_token: sentToken, ...extra,
  });
  const request = (): RedactedRequest => core.redacted_request(call, headers);
  try {
    const built = core.request_headers();
    headers = built.headers;
    sentToken = built.token;
    add_web_app_headers(headers, call);
    const early = scope.reason();
    if (early !== null) return fail(stopped_error(early, call, false, opts.timeout_ms, undefined, request()));
    if (opts.logger !== null) {
      core.log({
        type: 'request',
        operation_name: call.op.operation_name,
        operation_kind: call.op.kind,
        attempt: call.attempt,
        url: call.rest_url ?? opts.endpoint,
        headers: redact_headers(headers),
      });
    }

    const unsendable = built.unsendable;
    if (unsendable !== null) {
      // fetch would refuse it before writing anything; say so without calling it (the value may be a secret).
      return fail(transport_error(call, {
        reason: 'connection_failed',
        may_have_reached_server: call.maybe_ran,
        detail: `The ${unsendable} header value holds a character no HTTP header may carry (NUL, CR, LF or beyond U+00FF); nothing was sent`,
        request: request(),
      }));
    }
    const fetchFn = opts.fetch;
    let response: FetchResponseLike;
    sent = true;
    try {
      response = await fetchFn(call.rest_url ?? opts.endpoint, { method: 'POST', headers, body: call.body, signal: scope.signal, redirect: 'manual' });
    } catch (error) {
      const why = scope.reason();
      if (why !== null) return fail(stopped_error(why, call, true, opts.timeout_ms, error, request()), { retryable: why === 'timeout' });
      if (error instanceof BrowserFailure) return browser_failure(error, call, fail, request());
      const connected = !never_sent(error, core.endpoint_url);
      return fail(transport_error(call, {
        reason: connected ? 'network' : 'connection_failed',
        may_have_reached_server: connected || call.maybe_ran,
        detail: connected
          ? `The connection to ${host_and_port(core.endpoint_url)} failed after the request was sent`
          : not_connected_detail(error, core.endpoint_url),
        cause: error,
        request: request(),
      }), { retryable: true, reached: connected });
    }
    core.store_cookies(response.headers);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const why = scope.reason();
      if (why !== null) return fail(stopped_error(why, call, true, opts.timeout_ms, error, request()), { retryable: why === 'timeout' });
      return fail(transport_error(call, {
        reason: 'network',
        may_have_reached_server: true,
        detail: `The connection broke while reading the answer (HTTP ${response.status})`,
        status: response.status,
        cause: error,
        request: request(),
      }), { retryable: true });
    }
    core.log({ type: 'response', operation_name: call.op.operation_name, attempt: call.attempt, status: response.status });
    return interpret({
      status: response.status,
      headers: response.headers,
      text,
      call,
      had_clearance: built.had_clearance,
      had_user_agent: opts.user_agent !== null,
      sent_headers: headers,
      request,
      fail,
      endpoint: core.endpoint_url,
      redact: core.redact_bound,
      in_browser: core.browser !== null,
    });
  } finally {
    scope.dispose();
  }
}

/**
 * What the web app adds to each of its GraphQL requests (public clients copy
 * them: a slot bot sends x-operation-name, a sports bot both, a keno bot keeps
 * x-language), on both paths: the operation's name
 * and kind, and the language.
 */
function add_web_app_headers(headers: Record<string, string>, call: Call): void {
  headers['x-language'] = 'en';
  // The web app's REST casino calls carry no GraphQL operation (public clients send none of these two).
  if (call.rest_url !== undefined) return;
  if (call.op.operation_name !== null) headers['x-operation-name'] = call.op.operation_name;
  headers['x-operation-type'] = call.op.kind;
}

/** The page's fetch failed: the typed error, and whether the request may have run. */
function browser_failure(error: BrowserFailure, call: Call, fail: Fail, request: RedactedRequest): ReturnType<Fail> {
  if (error.kind === 'no_token') {
    return fail(new AuthenticationError({
      operation_name: call.op.operation_name,
      request,
      message: `${error.message}${call.op.operation_name === null ? '' : ` (for ${call.op.operation_name})`}`,
    }), { reached: false });
  }
  const lost = error.kind === 'lost';
  return fail(transport_error(call, {
    reason: lost ? 'browser_lost' : 'browser_unreachable',
    may_have_reached_server: lost || call.maybe_ran,
    detail: error.message,
    cause: error,
    request,
  }), { reached: lost, retryable: lost });
}

/** Why a request was never written, naming where it was going (host and port only: never a credential). */
function not_connected_detail(error: unknown, endpoint: URL): string {
  const cause = connect_failure_cause(error, endpoint);
  return cause === null
    ? `Could not send the request to ${host_and_port(endpoint)} (no connection, a failed TLS handshake, or a request fetch refused to build)`
    : `Could not connect to ${host_and_port(endpoint)}: ${cause}`;
}
