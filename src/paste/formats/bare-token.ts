/**
 * A paste that is only the access token: the 96 hex characters the site's
 * settings page shows, or one `x-access-token: …` line (browser.md, "A bare
 * token"). Read as a request whose only header is the token, so credentials
 * are picked from it by the same rules as from any other paste.
 */
import type { PastedRequest } from '../request.js';

/** Longer than any token line: a longer paste is some other format. */
const MAX_TOKEN_PASTE = 512;
const TOKEN_LENGTH = 96;
const HEADER = 'x-access-token:';

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** The token a bare-token paste holds, or null when the paste is anything else. Linear, no regex. */
export function bareToken(text: string): string | null {
  if (text.length > MAX_TOKEN_PASTE) return null;
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  const body = text.slice(start, end);
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) return null; // one line only
  }
  if (body.length === TOKEN_LENGTH) {
    for (let i = 0; i < body.length; i++) if (!isHex(body.charCodeAt(i))) return null;
    return body;
  }
  if (body.length > HEADER.length && body.slice(0, HEADER.length).toLowerCase() === HEADER) {
    const value = body.slice(HEADER.length).trim();
    return value === '' ? null : value;
  }
  return null;
}

/** The request a bare-token paste stands for: no URL, one header. */
export function bareTokenRequest(token: string): PastedRequest {
  return { url: null, headers: [['x-access-token', token]], cookie_strings: [] };
}
