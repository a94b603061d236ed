import { inspect } from 'node:util';
import { parseSetCookie, type Cookie } from 'set-cookie-parser';
import { isCookieOctet } from '../auth/validate.js';

/** Headers as any fetch-compatible response exposes them. */
export interface HeadersLike {
  get(name: string): string | null;
  getSetCookie?(): string[];
}

/**
 * Every `Set-Cookie` of an answer, parsed with set-cookie-parser, values
 * kept exactly as sent (no percent-decoding: they go back out as they came).
 */
export function read_set_cookies(headers: HeadersLike): Cookie[] {
  if (typeof headers.getSetCookie === 'function') {
    const lines = headers.getSetCookie();
    return lines.length === 0 ? [] : parseSetCookie(lines, { decodeValues: false });
  }
  // A fetch without getSetCookie folds the lines with ", "; the parser splits them back.
  const folded = headers.get('set-cookie');
  return folded === null ? [] : parseSetCookie(folded, { decodeValues: false, split: true });
}

/**
 * RFC 6265 section 5.1.4 path-match: a cookie scoped to another path is not
 * sent to the GraphQL endpoint, as a browser would not send it.
 */
export function path_matches(request_path: string, cookie_path: string | undefined): boolean {
  if (cookie_path === undefined || cookie_path === '' || !cookie_path.startsWith('/')) return true;
  if (request_path === cookie_path) return true;
  if (!request_path.startsWith(cookie_path)) return false;
  return cookie_path.endsWith('/') || request_path[cookie_path.length] === '/';
}

/** Whether a Set-Cookie says "forget this cookie" (`Max-Age` ≤ 0, or `Expires` in the past). */
export function is_deletion(cookie: Cookie, now_ms: number): boolean {
  if (typeof cookie.maxAge === 'number' && !Number.isNaN(cookie.maxAge)) return cookie.maxAge <= 0;
  return cookie.expires instanceof Date && cookie.expires.getTime() <= now_ms;
}

/** Expiry time of a kept cookie in ms (Max-Age wins over Expires), or null for a session cookie. */
function expiry(cookie: Cookie, now_ms: number): number | null {
  if (typeof cookie.maxAge === 'number' && !Number.isNaN(cookie.maxAge)) return now_ms + cookie.maxAge * 1000;
  if (cookie.expires instanceof Date && !Number.isNaN(cookie.expires.getTime())) return cookie.expires.getTime();
  return null;
}

/** RFC 9110 token characters: what a cookie name may hold. */
function isTokenChar(c: number): boolean {
  if (c <= 0x20 || c >= 0x7f) return false;
  return '()<>@,;:\\"/[]?={}'.indexOf(String.fromCharCode(c)) === -1;
}

function isValidName(name: string): boolean {
  if (name === '') return false;
  for (let i = 0; i < name.length; i++) if (!isTokenChar(name.charCodeAt(i))) return false;
  return true;
}

function isValidValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (!isCookieOctet(value.charCodeAt(i))) return false;
  return true;
}

/** True when `name=value` may be written into a `Cookie` header without changing its meaning. */
export function is_sendable_cookie(name: string, value: string): boolean {
  return isValidName(name) && value !== '' && isValidValue(value);
}

interface JarEntry {
  /** null: the server deleted it, so a value from the options must not be sent either. */
  readonly value: string | null;
  readonly expires_at_ms: number | null;
}

/** Most distinct cookie names kept; a server cannot grow the jar (or the header) without bound. */
export const MAX_JAR_COOKIES = 50;

/**
 * The cookies the server rotates (`__cf_bm`, `cf_clearance`, ...), kept
 * between requests and sent back with the next one. Values are private: the
 * jar shows only names when inspected.
 */
export class CookieJar {
  readonly #entries = new Map<string, JarEntry>();
  #version = 0;

  /**
   * Changes whenever what {@link header} would give may have changed (a
   * store); an expiry is reported by {@link next_expiry_ms} instead. Lets the
   * client build the `Cookie` header once and reuse it while both hold.
   */
  get version(): number {
    return this.#version;
  }

  /** The earliest expiry (ms) of a cookie held, Infinity when none expires: after it, {@link header} changes. */
  next_expiry_ms(): number {
    let next = Infinity;
    for (const entry of this.#entries.values()) if (entry.expires_at_ms !== null && entry.expires_at_ms < next) next = entry.expires_at_ms;
    return next;
  }

  /** Stores one parsed Set-Cookie; deletions are remembered as such. Unsendable values are ignored. */
  store(cookie: Cookie, now_ms: number = Date.now()): void {
    if (!isValidName(cookie.name)) return;
    if (!this.#entries.has(cookie.name) && this.#entries.size >= MAX_JAR_COOKIES) return;
    this.#version++;
    if (is_deletion(cookie, now_ms)) {
      this.#entries.set(cookie.name, { value: null, expires_at_ms: null });
      return;
    }
    const value = cookie.value ?? '';
    if (value === '' || !isValidValue(value)) return;
    this.#entries.set(cookie.name, { value, expires_at_ms: expiry(cookie, now_ms) });
  }

  /** The value to send for `name`: a string, `null` when the server deleted it, `undefined` when unknown. */
  get(name: string, now_ms: number = Date.now()): string | null | undefined {
    const entry = this.#entries.get(name);
    if (entry === undefined) return undefined;
    if (entry.expires_at_ms !== null && entry.expires_at_ms <= now_ms) return null;
    return entry.value;
  }

  /**
   * Serialises one `Cookie` header value: the `base` pairs (the session from
   * the AuthManager, `cf_clearance` from the options) with the jar's cookies
   * laid over them (a newer value replaces, a deletion removes), joined by
   * `"; "`. Empty string when there is nothing to send.
   */
  header(base: ReadonlyArray<readonly [string, string]>, now_ms: number = Date.now()): string {
    const pairs = new Map<string, string>(base);
    for (const [name, entry] of this.#entries) {
      const expired = entry.expires_at_ms !== null && entry.expires_at_ms <= now_ms;
      if (entry.value === null || expired) pairs.delete(name);
      else pairs.set(name, entry.value);
    }
    let out = '';
    for (const [name, value] of pairs) out += out === '' ? `${name}=${value}` : `; ${name}=${value}`;
    return out;
  }

  /** Every value held, for redaction of text that might echo one. */
  values(): string[] {
    const out: string[] = [];
    for (const entry of this.#entries.values()) if (entry.value !== null) out.push(entry.value);
    return out;
  }

  /** Names only: values are credentials. */
  toJSON(): { cookies: string[] } {
    return { cookies: [...this.#entries.keys()] };
  }

  [inspect.custom](): string {
    return `CookieJar { cookies: ${inspect([...this.#entries.keys()])} }`;
  }
}
