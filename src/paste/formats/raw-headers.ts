import type { PastedRequest } from '../request.js';

/*
 * "Copy request headers" and the text people select in the Headers pane:
 *
 *   POST /_api/graphql HTTP/1.1        Chrome, HTTP/1.1: the raw request head,
 *   Host: stake.com                    CRLF line ends and a closing blank line
 *
 *   :authority: stake.com              Chrome, HTTP/2 (older builds wrote
 *   :method: POST                      `:authority:stake.com`, no space)
 *   :path: /_api/graphql
 *   :scheme: https
 *   x-access-token: …
 *
 *   POST /_api/graphql HTTP/2          Firefox, every protocol
 *   Host: stake.com
 *   Cookie: session=…
 *
 *   x-access-token:                    Chrome's current Headers pane, selected
 *   abc…                               and copied: each name, then its value
 *                                      on the next line
 *
 * A blank line ends a request's head; what follows, up to the next request
 * line, is a body and is never read as headers (a GraphQL body can hold the
 * text `"x-access-token": "…"`). A blank line followed by more header lines
 * is tolerated as a stray gap.
 */

interface Draft {
  target: string | null;
  headers: Array<readonly [string, string]>;
  sawRequestLine: boolean;
}

/** An RFC 9110 token: the characters a header name may hold. */
function isTokenChar(code: number): boolean {
  if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39)) {
    return true;
  }
  // ! # $ % & ' * + - . ^ _ ` | ~
  return '!#$%&\'*+-.^_`|~'.includes(String.fromCharCode(code)) && code < 0x7f;
}

function isToken(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (!isTokenChar(text.charCodeAt(i))) return false;
  return true;
}

/** `METHOD target HTTP/x` (the target as written: origin form or absolute URL). */
function parseRequestLine(line: string): string | null {
  const first = line.indexOf(' ');
  if (first <= 0) return null;
  const second = line.indexOf(' ', first + 1);
  if (second < 0 || line.indexOf(' ', second + 1) >= 0) return null;
  const method = line.slice(0, first);
  for (let i = 0; i < method.length; i++) {
    const c = method.charCodeAt(i);
    if (!((c >= 0x41 && c <= 0x5a) || c === 0x2d || c === 0x5f)) return null;
  }
  const version = line.slice(second + 1);
  if (!version.startsWith('HTTP/') || version.length > 12) return null;
  const target = line.slice(first + 1, second);
  return target.length > 0 ? target : null;
}

/**
 * A `name: value` line: a token before the first colon (after the leading
 * colon of an HTTP/2 pseudo-header), the rest trimmed. Null for other lines.
 */
function parseHeaderLine(line: string): readonly [string, string] | null {
  const from = line.startsWith(':') ? 1 : 0;
  const colon = line.indexOf(':', from);
  if (colon < 0) return null;
  const name = line.slice(0, colon);
  if (!isToken(name.slice(from))) return null;
  return [name, line.slice(colon + 1).trim()];
}

/** A name alone on its line (`x-access-token:`, `:authority`), as in the name/value layout. */
function parseBareName(line: string): string | null {
  const from = line.startsWith(':') ? 1 : 0;
  const name = line.endsWith(':') && line.length > from + 1 ? line.slice(0, -1) : line;
  return isToken(name.slice(from)) ? name : null;
}

function headerNamed(headers: ReadonlyArray<readonly [string, string]>, name: string): string | null {
  for (const [key, value] of headers) if (key.toLowerCase() === name && value !== '') return value;
  return null;
}

/**
 * The request URL: absolute target as is; else scheme + authority (or Host) +
 * path. The scheme is `:scheme`, else the one the paste shows for the same
 * host (Origin, then Referer: an HTTP/1.1 copy has no `:scheme`, and a page
 * on http://localhost is not on https), else `https`.
 */
