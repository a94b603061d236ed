import type { HeadersLike } from './cookie-jar.js';
import {
  AuthenticationError,
  ChallengeError,
  GraphQLError,
  RateLimitError,
  is_authentication_failure,
  is_challenge,
  is_kasada_refusal,
  type GraphQLErrorItem,
  type RedactedRequest,
} from './errors/index.js';
import { transport_error, type Call, type Fail, type Outcome } from './call.js';
import { parse_retry_after } from './retry-after.js';

/** A complete HTTP answer to one attempt, and what the attempt sent. */
export interface Answer {
  readonly status: number;
  readonly headers: HeadersLike;
  readonly text: string;
  readonly call: Call;
  /** Whether the request carried a `cf_clearance` cookie. */
  readonly had_clearance: boolean;
  /** Whether the request carried a `User-Agent`. */
  readonly had_user_agent: boolean;
  /** The headers the attempt sent (credentials included: only for redaction). */
  readonly sent_headers: Readonly<Record<string, string>>;
  readonly request: () => RedactedRequest;
  readonly fail: Fail;
  /** The URL the request went to (a relative `Location` is read against it). */
  readonly endpoint: URL;
  /** Removes credentials from text that came from the server; `extra` are more values to remove. */
  readonly redact: (text: string, extra?: readonly string[]) => string;
  /** The request was the page's own fetch in the user's browser (a challenge is then the user's to pass in that tab). */
  readonly in_browser?: boolean;
}

/** Turns a complete answer into data or a typed error. */
export function interpret(answer: Answer): Outcome {
  const { status, headers: responseHeaders, text, call, request, fail } = answer;
  const operation_name = call.op.operation_name;
  const in_browser = answer.in_browser === true;
  // Before the 429 rule: a Kasada refusal is never retried, whatever its status.
  if (is_kasada_refusal(status, responseHeaders)) {
    return fail(new ChallengeError({
      status, operation_name, request: request(), had_clearance: answer.had_clearance, had_user_agent: answer.had_user_agent, vendor: 'kasada', in_browser,
    }));
  }
  if (is_challenge(status, responseHeaders.get('cf-mitigated'), text)) {
    return fail(new ChallengeError({
      status, operation_name, request: request(), had_clearance: answer.had_clearance, had_user_agent: answer.had_user_agent, vendor: 'cloudflare', in_browser,
    }));
  }
  if (status >= 300 && status < 400) {
    return fail(transport_error(call, {
      reason: 'http_status',
      status,
      may_have_reached_server: true,
      detail: `The server redirected (HTTP ${status})${redirect_target(responseHeaders, answer.endpoint)}; redirects are not followed ` +
        'because they would carry the token elsewhere: set base_url to the site the API is served from',
      request: request(),
    }));
  }
  const body = parse_json(text);
  const items = body === undefined ? [] : graphql_errors(body, answer.sent_headers, answer.redact);
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
    return fail(transport_error(call, {
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
    return fail(transport_error(call, {
      reason: ok ? 'bad_response' : 'http_status',
      status,
      may_have_reached_server: true,
      detail: ok ? `The answer is not a GraphQL JSON response (HTTP ${status})` : `The server refused the request (HTTP ${status})`,
      request: request(),
    }));
  }
  // A REST answer is the data itself (`{ "diceRoll": {...} }`), errors aside.
  const rest = call.rest_url !== undefined;
  const data = rest ? (items.length > 0 ? null : body) : (body as { data?: unknown }).data;
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
  if (status < 200 || status >= 300 || !(rest || 'data' in body)) {
    return fail(transport_error(call, {
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
export function graphql_errors(
  body: unknown,
  sent_headers: Readonly<Record<string, string>>,
  redact: (text: string, extra?: readonly string[]) => string,
): GraphQLErrorItem[] {
  if (typeof body !== 'object' || body === null) return [];
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors) || errors.length === 0) return [];
  const sent = sent_secrets(sent_headers);
  return errors.map((e: unknown): GraphQLErrorItem => {
    const item = (typeof e === 'object' && e !== null ? e : {}) as {
      message?: unknown; path?: unknown; errorType?: unknown; extensions?: { code?: unknown; errorType?: unknown };
    };
    const path = Array.isArray(item.path)
      ? item.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number')
      : null;
    const type = item.errorType ?? item.extensions?.errorType ?? item.extensions?.code;
    return {
      message: typeof item.message === 'string' ? redact(item.message, sent) : 'no message',
      path,
      error_type: typeof type === 'string' ? type : null,
    };
  });
}

/** The credential values a request carried: its token and every cookie value. */
export function sent_secrets(headers: Readonly<Record<string, string>>): string[] {
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

/**
 * Where a redirect pointed, origin only (a path or query could hold
 * anything; the origin goes through the redactor like every other string):
 * ` to another origin (https://host)` or ` within the same origin`.
 */
function redirect_target(headers: HeadersLike, endpoint: URL): string {
  const location = headers.get('location');
  if (location === null) return '';
  let target: URL;
  try {
    target = new URL(location, endpoint);
  } catch {
    return ' to a Location that is not a URL';
  }
  if (target.origin === endpoint.origin) return ' within the same origin';
  return target.origin === 'null' ? ` to another origin (a ${target.protocol} URL)` : ` to another origin (${target.origin})`;
}
