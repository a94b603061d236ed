/*
 * "Copy as fetch" / "Copy as fetch (Node.js)" (Chrome, Edge) and "Copy as
 * Fetch" (Firefox) write JavaScript, not JSON:
 *
 *   fetch("https://stake.com/_api/graphql", {          // Chrome: JSON.stringify(options, null, 2)
 *     "headers": { "x-access-token": "…", … },          // Node.js variant adds "cookie"
 *     "body": "{\"query\":…}", "method": "POST", … });
 *   await fetch("…", { "credentials": "include", … }); // Firefox: 4-space indent
 *
 * Recent Chrome builds comment forbidden headers out instead of dropping them
 * (`// "cookie": "session=…", // Browser manages this from the cookie jar`), and
 * people edit the text by hand (single quotes, bare keys, trailing commas), so
 * JSON.parse is not enough: the calls are read with the JavaScript literal
 * scanner of `js-literal.ts`. Only the `headers` of the options object is read, so text in
 * `body` is never taken for a header.
 *
 * Every character is consumed by one scan at most (a failed call resumes where
 * it failed), so the work is linear in the text's length.
 */
import type { PastedRequest } from '../request.js';
import { isIdentChar, isJsWhitespace, JsScanner, ScanFailure, type JsValue } from './js-literal.js';

function headerValue(value: JsValue | undefined): string | null {
  if (value === undefined) return null;
  if (value.kind === 'string') return value.value;
  if (value.kind === 'number') return value.text;
  return null;
}

/**
 * A header DevTools commented out, `"cookie": "session=…", // Browser manages…`:
 * the comment's text must be exactly one `"name": "value"` pair, optionally
 * followed by a comma and a further comment. Anything else is prose.
 */
function readCommentedHeader(comment: string): readonly [string, string] | null {
  const scanner = new JsScanner(comment);
  try {
    scanner.skipTrivia();
    const quote = comment.charCodeAt(scanner.pos);
    if (quote !== 0x22 && quote !== 0x27) return null;
    const name = scanner.readQuoted();
    scanner.expect(0x3a);
    scanner.skipTrivia();
    const valueQuote = comment.charCodeAt(scanner.pos);
    if (valueQuote !== 0x22 && valueQuote !== 0x27) return null;
    const value = scanner.readQuoted();
    scanner.skipTrivia();
    if (comment.charCodeAt(scanner.pos) === 0x2c) {
      scanner.pos++;
      scanner.skipTrivia();
    }
    return scanner.pos === comment.length ? [name, value] : null;
  } catch {
    return null;
  }
}

/** The headers of a fetch options object: live ones in order, then those DevTools commented out. */
function readHeaders(options: JsValue | null): Array<readonly [string, string]> {
  if (options?.kind !== 'object') return [];
  const headers = options.entries.get('headers');
  const out: Array<readonly [string, string]> = [];
  if (headers?.kind === 'object') {
    for (const [name, value] of headers.entries) {
      const text = headerValue(value);
      if (text !== null) out.push([name, text]);
    }
    // Placed after the live headers, so a value the user left live always wins.
    for (const comment of headers.lineComments) {
      const header = readCommentedHeader(comment);
      if (header !== null) out.push(header);
    }
  } else if (headers?.kind === 'array') {
    // `[["name", "value"], …]` is also a valid HeadersInit.
    for (const pair of headers.items) {
      if (pair.kind !== 'array' || pair.items.length !== 2) continue;
      const [name, value] = pair.items;
      if (name?.kind !== 'string') continue;
      const text = headerValue(value);
      if (text !== null) out.push([name.value, text]);
    }
  }
  return out;
}

/** Reads one call's arguments; `scanner.pos` is just past `(`. */
function readCall(scanner: JsScanner): PastedRequest {
  const first = scanner.readValue(0);
  const url = first.kind === 'string' ? first.value : null;
  let options: JsValue | null = null;
  scanner.skipTrivia();
  if (scanner.text.charCodeAt(scanner.pos) === 0x2c) {
    scanner.pos++;
    scanner.skipTrivia();
    if (scanner.text.charCodeAt(scanner.pos) !== 0x29) options = scanner.readValue(0);
  }
  scanner.skipTrivia();
  // A paste cut off after the options still holds a whole request; a missing `)` is forgiven.
  if (scanner.text.charCodeAt(scanner.pos) === 0x29) scanner.pos++;
  return { url, headers: readHeaders(options), cookie_strings: [] };
}

/**
 * Reads every `fetch(url, options)` call in a "Copy as fetch" / "Copy as
 * fetch (Node.js)" / Firefox "Copy as Fetch" paste ("Copy all as fetch"
 * gives several), in order. The URL is the first argument when it is a string
 * literal; headers are the options' `headers` (names as written, compare them
 * case-insensitively), followed by any header line Chrome commented out as
 * forbidden (its `cookie` among them). Never throws on a string; text that
 * holds no call gives `[]`.
 */
export function readFetchRequests(text: string): PastedRequest[] {
  if (typeof text !== 'string') throw new TypeError('readFetchRequests: text must be a string');
  const requests: PastedRequest[] = [];
  const scanner = new JsScanner(text);
  let pos = 0;
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c === 0x2f && (text.charCodeAt(pos + 1) === 0x2f || text.charCodeAt(pos + 1) === 0x2a)) {
      scanner.pos = pos;
      scanner.skipTrivia();
      pos = scanner.pos;
      continue;
    }
    if (!isIdentChar(c)) {
      pos++;
      continue;
    }
    const start = pos;
    while (pos < text.length && isIdentChar(text.charCodeAt(pos))) pos++;
    if (pos - start !== 5 || !text.startsWith('fetch', start)) continue;
    scanner.pos = pos;
    scanner.skipTrivia();
    if (text.charCodeAt(scanner.pos) !== 0x28) continue;
    scanner.pos++;
    try {
      requests.push(readCall(scanner));
      pos = scanner.pos;
    } catch (error) {
      // Not a call we can read. Resuming where the scan stopped keeps the whole read linear.
      pos = Math.max(pos, error instanceof ScanFailure ? error.at : scanner.pos);
    }
  }
  return requests;
}

/** How far into the text the sniffer looks. */
const SNIFF_WINDOW = 512;

/** A call opening the text: `fetch(`, `await fetch(`, `const res = await fetch(`. */
const FETCH_START =
  /^(?:(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*=\s*)?(?:await\s+)?(?:window\.|globalThis\.)?fetch\s*\(/;

/**
 * Whether the text looks like a fetch paste: after whitespace and any leading
 * `//` or `/* *\/` comments, it opens with `fetch(` or `await fetch(` (or an
 * assignment of one). Looks at a bounded prefix only.
 */
export function sniffFetch(text: string): boolean {
  if (typeof text !== 'string') return false;
  let start = 0;
  while (start < text.length && isJsWhitespace(text.charCodeAt(start))) start++;
  const scanner = new JsScanner(text.slice(start, start + SNIFF_WINDOW));
  scanner.skipTrivia();
  return FETCH_START.test(scanner.text.slice(scanner.pos));
}