function rebuildUrl(draft: Draft): string | null {
  const target = draft.target;
  if (target !== null && /^https?:\/\//i.test(target)) return validUrl(target);
  const host = headerNamed(draft.headers, ':authority') ?? headerNamed(draft.headers, 'host');
  if (host === null) return null;
  const scheme = (headerNamed(draft.headers, ':scheme') ?? shownScheme(draft.headers, host) ?? 'https').toLowerCase();
  if (scheme !== 'https' && scheme !== 'http') return null;
  let path = headerNamed(draft.headers, ':path') ?? target ?? '';
  if (path !== '' && !path.startsWith('/')) path = '/' + path;
  return validUrl(`${scheme}://${host}${path}`);
}

/** The scheme (`http`/`https`) of the Origin or Referer header when it names `host` itself, else null. */
function shownScheme(headers: ReadonlyArray<readonly [string, string]>, host: string): string | null {
  for (const name of ['origin', 'referer']) {
    const value = headerNamed(headers, name);
    if (value === null) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (url.host === hostOf(host, url.protocol)) return url.protocol.slice(0, -1);
  }
  return null;
}

/** `host` as a URL of `protocol` writes it (lower case, the default port dropped), or null when it is no host. */
function hostOf(host: string, protocol: string): string | null {
  try {
    return new URL(`${protocol}//${host.trim()}`).host;
  } catch {
    return null;
  }
}

function validUrl(candidate: string): string | null {
  try {
    new URL(candidate);
    return candidate;
  } catch {
    return null;
  }
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** Whether the paste uses Chrome's name-line/value-line layout: judged on its first header lines. */
function usesNameValueLines(lines: readonly string[]): boolean {
  const firstLines: string[] = [];
  for (const line of lines) {
    if (isBlank(line)) continue;
    if (firstLines.length === 0 && parseRequestLine(line.trim()) !== null) continue;
    firstLines.push(line.trim());
    if (firstLines.length === 3) break;
  }
  const [name, value, nextName] = firstLines;
  if (name === undefined || value === undefined || parseBareName(name) === null) return false;
  // In the one-line layout a bare `name:` is an empty header, and the line after it is a header too.
  if (nextName === undefined) return parseHeaderLine(value) === null;
  return parseBareName(nextName) !== null;
}

/**
 * Reads a raw request head ("Copy request headers" in Chrome or Firefox, or
 * the Headers pane's text): the request line, `name: value` lines (HTTP/2
 * pseudo-headers `:authority`, `:method`, `:path`, `:scheme` kept as headers),
 * or Chrome's name-line/value-line layout; CRLF or LF. The URL is rebuilt
 * from `:scheme`/`:authority`/`:path` or the Host header and the request line
 * (`https` when the scheme is unknown), or null without a host. Several
 * request heads (each opening with a request line) give several requests.
 * Body text after a head's blank line is skipped. Never throws on a string.
 */
export function readRawHeaders(text: string): PastedRequest[] {
  if (typeof text !== 'string') throw new TypeError('readRawHeaders: text must be a string');
  const lines = text.split(/\r\n|\r|\n/);
  const nameValueLines = usesNameValueLines(lines);
  const requests: PastedRequest[] = [];
  let draft: Draft = { target: null, headers: [], sawRequestLine: false };
  let inBody = false;
  let afterBlank = false;

  const finish = (): void => {
    if (draft.sawRequestLine || draft.headers.length > 0) {
      requests.push({ url: rebuildUrl(draft), headers: draft.headers, cookie_strings: [] });
    }
    draft = { target: null, headers: [], sawRequestLine: false };
  };

  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '') {
      afterBlank = draft.sawRequestLine || draft.headers.length > 0;
      continue;
    }
    const target = parseRequestLine(line);
    if (target !== null) {
      finish();
      draft.target = target;
      draft.sawRequestLine = true;
      inBody = false;
      afterBlank = false;
      continue;
    }
    if (inBody) continue;
    const header = parseHeaderLine(line);
    const bareName = nameValueLines ? parseBareName(line) : null;
    if (afterBlank && header === null && bareName === null) {
      inBody = true;
      continue;
    }
    afterBlank = false;
    if (bareName !== null && i + 1 < lines.length) {
      // Name/value layout: the next line is this header's value, even when it is empty.
      i++;
      draft.headers.push([bareName, (lines[i] as string).trim()]);
    } else if (header !== null) {
      draft.headers.push(header);
    }
  }
  finish();
  return requests;
}

/** How much of the first line the sniffer looks at. */
const SNIFF_LINE = 256;

/**
 * Whether the text looks like raw request headers: its first non-blank line
 * is a request line (`POST /_api/graphql HTTP/2`), an HTTP/2 pseudo-header
 * (`:authority: …`) or `Name: value` / `Name:` with a token name. Never claims
 * a cURL command, a fetch call, a PowerShell command or a HAR file (their
 * first lines have no token before a colon). Looks at a short prefix only.
 */
export function sniffRawHeaders(text: string): boolean {
  if (typeof text !== 'string') return false;
  let start = 0;
  while (start < text.length && /\s/.test(text.charAt(start))) start++;
  const window = text.slice(start, start + SNIFF_LINE);
  const end = window.search(/\r|\n/);
  const line = (end < 0 ? window : window.slice(0, end)).trim();
  if (/^curl(?:\.exe)?(?:\s|$)/i.test(line)) return false;
  return parseRequestLine(line) !== null || parseHeaderLine(line) !== null;
}
