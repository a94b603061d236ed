/**
 * What a person should know about a paste before relying on it: it came from
 * a logged-out page, it lacks the cookie or header stake.com demands, or its
 * cookies are about to expire. Pure: text in, warnings out.
 */
import type { Credentials, ReadPaste } from '../paste/index.js';
import { headerValue } from '../paste/pick.js';
import type { PastedRequest } from '../paste/request.js';
import { humanDuration, isoSeconds } from './output.js';

/** One warning: a stable code for scripts (`--json`) and a one-line message. */
export interface PasteWarning {
  readonly code:
    | 'logged_out'
    | 'no_access_token'
    | 'no_cf_clearance'
    | 'no_user_agent'
    | 'fetch_without_cookies'
    | 'cookie_expired'
    | 'cookie_expires_soon'
    | 'clearance_old';
  readonly message: string;
}

/**
 * How long Cloudflare's clearance usually lives. The site chooses it
 * ("Challenge Passage", 30 minutes by default, at most a day or so in
 * practice); the paste does not say, so these two bounds are assumed.
 */
export const CLEARANCE_MIN_LIFETIME_SECONDS = 30 * 60;
/** See {@link CLEARANCE_MIN_LIFETIME_SECONDS}. */
export const CLEARANCE_MAX_LIFETIME_SECONDS = 24 * 60 * 60;

/** A cookie whose HAR `expires` falls within this window is "about to expire". */
export const EXPIRES_SOON_SECONDS = 24 * 60 * 60;

// Unix seconds of 2014-05-13: no clearance value is older; smaller numbers are something else.
const EARLIEST_PLAUSIBLE_TIME = 1_400_000_000;

/**
 * The warnings for a paste. `now` is Unix seconds (a parameter so the
 * result is a function of its input).
 */
export function pasteWarnings(text: string, read: ReadPaste, credentials: Credentials, now: number): PasteWarning[] {
  const warnings: PasteWarning[] = [];
  if (read.format === 'unknown' || read.requests.length === 0) return warnings;

  if (credentials.access_token === null) {
    warnings.push(
      hasEmptyTokenHeader(read.requests)
        ? {
            code: 'logged_out',
            message:
              'the paste comes from a logged-out page (its x-access-token header is empty): log in in the browser, ' +
              'then copy a request to /_api/graphql again',
          }
        : {
            code: 'no_access_token',
            message:
              'no x-access-token header in the paste: copy a request to /_api/graphql (DevTools, Network, filter "graphql") ' +
              'from a logged-in tab',
          },
    );
  }
  if (read.format === 'fetch' && !read.requests.some(hasCookies)) {
    warnings.push({
      code: 'fetch_without_cookies',
      message:
        '"Copy as fetch" leaves the cookies out (no session, no cf_clearance): use "Copy as fetch (Node.js)" or "Copy as cURL" instead',
    });
  }
  // Cloudflare stands in front of the site, not of a local server (the sandbox): neither its cookie nor the User-Agent it is bound to matter there.
  const local = isLoopback(credentials.base_url);
  if (credentials.cf_clearance === null && !local) {
    warnings.push({
      code: 'no_cf_clearance',
      message: 'no cf_clearance cookie: stake.com answers with a Cloudflare challenge without it (stake.us does not need one)',
    });
  }
  if (credentials.user_agent === null && !local) {
    warnings.push({
      code: 'no_user_agent',
      message:
        'no User-Agent header: a cf_clearance cookie only works with the User-Agent of the browser it was issued to; ' +
        'copy the request as cURL, which keeps it',
    });
  }
  // eslint-disable-next-line no-restricted-syntax -- bounded: one warning per cookie name, two at most
  if (read.format === 'har') warnings.push(...harExpiryWarnings(text, credentials, now));
  if (credentials.cf_clearance !== null) {
    const warning = clearanceAgeWarning(credentials.cf_clearance, now);
    if (warning !== null) warnings.push(warning);
  }
  return warnings;
}

