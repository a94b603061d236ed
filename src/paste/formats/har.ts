import type { PastedRequest } from '../request.js';

/*
 * "Save all as HAR" (Chrome, Edge, Firefox, Safari): HAR 1.2 JSON,
 *
 *   { "log": { "version": "1.2", "creator": {…}, "pages": […],
 *     "entries": [ { "startedDateTime": "2024-05-01T10:00:00.123Z",
 *                    "request": { "method": "POST", "url": "https://stake.com/_api/graphql",
 *                                 "headers": [ { "name": "x-access-token", "value": "…" }, … ],
 *                                 "cookies": [ { "name": "session", "value": "…", … }, … ],
 *                                 "postData": {…} }, "response": {…}, … }, … ] } }
 *
 * A HAR holds a whole browsing session, so the same endpoint appears many
 * times and the token changes as the person logs in and out. The requests are
 * returned newest first, so that the generic "first request for
 * /_api/graphql that has the value" picks the most recent credentials.
 */

interface Dated {
  readonly time: number; // NaN when startedDateTime is missing or unreadable
  readonly index: number;
  readonly request: PastedRequest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `[{ name, value }]` pairs with string members; anything else in the list is skipped. */
function namedPairs(list: unknown): Array<readonly [string, string]> {
  const out: Array<readonly [string, string]> = [];
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (isRecord(item) && typeof item.name === 'string' && typeof item.value === 'string') {
      out.push([item.name, item.value]);
    }
  }
  return out;
}

/** Longer than any ISO 8601 timestamp; a longer string is not a date worth parsing. */
const MAX_DATE_LENGTH = 64;

function startedAt(entry: Record<string, unknown>): number {
  const value = entry.startedDateTime;
  if (typeof value !== 'string' || value.length > MAX_DATE_LENGTH) return Number.NaN;
  return Date.parse(value);
}

/** Newest first; equal times keep file order; entries without a readable date come last, in file order. */
function newestFirst(a: Dated, b: Dated): number {
  const aKnown = !Number.isNaN(a.time);
  const bKnown = !Number.isNaN(b.time);
  if (aKnown && bKnown && a.time !== b.time) return b.time - a.time;
  if (aKnown !== bKnown) return aKnown ? -1 : 1;
  return a.index - b.index;
}

/**
 * Reads a HAR file ("Save all as HAR"): one request per `log.entries[]`
 * item, ordered newest `startedDateTime` first (ties and entries without a
 * readable date keep their file order, undated ones last). Headers are
 * `request.headers` as written (a `Cookie` header stays a header);
 * `request.cookies` become `cookie_strings` (`name=value`, one per cookie).
 * Text that is not JSON, or JSON without `log.entries`, gives `[]`; never
 * throws on a string.
 */
export function readHar(text: string): PastedRequest[] {
  if (typeof text !== 'string') throw new TypeError('readHar: text must be a string');
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return [];
  }
  if (!isRecord(data) || !isRecord(data.log) || !Array.isArray(data.log.entries)) return [];
  const dated: Dated[] = [];
  const entries: unknown[] = data.log.entries;
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index];
    if (!isRecord(entry) || !isRecord(entry.request)) continue;
    const request = entry.request;
    const cookie_strings: string[] = [];
    for (const [name, value] of namedPairs(request.cookies)) {
      if (name !== '') cookie_strings.push(`${name}=${value}`);
    }
    dated.push({
      time: startedAt(entry),
      index,
      request: {
        url: typeof request.url === 'string' ? request.url : null,
        headers: namedPairs(request.headers),
        cookie_strings,
      },
    });
  }
  dated.sort(newestFirst);
  return dated.map((item) => item.request);
}

/** How far into the text the sniffer looks for the `"log"` key. */
const SNIFF_WINDOW = 4096;

/**
 * Whether the text looks like a HAR file: a JSON object (after whitespace and
 * a byte-order mark) with a `"log":` key in its first few kilobytes. Never
 * claims a cURL, fetch, PowerShell or raw-headers paste (none opens with `{`).
 */
export function sniffHar(text: string): boolean {
  if (typeof text !== 'string') return false;
  let start = 0;
  while (start < text.length && (/\s/.test(text.charAt(start)) || text.charCodeAt(start) === 0xfeff)) start++;
  if (text.charCodeAt(start) !== 0x7b) return false;
  const window = text.slice(start, start + SNIFF_WINDOW);
  let at = window.indexOf('"log"');
  while (at >= 0) {
    let after = at + 5;
    while (after < window.length && /\s/.test(window.charAt(after))) after++;
    if (window.charCodeAt(after) === 0x3a) return true;
    at = window.indexOf('"log"', at + 5);
  }
  return false;
}
