import type { Span } from '../chars.js';
import type { PastedRequest } from '../request.js';
import { findLongOption, findShortOptionCode, type CurlOption } from './options.js';

interface Draft {
  url: string | null;
  headers: Array<readonly [string, string]>;
  cookie_strings: string[];
  /**
   * Headers curl builds from its own options (`-A` → User-Agent, `-e` →
   * Referer). Each option is a setting, so the last one given wins, and curl
   * sends it only when no `-H` names the same header, whatever the order
   * (a custom header replaces the built-in one; checked with curl 7.88 in
   * test/paste/curl-oracle.test.ts).
   */
  implied: Map<string, string> | null;
}

function newDraft(): Draft {
  return { url: null, headers: [], cookie_strings: [], implied: null };
}

/** The request a finished draft describes: the `-H` headers, then the implied ones no `-H` overrides. */
function finish(draft: Draft): PastedRequest {
  const headers = draft.headers;
  if (draft.implied === null) return { url: draft.url, headers, cookie_strings: draft.cookie_strings };
  for (const [name, value] of draft.implied) {
    // An empty -A / -e removes curl's header altogether (`curl --help user-agent`).
    if (value === '') continue;
    const lower = name.toLowerCase();
    if (headers.some(([h]) => h.length === lower.length && h.toLowerCase() === lower)) continue;
    headers.push([name, value]);
  }
  return { url: draft.url, headers, cookie_strings: draft.cookie_strings };
}

/** Splits `Name: value` as curl's -H does; `Name;` is curl's way to send an empty header. */
export function parseHeaderArg(arg: string): readonly [string, string] | null {
  if (arg.charCodeAt(0) === 0x40) return null; // `@file`: headers read from a file we cannot see
  const colon = arg.indexOf(':');
  if (colon < 0) {
    const trimmed = arg.trim();
    return trimmed.endsWith(';') ? [trimmed.slice(0, -1).trim(), ''] : null;
  }
  return [trimmedSlice(arg, 0, colon), trimmedSlice(arg, colon + 1, arg.length)];
}

/** `text.slice(from, to).trim()`, with one slice for the ASCII blanks a header has around its parts. */
export function trimmedSlice(text: string, from: number, to: number): string {
  // Each end's character is read once: the loops keep the code they stopped
  // on, which is also what the non-ASCII check below needs.
  let first = 0;
  while (from < to) {
    first = text.charCodeAt(from);
    if (!isAsciiSpace(first)) break;
    from++;
  }
  let last = 0;
  while (to > from) {
    last = text.charCodeAt(to - 1);
    if (!isAsciiSpace(last)) break;
    to--;
  }
  const slice = text.slice(from, to);
  // Other whitespace `trim` removes (no-break space, line separators…) is rare: left to it.
  return from < to && (first > 0x7f || last > 0x7f) ? slice.trim() : slice;
}

export function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

/**
 * The options whose value the reader keeps, as the table's own objects:
 * options are told apart by identity, not by name (the table's names come
 * from `split`, not interned, so a `switch` on them compares characters).
 */
export const HEADER = findLongOption('header') as CurlOption;
export const COOKIE = findLongOption('cookie') as CurlOption;
export const USER_AGENT = findLongOption('user-agent') as CurlOption;
const REFERER = findLongOption('referer') as CurlOption;
export const URL_OPTION = findLongOption('url') as CurlOption;
const NEXT = findLongOption('next') as CurlOption;

function apply(draft: Draft, option: CurlOption, value: string): void {
  if (option === HEADER) {
    const header = parseHeaderArg(value);
    if (header !== null) draft.headers.push(header);
  } else if (option === COOKIE) {
    // curl's own rule: a -b value without '=' names a cookie-jar file.
    if (value.includes('=')) draft.cookie_strings.push(value);
  } else if (option === USER_AGENT) {
    (draft.implied ??= new Map()).set('User-Agent', value);
  } else if (option === REFERER) {
    // `-e 'url;auto'` also sets the Referer on redirects; the header sent first is the url.
    (draft.implied ??= new Map()).set('Referer', value.endsWith(';auto') ? value.slice(0, -5) : value);
  } else if (option === URL_OPTION) {
    if (draft.url === null) draft.url = value;
  }
  // Every other option's value is skipped, never read as a header.
}

/**
 * The words of one command, one at a time: the current word is
 * `text[from..to)`. A shell lexer hands out words of the paste this way
 * without cutting them; {@link ArrayWords} serves words already cut.
 */
export interface CurlWords extends Span {
  /** Moves to the next word; false once the command has no more (and on every call after). */
  advance(): boolean;
}

