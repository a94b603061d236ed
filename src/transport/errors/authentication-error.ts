import { StakeError, name_error_class, type StakeErrorInit } from './stake-error.js';
import type { GraphQLErrorItem } from './graphql-error.js';

/** Fields of an {@link AuthenticationError}. */
export interface AuthenticationErrorInit extends StakeErrorInit {
  /** The `errorType` the server gave, when the refusal came as a GraphQL error. */
  readonly error_type?: string | null;
  /** Replaces the default explanation (used when a refresh failed). */
  readonly message?: string;
}

// Lower-cased `errorType` / `extensions.code` values that mean "who are you?".
const AUTH_ERROR_TYPES = new Set([
  'notauthenticated', 'unauthenticated', 'notloggedin', 'loginrequired',
  'tokenexpired', 'tokeninvalid', 'invalidtoken', 'tokenrevoked', 'sessionexpired',
]);

const AUTH_PHRASES = ['not logged in', 'must be logged in', 'not authenticated', 'unauthenticated', 'login required'];
// "token" alone is too wide on a site whose currencies are tokens: it must come with a verdict.
const TOKEN_VERDICTS = ['expired', 'invalid', 'revoked', 'missing', 'required', 'not valid'];

/**
 * True when a GraphQL error says the request was not authenticated: an auth
 * `errorType` (stake.com's `notAuthenticated`, `tokenExpired`, ...), or a
 * message such as "not logged in", "must be logged in", "invalid token".
 */
export function is_authentication_failure(item: GraphQLErrorItem): boolean {
  if (item.error_type !== null && AUTH_ERROR_TYPES.has(item.error_type.toLowerCase())) return true;
  const message = item.message.toLowerCase();
  if (AUTH_PHRASES.some((p) => message.includes(p))) return true;
  return message.includes('token') && TOKEN_VERDICTS.some((v) => message.includes(v));
}

/**
 * The server did not accept the credentials (HTTP 401, or a GraphQL error
 * such as `notAuthenticated` / `tokenExpired`), or a `refresh` callback
 * failed (then `cause` holds its error). Fix: a fresh access token
 * (`client._auth_manager.set_access_token`) or a `refresh` option.
 */
/** The text without trailing full stops and blanks (a loop: server text never meets a backtracking regex). */
function withoutTrailingStop(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === '.' || text[end - 1] === ' ')) end--;
  return text.slice(0, end);
}

export class AuthenticationError extends StakeError {
  declare readonly name: 'AuthenticationError';
  /** The server's `errorType`, when the refusal was a GraphQL error; else null. */
  readonly error_type: string | null;

  constructor(init: AuthenticationErrorInit = {}) {
    const op = init.operation_name === null || init.operation_name === undefined ? '' : ` for ${init.operation_name}`;
    // The server's own sentence usually ends in a full stop; do not add a second.
    const said = init.server_message === null || init.server_message === undefined ? '' : `: ${withoutTrailingStop(init.server_message)}`;
    const status = init.status === null || init.status === undefined ? '' : ` (HTTP ${init.status})`;
    super(
      init.message ??
        `Not authenticated${status}${op}${said}. The access token or session cookie is missing, expired or revoked: ` +
          'copy a fresh request from the logged-in browser, or give the client a refresh option',
      init,
    );
    this.error_type = init.error_type ?? null;
  }
}
name_error_class(AuthenticationError, 'AuthenticationError');
