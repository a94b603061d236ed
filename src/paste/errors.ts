/**
 * The error of a paste that holds nothing usable: what `StakeClient.from_curl`
 * throws, and what `stakeql extract` reports with exit code 3 ("nothing found
 * in the paste").
 */
import type { Credentials } from './request.js';

// Every field a paste can give; a paste that gives none is not a request copied from DevTools.
const FIELDS = ['access_token', 'session_cookie', 'cf_clearance', 'user_agent', 'base_url'] as const;

/**
 * A paste in which no request copied from DevTools was found: no access
 * token, no cookie, no User-Agent, no site. A RangeError (bad input, the
 * paste), typed so callers can tell it apart; the message never quotes the paste.
 */
export class NoCredentialsError extends RangeError {
  constructor() {
    super(
      'the paste holds no credentials: it is not a request copied from DevTools ' +
        '(Network panel, right-click a request to /_api/graphql, Copy as cURL)',
    );
  }

  /** True for this class's errors from any copy of stakeql (where `instanceof` fails: two installed versions). */
  static is(value: unknown): value is NoCredentialsError {
    return value instanceof Error && value.name === 'NoCredentialsError';
  }
}
Object.defineProperty(NoCredentialsError.prototype, 'name', { value: 'NoCredentialsError', enumerable: false, writable: true });

/** Whether a paste gave at least one field: the rule of {@link NoCredentialsError}. */
export function found_anything(credentials: Credentials): boolean {
  return FIELDS.some((field) => credentials[field] !== null);
}
