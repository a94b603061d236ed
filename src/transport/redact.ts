/** What stands in for a secret wherever one would otherwise be shown. */
export const REDACTED = '[redacted]';

// Request/response headers whose value is (or holds) a credential.
const SECRET_HEADERS = new Set(['x-access-token', 'cookie', 'set-cookie', 'authorization', 'proxy-authorization']);

/** Shorter strings are too likely to be ordinary text to be replaced everywhere. */
export const MIN_SECRET_LENGTH = 4;

/** A copy of `headers` with every credential-bearing value replaced by `[redacted]`. */
export function redact_headers(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  }
  return out;
}

/**
 * The secrets to look for, prepared once: ASCII-lower-cased (the search is
 * case-insensitive: a URL parser lower-cases a host, a server may upper-case
 * percent-escapes), long enough, without duplicates.
 */
export function prepare_secrets(secrets: Iterable<string | null | undefined>): string[] {
  const out = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) continue;
    out.add(ascii_lower(secret));
    // The common encoded forms are also looked for as written: text just before one (a stray `%`)
    // can make a decoded reading start mid-escape and miss it.
    out.add(ascii_lower(encodeURIComponent(secret)));
    out.add(ascii_lower(encodeURIComponent(encodeURIComponent(secret))));
    out.add(ascii_lower(secret.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')));
    out.add(json_escaped(secret));
  }
  return [...out];
}

/**
 * `text` with every occurrence of each secret replaced by `[redacted]`, for
 * text that came from elsewhere (a server's error message may echo a token).
 * A secret is found raw, in any ASCII case, percent-encoded, HTML-escaped
 * (named or numeric references), JSON-escaped (`\u0041`, `\/`), and in any
 * mix of those nested twice (`%2541`, `&amp;#65;`): the text is read through
 * up to two decoding layers, and the original span behind each match is
 * replaced. Linear in the text's length per secret: plain substring search
 * over the decoded views, no regex built from a secret.
 */
export function redact_text(text: string, secrets: Iterable<string | null | undefined>): string {
  return redact_prepared(text, prepare_secrets(secrets));
}

