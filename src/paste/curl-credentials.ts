/**
 * The credentials of a paste that is one plain POSIX curl command, read as
 * the paste is lexed. The same lexer (`shell/posix.ts`) and the same walk of
 * curl's options (`walkCurlArgs`) as the general reader, with a listener that
 * keeps only the credentials instead of building the request: words come as
 * spans of the paste, and only the values wanted are cut out. It gives the
 * answers `credentialsOf` gives for the request `readCurlArgs` would build
 * (test/paste/curl-credentials.test.ts compares the two on every fixture and
 * on mutated pastes).
 *
 * Anything this reader does not cover (a second transfer, a second curl
 * command) makes it answer null, and the caller reads the paste the general
 * way.
 */
import type { Credentials } from './request.js';
import {
  COOKIE,
  HEADER,
  isAsciiSpace,
  isCurlProgram,
  parseHeaderArg,
  trimmedSlice,
  URL_OPTION,
  USER_AGENT,
  walkCurlArgs,
  type CurlArgSink,
} from './curl/read-args.js';
import type { CurlOption } from './curl/options.js';
import { PosixLexer } from './shell/posix.js';
import { cookiesNamed, originOfUrl, unquote, type CookiePair } from './pick.js';

/** Reused by every reader: filled and read within one `cookies` call. */
const FOUND: CookiePair = { first: undefined, second: undefined };

/** Which of the headers the credentials come from a `-H` names. */
const OTHER = 0;
const ACCESS_TOKEN = 1;
const USER_AGENT_HEADER = 2;
const COOKIE_HEADER = 3;

/** Whether `word[from..from + lower.length)` is `lower`, ASCII case-insensitively. */
function namedAt(word: string, from: number, lower: string): boolean {
  for (let k = 0; k < lower.length; k++) {
    let c = word.charCodeAt(from + k);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== lower.charCodeAt(k)) return false;
  }
  return true;
}

/** What the header name `text[from..to)` is, by the same comparison as `pick.ts`. */
function kindAt(text: string, from: number, to: number): number {
  const n = to - from;
  if (n === 14 && namedAt(text, from, 'x-access-token')) return ACCESS_TOKEN;
  if (n === 10 && namedAt(text, from, 'user-agent')) return USER_AGENT_HEADER;
  if (n === 6 && namedAt(text, from, 'cookie')) return COOKIE_HEADER;
  return OTHER;
}

class CredentialReader implements CurlArgSink {
  /** A second transfer: the general reader decides which request counts. */
  gaveUp = false;
  url: string | null = null;
  accessToken: string | null = null;
  /** The first non-empty `-H` User-Agent. */
  userAgent: string | null = null;
  /** Some `-H` names User-Agent (even empty): curl then sends no `-A` value. */
  namedUserAgent = false;
  /** The last `-A`, which curl sends when no `-H` names User-Agent. */
  impliedUserAgent: string | null = null;
  cookieStrings: string[] | null = null;
  cookieHeaders: string[] | null = null;

  value(option: CurlOption, text: string, from: number, to: number): void {
    if (option === HEADER) this.header(text, from, to);
    else if (option === COOKIE) {
      const value = text.slice(from, to);
      // curl's own rule: a -b value without '=' names a cookie-jar file.
      if (value.includes('=')) (this.cookieStrings ??= []).push(value);
    } else if (option === USER_AGENT) this.impliedUserAgent = text.slice(from, to);
    else if (option === URL_OPTION) this.positional(text, from, to);
  }

  positional(text: string, from: number, to: number): void {
    if (this.url === null) this.url = text.slice(from, to);
  }

  next(): void {
    this.gaveUp = true;
  }

