/**
 * The dashboard's three locks against other web pages in the same browser:
 * it listens on 127.0.0.1 only; a request whose `Host` is not the dashboard's
 * own (`127.0.0.1:PORT` or `localhost:PORT`) is refused, so a page on another
 * name that resolves to 127.0.0.1 (DNS rebinding) reads nothing; and every
 * request that reads the account or changes something carries the random
 * token printed at start, compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