/** {@link redact_text} with secrets already passed through {@link prepare_secrets}. */
export function redact_prepared(text: string, secrets: readonly string[]): string {
  if (secrets.length === 0 || text.length < MIN_SECRET_LENGTH) return text;
  const spans: Array<[number, number]> = [];
  const raw = ascii_lower(text);
  for (const secret of secrets) collect(raw, secret, null, null, spans);
  if (has_escape(text)) {
    for (const view of decoded_views(text)) {
      const lower = ascii_lower(view.text);
      for (const secret of secrets) collect(lower, secret, view.starts, view.ends, spans);
    }
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  let i = 0;
  while (i < spans.length) {
    const start = (spans[i] as [number, number])[0];
    let end = (spans[i] as [number, number])[1];
    // Overlapping or touching matches become one `[redacted]`.
    while (i + 1 < spans.length && (spans[i + 1] as [number, number])[0] <= end) {
      end = Math.max(end, (spans[i + 1] as [number, number])[1]);
      i += 1;
    }
    out += text.slice(at, start) + REDACTED;
    at = end;
    i += 1;
  }
  return out + text.slice(at);
}

/** Every character as a JSON `\u00xx` escape (lower-case hex): a stray backslash before one hides it from the decoded readings. */
function json_escaped(secret: string): string {
  let out = '';
  for (let i = 0; i < secret.length; i++) out += `\\u${secret.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** Adds the original spans of every occurrence of `secret` in `haystack` (a view of the text). */
function collect(
  haystack: string,
  secret: string,
  starts: Int32Array | null,
  ends: Int32Array | null,
  spans: Array<[number, number]>,
): void {
  let from = 0;
  while (true) {
    const found = haystack.indexOf(secret, from);
    if (found === -1) return;
    const last = found + secret.length;
    spans.push(starts === null || ends === null ? [found, last] : [starts[found] as number, ends[last - 1] as number]);
    from = found + 1;
  }
}

/** Lower-cases A-Z only, so every index stays where it was (`toLowerCase` may change lengths). */
function ascii_lower(text: string): string {
  let upper = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      upper = true;
      break;
    }
  }
  if (!upper) return text;
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    codes[i] = c >= 65 && c <= 90 ? c + 32 : c;
  }
  return from_codes(codes, codes.length);
}

function has_escape(text: string): boolean {
  return text.includes('%') || text.includes('&') || text.includes('\\');
}

/** A decoded reading of a text: each code unit with the span of the original it came from. */
interface View {
  readonly text: string;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

const NAMED_REFERENCES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", sol: '/', percnt: '%', bsol: '\\' };
// `&#x10FFFF;` is the longest reference we read; a longer run is not one.
const MAX_REFERENCE_LENGTH = 10;

function hex_value(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

type Kinds = { readonly percent: boolean; readonly html: boolean; readonly json: boolean };
const ALL: Kinds = { percent: true, html: true, json: true };
const PERCENT: Kinds = { percent: true, html: false, json: false };
const HTML: Kinds = { percent: false, html: true, json: false };
const JSON_ESCAPES: Kinds = { percent: false, html: false, json: true };

/**
 * The readings of `text` a secret is looked for in, each mapped back to the
 * original: every kind of escape decoded at once, once and twice; each kind
 * alone; and percent-escapes before or after each other kind. Decoding one
 * kind at a time keeps an escape of another kind written just before a
 * secret (a stray `%`, `\u0`, `&`) from swallowing the secret's first
 * characters.
 */
function decoded_views(text: string): View[] {
  const all = decode_view(text, ALL);
  const views = [all];
  if (has_escape(all.text)) views.push(compose(all, decode_view(all.text, ALL)));
  for (const kind of [PERCENT, HTML, JSON_ESCAPES]) {
    const once = decode_view(text, kind);
    views.push(once);
    const then = kind === PERCENT ? [HTML, JSON_ESCAPES] : [PERCENT];
    for (const next of then) views.push(compose(once, decode_view(once.text, next)));
  }
  return views;
}

/** `inner` (a view of `outer.text`) with its spans mapped through `outer` to the original text. */
function compose(outer: View, inner: View): View {
  const starts = new Int32Array(inner.starts.length);
  const ends = new Int32Array(inner.ends.length);
  for (let k = 0; k < starts.length; k++) {
    starts[k] = outer.starts[inner.starts[k] as number] as number;
    ends[k] = outer.ends[(inner.ends[k] as number) - 1] as number;
  }
  return { text: inner.text, starts, ends };
}

/** Decodes one layer of percent-escapes and/or HTML character references and JSON escapes, remembering spans. */
function decode_view(text: string, kinds: Kinds): View {
  const n = text.length;
  // A decoded unit never takes more room than what it came from (an astral reference is 2 units from 8+).
  const codes = new Uint16Array(n);
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  let len = 0;
  const push = (code: number, start: number, end: number): void => {
    if (code > 0xffff) {
      const v = code - 0x10000;
      push(0xd800 + (v >> 10), start, end);
      push(0xdc00 + (v & 0x3ff), start, end);
      return;
    }
    codes[len] = code;
    starts[len] = start;
    ends[len] = end;
    len += 1;
  };
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 37 /* % */ && kinds.percent && i + 2 < n) {
      const hi = hex_value(text.charCodeAt(i + 1));
      const lo = hex_value(text.charCodeAt(i + 2));
      if (hi !== -1 && lo !== -1) {
        push(hi * 16 + lo, i, i + 3);
        i += 3;
        continue;
      }
    }
    if (c === 38 /* & */ && kinds.html) {
      // Only the next few characters are looked at, so a text of many `&` stays linear.
      let end = -1;
      for (let j = i + 1; j < n && j - i <= MAX_REFERENCE_LENGTH; j++) {
        if (text.charCodeAt(j) === 59 /* ; */) {
          end = j;
          break;
        }
      }
      if (end !== -1) {
        const decoded = reference(text.slice(i + 1, end));
        if (decoded !== null) {
          push(decoded, i, end + 1);
          i = end + 1;
          continue;
        }
      }
    }
    if (c === 92 /* \ */ && kinds.json && i + 1 < n) {
      const next = text.charCodeAt(i + 1);
      if (next === 117 /* u */ && i + 5 < n) {
        let code = 0;
        let ok = true;
        for (let k = 2; k < 6; k++) {
          const h = hex_value(text.charCodeAt(i + k));
          if (h === -1) ok = false;
          code = code * 16 + h;
        }
        if (ok) {
          push(code, i, i + 6);
          i += 6;
          continue;
        }
      }
      if (next === 47 /* / */ || next === 34 /* " */ || next === 92 /* \ */ || next === 39 /* ' */) {
        push(next, i, i + 2);
        i += 2;
        continue;
      }
    }
    push(c, i, i + 1);
    i += 1;
  }
  return { text: from_codes(codes, len), starts: starts.subarray(0, len), ends: ends.subarray(0, len) };
}

/** A string from UTF-16 code units, in chunks (one call with millions of arguments would overflow the stack). */
function from_codes(codes: Uint16Array, len: number): string {
  const parts: string[] = [];
  for (let at = 0; at < len; at += 8192) {
    // eslint-disable-next-line no-restricted-syntax -- bounded: 8192 code units per call
    parts.push(String.fromCharCode(...codes.subarray(at, Math.min(len, at + 8192))));
  }
  return parts.join('');
}

/** The code point of an HTML character reference's body (`amp`, `#65`, `#x41`), or null when it is none. */
function reference(body: string): number | null {
  if (body.startsWith('#x') || body.startsWith('#X')) return code_point(body.slice(2), 16);
  if (body.startsWith('#')) return code_point(body.slice(1), 10);
  const name = body.toLowerCase();
  return Object.hasOwn(NAMED_REFERENCES, name) ? (NAMED_REFERENCES[name] as string).charCodeAt(0) : null;
}

function code_point(digits: string, radix: 10 | 16): number | null {
  if (digits === '' || digits.length > 7) return null;
  let value = 0;
  for (let k = 0; k < digits.length; k++) {
    const d = radix === 16 ? hex_value(digits.charCodeAt(k)) : digits.charCodeAt(k) - 48;
    if (d < 0 || d >= radix) return null;
    value = value * radix + d;
  }
  return value > 0x10ffff ? null : value;
}
