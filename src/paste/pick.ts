import type { PastedRequest } from './request.js';

/**
 * Picking one credential out of the requests a paste holds. Kept apart from
 * the readers so every format obeys the same rules (typescript-binding.md,
 * "The cURL extractors").
 */

/** Trims and removes one pair of matching surrounding quotes. */
export function unquote(value: string): string {
  const v = isUntrimmed(value) ? value.trim() : value;
  if (v.length >= 2) {
    const first = v[0];
    if ((first === '"' || first === "'") && v[v.length - 1] === first) return v.slice(1, -1).trim();
  }
  return v;
}

/** Header name equality, ASCII case-insensitive (header names are ASCII tokens), without allocating. */
function sameName(name: string, lowerWanted: string): boolean {
  if (name.length !== lowerWanted.length) return false;
  for (let k = 0; k < name.length; k++) {
    let c = name.charCodeAt(k);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== lowerWanted.charCodeAt(k)) return false;
  }
  return true;
}

function isLowerCase(name: string): boolean {
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (c >= 0x41 && c <= 0x5a) return false;
  }
  return true;
}

/** The first non-empty value of a header (name compared case-insensitively), or null. */
export function headerValue(request: PastedRequest, name: string): string | null {
  const wanted = isLowerCase(name) ? name : name.toLowerCase();
  const headers = request.headers;
  // Indexed, not `for (const [name, value] of …)`: destructuring each pair
  // runs the iterator protocol, which cost more than the comparisons here.
  for (let k = 0; k < headers.length; k++) {
    const header = headers[k] as readonly [string, string];
    if (!sameName(header[0], wanted)) continue;
    const v = unquote(header[1]);
    if (v !== '') return v;
  }
  return null;
}

