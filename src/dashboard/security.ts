/**
 * The dashboard's three locks against other web pages in the same browser:
 * it listens on 127.0.0.1 only; a request whose `Host` is not the dashboard's
 * own (`127.0.0.1:PORT` or `localhost:PORT`) is refused, so a page on another
 * name that resolves to 127.0.0.1 (DNS rebinding) reads nothing; and every
 * request that reads the account or changes something carries the random
 * token printed at start, compared in constant time.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh token: 32 random bytes, base64url (43 characters, safe in a URL). */
export function new_token(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether `given` is `token`, in time that depends on neither: both are hashed
 * first, so even their lengths are not compared directly.
 */
export function same_token(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 256) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}

/** Whether a `Host` header names this dashboard: `127.0.0.1:PORT` or `localhost:PORT` (the name in any case). */
export function allowed_host(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const lower = host.toLowerCase();
  return lower === `127.0.0.1:${port}` || lower === `localhost:${port}`;
}

/** Dashboard sessions kept at once: a page reloaded many times drops its oldest ones, not the server's memory. */
const MAX_SESSIONS = 64;

/** The cookie that names a page's dashboard session; per port, since a browser shares cookies of 127.0.0.1 across ports. */
export function session_cookie_name(port: number): string {
  return `stakeql_dashboard_${port}`;
}

/**
 * Cross-site request forgery: every write carries a token bound to the
 * page's dashboard session (a random id in an HttpOnly, SameSite=Strict
 * cookie set with the page), an HMAC of that id under a secret that never
 * leaves this process, written into the page. A page of another origin can
 * neither read the page (no CORS) nor send the cookie with a request of its
 * own (SameSite), and the token header forces a preflight that is never granted.
 */
export class CsrfGuard {
  readonly #secret = randomBytes(32);
  readonly #sessions = new Set<string>();

  /** A new dashboard session for a page being served: its id (the cookie) and its CSRF token (in the page). */
  issue(): { sid: string; csrf: string } {
    const sid = randomBytes(24).toString('base64url');
    this.#sessions.add(sid);
    if (this.#sessions.size > MAX_SESSIONS) this.#sessions.delete(this.#sessions.values().next().value as string);
    return { sid, csrf: this.#mac(`csrf:${sid}`) };
  }

  /** The dashboard session a request's cookie names, when this process issued it; else null. */
  session_of(cookie_header: string | undefined, port: number): string | null {
    const sid = cookie_value(cookie_header, session_cookie_name(port));
    return sid !== null && this.#sessions.has(sid) ? sid : null;
  }

  /** Whether `given` is the CSRF token of dashboard session `sid`. */
  check(sid: string, given: string | undefined): boolean {
    return same_token(given, this.#mac(`csrf:${sid}`));
  }

  /** A token that says session `sid` was shown exactly `text` (a start's confirmation). */
  confirmation(sid: string, text: string): string {
    return this.#mac(`confirm:${sid}:${text}`);
  }

  #mac(text: string): string {
    return createHmac('sha256', this.#secret).update(text).digest('base64url');
  }
}

/** The value of cookie `name` in a `Cookie` header (one pass, bounded), or null. */
export function cookie_value(header: string | undefined, name: string): string | null {
  if (typeof header !== 'string' || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
    }
  }
  return null;
}