/** Whether `base_url` names this machine: `localhost` (and its subdomains), 127.0.0.0/8 or [::1]. */
export function isLoopback(base_url: string | null): boolean {
  if (base_url === null) return false;
  let host: string;
  try {
    host = new URL(base_url).hostname;
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  // WHATWG URL parsing has already turned every IPv4 spelling into dotted decimal.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function hasEmptyTokenHeader(requests: readonly PastedRequest[]): boolean {
  return requests.some(
    (r) => r.headers.some(([name]) => name.toLowerCase() === 'x-access-token') && headerValue(r, 'x-access-token') === null,
  );
}

function hasCookies(request: PastedRequest): boolean {
  return request.cookie_strings.length > 0 || headerValue(request, 'cookie') !== null;
}

/**
 * The Unix time Cloudflare wrote into a `cf_clearance` value, or null. The
 * value reads `<random>-<unix seconds>-<version>-…` (e.g.
 * `…-1732186000-1.2.1.1-…`); the random part may itself hold `-`, so the
 * first field of exactly 10 digits is taken rather than a fixed position.
 */
export function clearanceIssuedAt(value: string): number | null {
  const fields = value.split('-');
  for (let i = 1; i < fields.length; i++) {
    const field = fields[i] as string;
    if (field.length === 10 && /^[0-9]{10}$/.test(field)) {
      const seconds = Number(field);
      return seconds >= EARLIEST_PLAUSIBLE_TIME ? seconds : null;
    }
  }
  return null;
}

function clearanceAgeWarning(value: string, now: number): PasteWarning | null {
  const issued = clearanceIssuedAt(value);
  // A time in the future is not an issue time (or the clock is off): say nothing.
  if (issued === null || issued > now + 300) return null;
  const age = now - issued;
  if (age <= CLEARANCE_MIN_LIFETIME_SECONDS) return null;
  const certain = age > CLEARANCE_MAX_LIFETIME_SECONDS;
  return {
    code: 'clearance_old',
    message:
      `the cf_clearance cookie was issued ${humanDuration(age)} ago (${isoSeconds(issued)}); ` +
      `assuming clearances last 30 minutes to a day (the site sets it), it ${certain ? 'has expired' : 'may have expired'}: ` +
      'pass the check in the browser again and copy a fresh request',
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * When the HAR says the picked `session` / `cf_clearance` cookie expires
 * (`request.cookies[].expires` of the entries that carried that very value;
 * the latest one wins), warn if that is past or within a day.
 */
function harExpiryWarnings(text: string, credentials: Credentials, now: number): PasteWarning[] {
  const wanted = new Map<string, string>();
  if (credentials.session_cookie !== null) wanted.set('session', credentials.session_cookie);
  if (credentials.cf_clearance !== null) wanted.set('cf_clearance', credentials.cf_clearance);
  if (wanted.size === 0) return [];
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return [];
  }
  if (!isRecord(data) || !isRecord(data['log']) || !Array.isArray(data['log']['entries'])) return [];
  const expiries = new Map<string, number>();
  for (const entry of data['log']['entries'] as unknown[]) {
    if (!isRecord(entry) || !isRecord(entry['request']) || !Array.isArray(entry['request']['cookies'])) continue;
    for (const cookie of entry['request']['cookies'] as unknown[]) {
      if (!isRecord(cookie) || typeof cookie['name'] !== 'string' || typeof cookie['expires'] !== 'string') continue;
      if (wanted.get(cookie['name']) !== cookie['value'] || cookie['expires'].length > 64) continue;
      const at = Date.parse(cookie['expires']) / 1000;
      if (Number.isFinite(at)) expiries.set(cookie['name'], Math.max(at, expiries.get(cookie['name']) ?? -Infinity));
    }
  }
  const out: PasteWarning[] = [];
  for (const [name, at] of expiries) {
    const label = name === 'session' ? 'session cookie' : 'cf_clearance cookie';
    if (at <= now) {
      out.push({
        code: 'cookie_expired',
        message: `the HAR says the ${label} expired ${humanDuration(now - at)} ago (${isoSeconds(at)}): export a fresh HAR from a logged-in tab`,
      });
    } else if (at - now <= EXPIRES_SOON_SECONDS) {
      out.push({
        code: 'cookie_expires_soon',
        message: `the HAR says the ${label} expires in ${humanDuration(at - now)} (${isoSeconds(at)})`,
      });
    }
  }
  return out;
}
