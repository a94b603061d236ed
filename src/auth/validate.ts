/**
 * Checks applied to every credential before it is stored. They live apart from
 * the manager so the store and the CLI reject exactly what the manager rejects.
 * Messages name the parameter and the rule, never the value: the value is a secret.
 */

/** What a wrong value is, for a message that must not show it. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The trimmed string, or a TypeError (not a string) / RangeError (empty) naming `param`, never the value. */
export function requireNonEmptyString(value: unknown, param: string): string {
  if (typeof value !== 'string') {
    throw new TypeError(`${param} must be a string (got ${describeType(value)})`);
  }
  const trimmed = value.trim();
  if (trimmed === '') {
    throw new RangeError(`${param} must not be empty or only whitespace`);
  }
  return trimmed;
}

/**
 * Returns the trimmed token, or throws: TypeError when not a string, RangeError
 * when empty or when it holds a character that cannot travel in an HTTP header
 * value unharmed (controls would allow header injection; non-ASCII is not a
 * token the site issues and fetch implementations disagree on encoding it).
 */
export function validateAccessToken(value: unknown, param = 'access_token'): string {
  const token = requireNonEmptyString(value, param);
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) {
      throw new RangeError(`${param} must not contain control characters (found one at index ${i})`);
    }
    if (c > 0x7e) {
      throw new RangeError(`${param} must be ASCII (found a non-ASCII character at index ${i})`);
    }
  }
  return token;
}

/** RFC 6265 section 4.1.1 cookie-octet: what may stand in a cookie value unquoted. */
export function isCookieOctet(c: number): boolean {
  return c === 0x21 || (c >= 0x23 && c <= 0x2b) || (c >= 0x2d && c <= 0x3a) ||
    (c >= 0x3c && c <= 0x5b) || (c >= 0x5d && c <= 0x7e);
}

/**
 * Returns the trimmed cookie value, or throws: TypeError when not a string,
 * RangeError when empty or when it is not an RFC 6265 cookie-octet string
 * (`;` or `,` would let `"x; admin=1"` smuggle a second cookie onto the wire).
 */
export function validateCookieValue(value: unknown, param = 'session_cookie'): string {
  const cookie = requireNonEmptyString(value, param);
  for (let i = 0; i < cookie.length; i++) {
    if (!isCookieOctet(cookie.charCodeAt(i))) {
      throw new RangeError(
        `${param} must be an RFC 6265 cookie value: no whitespace, quotes, commas, semicolons, backslashes, control or non-ASCII characters (found one at index ${i})`,
      );
    }
  }
  return cookie;
}

/**
 * Returns `expires_in` as a number of seconds, or null when omitted. Zero and
 * negative values are real expiries (already expired), per the binding.
 */
export function validateExpiresIn(value: unknown, param = 'expires_in'): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number') {
    throw new TypeError(`${param} must be a number of seconds or null (got ${describeType(value)})`);
  }
  if (!Number.isFinite(value)) {
    throw new RangeError(`${param} must be a finite number of seconds`);
  }
  return value;
}
