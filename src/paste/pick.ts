import { parse as parseCookieString } from 'cookie';
import type { PastedRequest } from './request.js';

/**
 * Picking one credential out of the requests a paste holds. Kept apart from
 * the readers so every format obeys the same rules (typescript-binding.md,
 * "The cURL extractors").
 */

const keepAsWritten = (value: string): string => value;

/** Trims and removes one pair of matching surrounding quotes. */
function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2) {
    const first = v[0];
    if ((first === '"' || first === "'") && v[v.length - 1] === first) return v.slice(1, -1).trim();
  }
  return v;
}

/** Header name equality, case-insensitive; the length check spares most lower-casing. */
function sameName(name: string, lowerWanted: string): boolean {
  return name.length === lowerWanted.length && name.toLowerCase() === lowerWanted;
}

/** The first non-empty value of a header (name compared case-insensitively), or null. */
export function headerValue(request: PastedRequest, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [headerName, value] of request.headers) {
    if (!sameName(headerName, wanted)) continue;
    const v = unquote(value);
    if (v !== '') return v;
  }
  return null;
}

type CookieMap = Record<string, string | undefined>;

/** Parsed cookies of each request, so reading `session` and `cf_clearance` parses once. */
const parsedCookies = new WeakMap<PastedRequest, { fromFlags: CookieMap | null; fromHeaders: CookieMap[] }>();

function cookiesOf(request: PastedRequest): { fromFlags: CookieMap | null; fromHeaders: CookieMap[] } {
  let parsed = parsedCookies.get(request);
  if (parsed === undefined) {
    // The `cookie` package splits name=value pairs; identity decode keeps
    // percent-encoding exactly as written, and its first occurrence wins.
    const parse = (text: string): CookieMap => parseCookieString(text, { decode: keepAsWritten });
    parsed = {
      fromFlags: request.cookie_strings.length > 0 ? parse(request.cookie_strings.join('; ')) : null,
      fromHeaders: request.headers.filter(([name]) => sameName(name, 'cookie')).map(([, value]) => parse(value)),
    };
    parsedCookies.set(request, parsed);
  }
  return parsed;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/**
 * The cookie named exactly `name` (case-sensitive): from the cookie strings
 * given apart from headers (curl's `-b`, joined as curl joins them), else from
 * a `Cookie` header. Empty counts as absent.
 */
export function cookieValue(request: PastedRequest, name: string): string | null {
  const { fromFlags, fromHeaders } = cookiesOf(request);
  const fromFlag = fromFlags === null ? null : nonEmpty(fromFlags[name]);
  if (fromFlag !== null) return fromFlag;
  for (const cookies of fromHeaders) {
    const fromHeader = nonEmpty(cookies[name]);
    if (fromHeader !== null) return fromHeader;
  }
  return null;
}

/** `scheme://host[:port]` of the request URL, or null when it is not an http(s) URL. */
export function originOf(request: PastedRequest): string | null {
  if (request.url === null) return null;
  const raw = request.url.trim();
  // curl guesses http:// for a URL written without a scheme.
  const withScheme = raw.includes('://') ? raw : `http://${raw}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** True when the request goes to the site's GraphQL endpoint. */
export function isGraphqlRequest(request: PastedRequest): boolean {
  return request.url !== null && request.url.includes('/_api/graphql');
}

/**
 * Requests in the order credentials are looked for: those to `/_api/graphql`
 * first, then the rest, each group in paste order (the readers already put
 * the preferred request first, e.g. the newest HAR entry).
 */
export function inPreferenceOrder(requests: readonly PastedRequest[]): PastedRequest[] {
  return [...requests.filter(isGraphqlRequest), ...requests.filter((r) => !isGraphqlRequest(r))];
}

/** The first non-null answer of `read` over the requests in preference order. */
export function firstFound(
  ordered: readonly PastedRequest[],
  read: (request: PastedRequest) => string | null,
): string | null {
  for (const request of ordered) {
    const value = read(request);
    if (value !== null) return value;
  }
  return null;
}
