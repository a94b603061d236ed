/**
 * Checks for the profile fields `src/auth/validate.ts` does not cover (user
 * agent, base URL, times). Same contract: TypeError for a wrong type,
 * RangeError for a bad value, messages that name the field and never the value.
 */
import { describeType, requireNonEmptyString } from '../auth/validate.js';

/**
 * Returns the trimmed User-Agent, or throws. Printable ASCII only: it is sent
 * as a header value, where a control character would allow header injection.
 */
export function validateUserAgent(value: unknown, param = 'user_agent'): string {
  const ua = requireNonEmptyString(value, param);
  for (let i = 0; i < ua.length; i++) {
    const c = ua.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) {
      throw new RangeError(`${param} must be printable ASCII (found another character at index ${i})`);
    }
  }
  return ua;
}

/**
 * Returns the origin (`scheme://host[:port]`) of an http(s) base URL, or
 * throws. A path, query, fragment or user:password part is refused rather than
 * dropped: the client appends `/_api/graphql` to the origin, so anything else
 * would be silently ignored, and userinfo would be a secret in a non-secret field.
 */
export function validateBaseUrl(value: unknown, param = 'base_url'): string {
  const text = requireNonEmptyString(value, param);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RangeError(`${param} must be an absolute http(s) URL such as https://stake.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RangeError(`${param} must use http or https`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new RangeError(`${param} must not hold a user name or password`);
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new RangeError(`${param} must be an origin only (scheme://host[:port]), without path, query or fragment`);
  }
  return url.origin;
}

/** Returns a finite number of Unix seconds, or throws. */
export function validateUnixSeconds(value: unknown, param: string): number {
  if (typeof value !== 'number') {
    throw new TypeError(`${param} must be a number of Unix seconds (got ${describeType(value)})`);
  }
  if (!Number.isFinite(value)) throw new RangeError(`${param} must be a finite number of Unix seconds`);
  return value;
}
