import { posixCurlCredentials } from './curl-credentials.js';
import { posixCurlFirst, readPaste } from './detect.js';
import { cookieValue, firstFound, headerValue, inPreferenceOrder, originOf } from './pick.js';
import type { Credentials, PastedRequest } from './request.js';

export type { Credentials } from './request.js';

/**
 * Reads the credentials out of anything copied from DevTools: "Copy as cURL"
 * in every shell (bash, cmd, PowerShell), "Copy as PowerShell", "Copy as
 * fetch", "Copy request headers" and HAR files. The format is detected from
 * the text. Total on strings: never throws for a string; absent or empty
 * values are null.
 *
 * @throws TypeError when `text` is not a string.
 */
export function extract_credentials(text: string): Credentials {
  if (typeof text !== 'string') {
    throw new TypeError(`the paste must be a string (got ${text === null ? 'null' : typeof text})`);
  }
  const copyValues = text.length > DETACH_ABOVE;
  // The usual paste, one plain curl command: its credentials are read from
  // curl's arguments as the paste is lexed, without building the request
  // (same answers, see curl-credentials.ts); anything else is read the
  // general way.
  const fast = posixCurlFirst(text) ? posixCurlCredentials(text) : null;
  if (fast !== null) {
    if (copyValues) {
      fast.access_token = copied(fast.access_token);
      fast.session_cookie = copied(fast.session_cookie);
      fast.cf_clearance = copied(fast.cf_clearance);
      fast.user_agent = copied(fast.user_agent);
    }
    return fast;
  }
  return credentialsOf(readPaste(text).requests, copyValues);
}

/**
 * Values cut out of a paste longer than this are copied (see `copied`); a
 * value of a shorter paste may keep those few kilobytes alive, which costs
 * less than copying it on every read.
 */
const DETACH_ABOVE = 16 * 1024;

/**
 * The credentials of requests a paste was already read into (`readPaste`),
 * by the same rules as {@link extract_credentials}, for callers that also
 * need the format and must not read the paste twice. With `copyValues`
 * (the default) each value is copied out of the paste, so holding it never
 * keeps a large paste alive.
 */
export function credentialsOf(requests: readonly PastedRequest[], copyValues = true): Credentials {
  const ordered = inPreferenceOrder(requests);
  const detach = copyValues ? copied : asIs;
  return {
    access_token: detach(firstFound(ordered, accessToken)),
    session_cookie: detach(firstFound(ordered, sessionCookie)),
    cf_clearance: detach(firstFound(ordered, cfClearance)),
    user_agent: detach(firstFound(ordered, userAgent)),
    base_url: firstFound(ordered, originOf),
  };
}

// The pickers, made once: closures written inline would be allocated on every call.
const accessToken = (r: PastedRequest): string | null => headerValue(r, 'x-access-token');
const sessionCookie = (r: PastedRequest): string | null => cookieValue(r, 'session');
const cfClearance = (r: PastedRequest): string | null => cookieValue(r, 'cf_clearance');
const userAgent = (r: PastedRequest): string | null => headerValue(r, 'user-agent');

/**
 * A copy of a value cut out of the paste. Engines keep a slice pointing into
 * its parent string, so a 90-character token would otherwise keep a whole
 * megabyte paste alive for as long as the caller holds the token.
 */
function copied(value: string | null): string | null {
  return value === null ? null : (' ' + value).slice(1);
}

const asIs = (value: string | null): string | null => value;
