/**
 * The credentials of a paste that is one plain curl command, read straight
 * from curl's arguments. It gives the answers `credentialsOf` gives for the
 * request `readCurlArgs` would build (test/paste/curl-credentials.test.ts
 * compares the two on every fixture and on mutated pastes), without building
 * that request: no `[name, value]` pair nor slice per header, no header list
 * walked four times. A paste is mostly headers, and the typical paste
 * (issue 10) spent a third of its time building and then searching them.
 *
 * Anything this reader does not cover (a second transfer, a header whose
 * name it cannot tell in place) makes it answer null, and the caller reads
 * the paste the general way.
 */
import type { Credentials } from './request.js';
import {
  COOKIE,
  HEADER,
  isAsciiSpace,
  parseHeaderArg,
  trimmedSlice,
  URL_OPTION,
  USER_AGENT,
  walkCurlArgs,
  type CurlArgSink,
} from './curl/read-args.js';
import type { CurlOption } from './curl/options.js';
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

/** What a header name (as `parseHeaderArg` cuts it) is, by the same comparison as `pick.ts`. */
function kindOfName(name: string): number {
  const n = name.length;
  if (n === 14 && namedAt(name, 0, 'x-access-token')) return ACCESS_TOKEN;
  if (n === 10 && namedAt(name, 0, 'user-agent')) return USER_AGENT_HEADER;
  if (n === 6 && namedAt(name, 0, 'cookie')) return COOKIE_HEADER;
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

  value(option: CurlOption, value: string | undefined): void {
    if (value === undefined) return;
    if (option === HEADER) this.header(value);
    else if (option === COOKIE) {
      // curl's own rule: a -b value without '=' names a cookie-jar file.
      if (value.includes('=')) (this.cookieStrings ??= []).push(value);
    } else if (option === USER_AGENT) this.impliedUserAgent = value;
    else if (option === URL_OPTION) this.positional(value);
  }

  positional(arg: string): void {
    if (this.url === null) this.url = arg;
  }

  next(): void {
    this.gaveUp = true;
  }

  /** A `-H` value: the name told in place, the value cut only for the headers wanted. */
  private header(word: string): void {
    if (word.charCodeAt(0) === 0x40) return; // `@file`, as parseHeaderArg
    // A name opening with anything but x, u or c (ASCII blanks aside, as
    // `trim` skips them) is none of ours: most headers end here, before the
    // search for their colon. A non-ASCII first character goes on (`trim`
    // may remove it).
    let lead = 0;
    while (lead < word.length && isAsciiSpace(word.charCodeAt(lead))) lead++;
    const initial = word.charCodeAt(lead) | 0x20;
    if (initial !== 0x78 && initial !== 0x75 && initial !== 0x63 && initial <= 0x7f) return;
    const colon = word.indexOf(':');
    let from = 0;
    let to = colon;
    if (colon >= 0) {
      while (from < to && isAsciiSpace(word.charCodeAt(from))) from++;
      while (to > from && isAsciiSpace(word.charCodeAt(to - 1))) to--;
    }
    let kind: number;
    let value: string | null = null;
    if (colon < 0 || word.charCodeAt(from) > 0x7f || word.charCodeAt(to - 1) > 0x7f) {
      // `Name;` or a name with other blanks around it: cut as the request reader cuts it.
      const header = parseHeaderArg(word);
      if (header === null) return;
      kind = kindOfName(header[0]);
      value = header[1];
    } else {
      const n = to - from;
      kind =
        n === 14 && namedAt(word, from, 'x-access-token') ? ACCESS_TOKEN
        : n === 10 && namedAt(word, from, 'user-agent') ? USER_AGENT_HEADER
        : n === 6 && namedAt(word, from, 'cookie') ? COOKIE_HEADER
        : OTHER;
      if (kind === OTHER) return;
    }
    if (kind === OTHER) return;
    if (kind === USER_AGENT_HEADER) this.namedUserAgent = true;
    if (kind === ACCESS_TOKEN ? this.accessToken !== null : kind === USER_AGENT_HEADER && this.userAgent !== null) return;
    value ??= trimmedSlice(word, colon + 1, word.length);
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
 * The credentials of the one transfer `args[from..]` describes (the words
 * after `curl`), or null when they hold another transfer (`--next`). Values
 * are slices of the paste, as the request reader's are.
 */
export function curlCredentials(args: readonly string[], from: number): Credentials | null {
  const reader = new CredentialReader();
  walkCurlArgs(args, from, reader);
  if (reader.gaveUp) return null;
  reader.cookies();
  return {
    access_token: reader.accessToken,
    session_cookie: reader.session,
    cf_clearance: reader.clearance,
    user_agent: reader.agent(),
    base_url: originOfUrl(reader.url),
  };
}