  /**
   * A `-H` value, `text[start..end)`: the name told in place, the value cut
   * only for the headers wanted. Never reads past `end`.
   */
  private header(text: string, start: number, end: number): void {
    if (start === end || text.charCodeAt(start) === 0x40) return; // empty, or `@file` (as parseHeaderArg)
    // A name opening with anything but x, u or c (ASCII blanks aside, as
    // `trim` skips them) is none of ours: most headers end here, before the
    // search for their colon. A non-ASCII first character goes on (`trim`
    // may remove it).
    let lead = start;
    while (lead < end && isAsciiSpace(text.charCodeAt(lead))) lead++;
    if (lead === end) return; // blanks only: no header (parseHeaderArg gives null)
    const initial = text.charCodeAt(lead) | 0x20;
    if (initial !== 0x78 && initial !== 0x75 && initial !== 0x63 && initial <= 0x7f) return;
    let colon = lead;
    while (colon < end && text.charCodeAt(colon) !== 0x3a) colon++;
    let from = start;
    let to = colon;
    while (from < to && isAsciiSpace(text.charCodeAt(from))) from++;
    while (to > from && isAsciiSpace(text.charCodeAt(to - 1))) to--;
    let kind: number;
    let value: string | null = null;
    if (colon === end || text.charCodeAt(from) > 0x7f || text.charCodeAt(to - 1) > 0x7f) {
      // `Name;` or a name with other blanks around it: cut as the request reader cuts it.
      const header = parseHeaderArg(text.slice(start, end));
      if (header === null) return;
      kind = kindAt(header[0], 0, header[0].length);
      value = header[1];
    } else {
      kind = kindAt(text, from, to);
    }
    if (kind === OTHER) return;
    if (kind === USER_AGENT_HEADER) this.namedUserAgent = true;
    if (kind === ACCESS_TOKEN ? this.accessToken !== null : kind === USER_AGENT_HEADER && this.userAgent !== null) return;
    value ??= trimmedSlice(text, colon + 1, end);
    if (kind === COOKIE_HEADER) {
      (this.cookieHeaders ??= []).push(value);
      return;
    }
    const v = unquote(value);
    if (v === '') return;
    if (kind === ACCESS_TOKEN) this.accessToken = v;
    else this.userAgent = v;
  }

  /** The `session` cookie, set by {@link cookies}. */
  session: string | null = null;
  /** The `cf_clearance` cookie, set by {@link cookies}. */
  clearance: string | null = null;

  /**
   * As `cookieValue` of the request for `session` and `cf_clearance`: the
   * `-b` strings joined first, then each Cookie header; each string walked
   * once for both names.
   */
  cookies(): void {
    const found = FOUND;
    const strings = this.cookieStrings;
    if (strings !== null) {
      cookiesNamed(strings.length === 1 ? (strings[0] as string) : strings.join('; '), 'session', 'cf_clearance', true, true, found);
      this.take(found);
    }
    const headers = this.cookieHeaders;
    if (headers !== null) {
      for (let k = 0; k < headers.length && (this.session === null || this.clearance === null); k++) {
        cookiesNamed(headers[k] as string, 'session', 'cf_clearance', this.session === null, this.clearance === null, found);
        this.take(found);
      }
    }
  }

  private take(found: CookiePair): void {
    if (found.first !== undefined && found.first !== '') this.session = found.first;
    if (found.second !== undefined && found.second !== '') this.clearance = found.second;
  }

  /** As `headerValue(request, 'user-agent')`: an `-A` header is added after the `-H` ones, only when none names it. */
  agent(): string | null {
    if (this.userAgent !== null || this.namedUserAgent || this.impliedUserAgent === null) return this.userAgent;
    const v = unquote(this.impliedUserAgent);
    return v === '' ? null : v;
  }
}

/**
 * The credentials of a paste that is one POSIX curl command (words before
 * `curl` are a pasted prompt; other commands may stand around it if they do
 * not run curl), read as the paste is lexed. Null when the paste holds no
 * curl command, two of them, or a second transfer (`--next`): the general
 * reader decides then. Values are slices of the paste, as the request
 * reader's are.
 */
export function posixCurlCredentials(text: string): Credentials | null {
  const words = new PosixLexer(text);
  let reader: CredentialReader | null = null;
  do {
    while (words.advance()) {
      if (!isCurlProgram(words.text, words.from, words.to)) continue;
      if (reader !== null) return null; // a second command: two sets of requests
      reader = new CredentialReader();
      walkCurlArgs(words, reader);
      if (reader.gaveUp) return null;
    }
  } while (words.nextCommand());
  if (reader === null) return null;
  reader.cookies();
  return {
    access_token: reader.accessToken,
    session_cookie: reader.session,
    cf_clearance: reader.clearance,
    user_agent: reader.agent(),
    base_url: originOfUrl(reader.url),
  };
}