/** The words `args[at..]` as {@link CurlWords}. */
export class ArrayWords implements CurlWords {
  text = '';
  from = 0;
  to = 0;
  constructor(
    private readonly args: readonly string[],
    private at: number,
  ) {}

  advance(): boolean {
    if (this.at >= this.args.length) return false;
    const arg = this.args[this.at++] as string;
    this.text = arg;
    this.from = 0;
    this.to = arg.length;
    return true;
  }
}

/**
 * What reading curl's arguments reports, in order: each value an option
 * takes, each positional argument (a URL), each `--next`. Two readers listen:
 * the request builder below and the credential reader of a plain curl paste
 * (`../curl-credentials.ts`), so curl's option rules live in one place.
 * Values come as spans, `text[from..to)`: a listener cuts only what it keeps.
 */
export interface CurlArgSink {
  /** An option that takes a value, with it (not called when the words ran out before it). */
  value(option: CurlOption, text: string, from: number, to: number): void;
  /** An argument that is not an option. */
  positional(text: string, from: number, to: number): void;
  /** `-:` / `--next`: another transfer starts. */
  next(): void;
}

/**
 * Walks curl's arguments (the words after `curl`) as curl itself does: long
 * options exact or by unambiguous prefix, `--name=value`, `--no-`/`--expand-`
 * prefixes, clustered short options (`-sH'x: y'`), `--` ending the options,
 * and `-:`/`--next` starting another transfer. Every option that takes a value
 * consumes it, so body text is never mistaken for a header or a cookie.
 */
export function walkCurlArgs(words: CurlWords, sink: CurlArgSink): void {
  let optionsEnded = false;
  while (words.advance()) {
    const text = words.text;
    const from = words.from;
    const to = words.to;
    // Told apart in place by their first two characters: no slice per option
    // word (an option word is most of what a paste holds). Every read stays
    // within the word: past `to` lies the rest of the paste.
    if (optionsEnded || to - from < 2 || text.charCodeAt(from) !== 0x2d) {
      sink.positional(text, from, to);
      continue;
    }
    if (text.charCodeAt(from + 1) === 0x2d) {
      if (to - from === 2) {
        optionsEnded = true;
        continue;
      }
      let start = from + 2;
      let negated = false;
      if (to - start >= 3 && text.startsWith('no-', start)) {
        negated = true;
        start += 3;
      } else if (to - start >= 7 && text.startsWith('expand-', start)) {
        start += 7;
      }
      let eq = start;
      while (eq < to && text.charCodeAt(eq) !== 0x3d) eq++;
      const option = findLongOption(text.slice(start, eq));
      if (option === null || negated) continue; // unknown, or `--no-bool`: takes no value
      if (option === NEXT) {
        sink.next();
        continue;
      }
      if (option.kind !== 'value') continue;
      if (eq < to) sink.value(option, text, eq + 1, to);
      else if (words.advance()) sink.value(option, words.text, words.from, words.to);
      continue;
    }
    for (let j = from + 1; j < to; j++) {
      const option = findShortOptionCode(text.charCodeAt(j));
      if (option === null) break; // curl rejects the whole word
      if (option === NEXT) {
        sink.next();
        continue;
      }
      if (option.kind === 'value') {
        if (j + 1 < to) sink.value(option, text, j + 1, to);
        else if (words.advance()) sink.value(option, words.text, words.from, words.to);
        break;
      }
    }
  }
}

/** Whether a word names the curl program: `curl` or `curl.exe`, bare or as a path, in any case. */
export function isCurlProgram(text: string, from: number, to: number): boolean {
  if (to - from === 4 && text.startsWith('curl', from)) return true;
  const word = text.slice(from, to);
  const base = word.slice(Math.max(word.lastIndexOf('/'), word.lastIndexOf('\\')) + 1).toLowerCase();
  return base === 'curl' || base === 'curl.exe';
}

/** Builds one request per transfer. */
class RequestBuilder implements CurlArgSink {
  readonly requests: PastedRequest[] = [];
  private draft = newDraft();

  value(option: CurlOption, text: string, from: number, to: number): void {
    apply(this.draft, option, text.slice(from, to));
  }

  positional(text: string, from: number, to: number): void {
    if (this.draft.url === null) this.draft.url = text.slice(from, to);
  }

  next(): void {
    this.requests.push(finish(this.draft));
    this.draft = newDraft();
  }

  done(): PastedRequest[] {
    this.requests.push(finish(this.draft));
    return this.requests;
  }
}

/** The requests curl's arguments describe (see {@link walkCurlArgs}), one per transfer. */
export function readCurlArgs(args: readonly string[], from = 0): PastedRequest[] {
  const builder = new RequestBuilder();
  walkCurlArgs(new ArrayWords(args, from), builder);
  return builder.done();
}
