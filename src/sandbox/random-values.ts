/**
 * Random values the sandbox hands out, shaped like the site's so clients meet
 * realistic lengths and alphabets. All from the OS's CSPRNG.
 */
import { randomBytes } from 'node:crypto';

/** Hex digits in an access token, as the site issues them. */
export const ACCESS_TOKEN_HEX_LENGTH = 96;

/** A new access token: 48 random bytes as 96 lower-case hex digits. */
export function newAccessToken(): string {
  return randomBytes(ACCESS_TOKEN_HEX_LENGTH / 2).toString('hex');
}

/** Whether `value` has the shape {@link newAccessToken} gives (checked on a header value, bounded by Node). */
export function isAccessTokenShape(value: string): boolean {
  return /^[0-9a-f]{96}$/.test(value);
}

/**
 * A new `session` cookie value: base64url with its padding percent-encoded as
 * `%3D`, the way the site's encoded sessions look. `padded` picks a length that
 * needs padding, so callers can make sure clients meet both forms.
 */
export function newSessionValue(padded: boolean): string {
  // 47 bytes encode to 63 characters and one "=", 48 bytes to 64 and none.
  const encoded = randomBytes(padded ? 47 : 48).toString('base64');
  return encoded.replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '%3D');
}

/** A new `cf_clearance` value in Cloudflare's layout: `<43 chars>-<unix time>-1.2.1.1-<long tail>`. */
export function newClearanceValue(nowMs: number): string {
  const head = randomBytes(32).toString('base64url');
  const tail = randomBytes(160).toString('base64url').replaceAll('-', '.');
  return `${head}-${Math.floor(nowMs / 1000)}-1.2.1.1-${tail}`;
}

/** A new `__cf_bm` bot-management cookie value, Cloudflare's layout. */
export function newCfBmValue(nowMs: number): string {
  return `${randomBytes(32).toString('base64url')}-${Math.floor(nowMs / 1000)}-1.0.1.1-${randomBytes(64).toString('base64url')}`;
}

/** A `cf-ray` response header value (16 hex digits and a data-centre code). */
export function newRayId(): string {
  return `${randomBytes(8).toString('hex')}-AMS`;
}
