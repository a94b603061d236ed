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

/** Whether `hostname` (as `URL.hostname` gives it) is a loopback address: 127.0.0.0/8, `[::1]`, `localhost`. */
export function is_loopback_host(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  const parts = hostname.split('.');
  if (parts.length !== 4 || parts[0] !== '127') return false;
  return parts.every((p) => /^[0-9]{1,3}$/.test(p) && Number(p) <= 255);
}

/**
 * Returns a browser's DevTools URL (`http://127.0.0.1:9222` or its `ws://`
 * endpoint), or throws. Loopback only: the DevTools protocol gives full
 * control of the browser. No user name or password (a secret in a field that is not one).
 */
export function validateBrowserUrl(value: unknown, param = 'browser'): string {
  const text = requireNonEmptyString(value, param);
  // The two ways that are not a URL: the browser stakeql starts over a pipe, and Chrome's toggle found by its file.
  if (text === 'own' || text === 'auto') return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RangeError(`${param} must be an absolute URL such as http://127.0.0.1:9222`);
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) {
    throw new RangeError(`${param} must be an http(s) or ws(s) URL such as http://127.0.0.1:9222`);
  }
  if (!is_loopback_host(url.hostname)) {
    throw new RangeError(`${param} must be a loopback address (127.0.0.1, [::1] or localhost): the DevTools protocol gives full control of the browser`);
  }
  if (url.username !== '' || url.password !== '') throw new RangeError(`${param} must not hold a user name or password`);
  return text;
}