/** Whether `name` stands at `text[from..)`, compared in place (case-sensitive). */
function sameAt(text: string, from: number, name: string): boolean {
  // Most pieces differ at their first character, and a `startsWith` call
  // costs more than the few comparisons a cookie name needs.
  for (let k = 0; k < name.length; k++) {
    if (text.charCodeAt(from + k) !== name.charCodeAt(k)) return false;
  }
  return true;
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/**
 * The value of the first cookie named exactly `name` in a `Cookie` header
 * string (or `undefined`), as written: no decoding, spaces and tabs trimmed.
 * The pairs are split exactly as the `cookie` package's `parse` splits them
 * (test/paste/pick.test.ts checks the two agree on random strings), but only
 * the wanted pair is sliced out: no object of every cookie is built. Linear:
 * each `indexOf` starts past the previous pair.
 */
export function cookieNamed(str: string, name: string): string | undefined {
  const found = ONE;
  cookiesNamed(str, name, '', true, false, found);
  return found.first;
}

/** Reused by {@link cookieNamed}: filled and read within one call. */
const ONE: CookiePair = { first: undefined, second: undefined };

/** The first value of each of two cookies in one string, as {@link cookiesNamed} fills it. */
export interface CookiePair {
  first: string | undefined;
  second: string | undefined;
}

/**
 * {@link cookieNamed} for two names in one walk of `str`: sets `found.first`
 * (when `wantFirst`) and `found.second` (when `wantSecond`) to what
 * `cookieNamed(str, first)` and `cookieNamed(str, second)` return. The
 * credential reader wants `session` and `cf_clearance` out of the same long
 * Cookie string; one walk crosses it once instead of twice.
 */
export function cookiesNamed(
  str: string,
  first: string,
  second: string,
  wantFirst: boolean,
  wantSecond: boolean,
  found: CookiePair,
): void {
  found.first = undefined;
  found.second = undefined;
  const len = str.length;
  if (len < 2) return;
  let index = 0;
  do {
    const eq = str.indexOf('=', index);
    if (eq === -1) return;
    const semi = str.indexOf(';', index);
    const end = semi === -1 ? len : semi;
    if (eq > end) {
      index = str.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    // The key trimmed once, then told by its length before any character is compared.
    let keyFrom = index;
    let keyTo = eq;
    while (keyFrom < keyTo && isBlank(str.charCodeAt(keyFrom))) keyFrom++;
    while (keyTo > keyFrom && isBlank(str.charCodeAt(keyTo - 1))) keyTo--;
    const keyLength = keyTo - keyFrom;
    const isFirst = wantFirst && keyLength === first.length && sameAt(str, keyFrom, first);
    if (isFirst || (wantSecond && keyLength === second.length && sameAt(str, keyFrom, second))) {
      let from = eq + 1;
      let to = end;
      while (from < to && isBlank(str.charCodeAt(from))) from++;
      while (to > from && isBlank(str.charCodeAt(to - 1))) to--;
      const value = str.slice(from, to);
      if (isFirst) {
        found.first = value;
        wantFirst = false;
      } else {
        found.second = value;
        wantSecond = false;
      }
      if (!wantFirst && !wantSecond) return;
    }
    index = end + 1;
  } while (index < len);
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
  const strings = request.cookie_strings;
  if (strings.length > 0) {
    const fromFlag = nonEmpty(cookieNamed(strings.length === 1 ? (strings[0] as string) : strings.join('; '), name));
    if (fromFlag !== null) return fromFlag;
  }
  const headers = request.headers;
  for (let k = 0; k < headers.length; k++) {
    const header = headers[k] as readonly [string, string];
    if (!sameName(header[0], 'cookie')) continue;
    const fromHeader = nonEmpty(cookieNamed(header[1], name));
    if (fromHeader !== null) return fromHeader;
  }
  return null;
}

/** `scheme://host[:port]` of the request URL, or null when it is not an http(s) URL. */
export function originOf(request: PastedRequest): string | null {
  return originOfUrl(request.url);
}

/** {@link originOf} for a URL as written (null for none). */
export function originOfUrl(url: string | null): string | null {
  if (url === null) return null;
  // `trim` is a call into the runtime; a URL as pasted has nothing to trim.
  const raw = isUntrimmed(url) ? url.trim() : url;
  const plain = plainOrigin(raw);
  if (plain !== null) return plain;
  // curl guesses http:// for a URL written without a scheme.
  const withScheme = raw.includes('://') ? raw : `http://${raw}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin of `http(s)://host/…` when the host is a plain lower-case DNS
 * name (letters, digits, `-`, dots between labels, the last label opening
 * with a letter, no port, no user info, no punycode): then the URL parser
 * would return exactly `scheme://host`, and parsing is skipped. Anything
 * else is null and goes through `new URL`.
 */
/** 8 after `https://`, 7 after `http://` (lower case, as the URL parser would write them), else -1. */
function schemeEnd(raw: string): number {
  if (
    raw.charCodeAt(0) !== 0x68 || raw.charCodeAt(1) !== 0x74 || raw.charCodeAt(2) !== 0x74 || raw.charCodeAt(3) !== 0x70
  ) {
    return -1;
  }
  const at = raw.charCodeAt(4) === 0x73 ? 5 : 4;
  return raw.charCodeAt(at) === 0x3a && raw.charCodeAt(at + 1) === 0x2f && raw.charCodeAt(at + 2) === 0x2f ? at + 3 : -1;
}

function plainOrigin(raw: string): string | null {
  const hostStart = schemeEnd(raw);
  if (hostStart < 0) return null;
  let end = hostStart;
  let labelStart = hostStart;
  for (; end < raw.length; end++) {
    const c = raw.charCodeAt(end);
    if (c === 0x2f || c === 0x3f || c === 0x23) break; // / ? #
    if (c === 0x2e) {
      if (end === labelStart) return null; // empty label
      labelStart = end + 1;
    } else if (c === 0x2d) {
      // Punycode (`xn--`) anywhere in the host: the URL parser decides. Told
      // at its second dash, in place: a host is shorter than what a
      // multi-character `indexOf` costs to set up.
      if (end - 3 >= hostStart && raw.charCodeAt(end - 1) === 0x2d && raw.charCodeAt(end - 2) === 0x6e &&
        raw.charCodeAt(end - 3) === 0x78) return null;
    } else if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39))) {
      return null;
    }
  }
  const first = raw.charCodeAt(labelStart);
  if (end === labelStart || !(first >= 0x61 && first <= 0x7a)) return null; // empty or numeric-looking last label
  return raw.slice(0, end);
}

/** Whether `trim` would change `text`: a blank (ASCII or not) at either end. */
function isUntrimmed(text: string): boolean {
  if (text.length === 0) return false;
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return first <= 0x20 || first > 0x7e || last <= 0x20 || last > 0x7e;
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
  if (requests.length === 1) return requests as PastedRequest[];
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
