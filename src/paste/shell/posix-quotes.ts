/**
 * The quoted strings of the POSIX shell that need decoding: `"…"` (backslash
 * escapes) and `$'…'` (ANSI-C escapes and bytes), with the forward-only
 * position cache that keeps reading them linear. The lexer (`posix.ts`)
 * reads the words around them.
 */

import { codesToString, hexValue, type TextBuilder } from '../chars.js';

const NL = 0x0a;
const SQUOTE = 0x27;
const DQUOTE = 0x22;
const BACKSLASH = 0x5c;
const DOLLAR = 0x24;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes from `\x` and octal escapes, as text: UTF-8 when they form it (what a
 * terminal shows), else one character per byte (Latin-1), which is what
 * fetch puts back on the wire for a header value, so the bytes curl would
 * send are the bytes a client sends.
 */
function decodeBytes(bytes: Uint8Array): string {
  let ascii = true;
  for (let k = 0; k < bytes.length; k++) {
    if ((bytes[k] as number) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (!ascii) {
    try {
      return strictUtf8.decode(bytes);
    } catch {
      // not UTF-8: Latin-1 below
    }
  }
  return codesToString(bytes);
}

/** Characters a backslash escapes inside double quotes (bash manual, "Double Quotes"). */
function escapableInDouble(c: number): boolean {
  return c === DOLLAR || c === 0x60 || c === DQUOTE || c === BACKSLASH || c === NL;
}

function isOctal(c: number): boolean {
  return c >= 0x30 && c <= 0x37;
}

/** The character a one-letter ANSI-C escape stands for (bash manual, "ANSI-C Quoting"), or -1. */
function simpleEscape(c: number): number {
  switch (c) {
    case 0x61: return 0x07; // \a
    case 0x62: return 0x08; // \b
    case 0x65: // \e
    case 0x45: return 0x1b; // \E
    case 0x66: return 0x0c; // \f
    case 0x6e: return 0x0a; // \n
    case 0x72: return 0x0d; // \r
    case 0x74: return 0x09; // \t
    case 0x76: return 0x0b; // \v
    case BACKSLASH:
    case SQUOTE:
    case DQUOTE:
    case 0x3f: return c; // \\ \' \" \?
    default: return -1;
  }
}

/**
 * Where the next `'`, `"` and `\` stand, each looked up again only once the
 * reading has passed it. Reading only moves forward, so each lookup crosses
 * every character at most once over the whole paste: many short quoted
 * pieces cost no more than one long one (a fresh `indexOf` per piece would
 * rescan the rest of the text each time, quadratic in the number of pieces).
 */
export class Marks {
  private single = -2;
  private double = -2;
  private slash = -2;
  constructor(private readonly text: string) {}

  /** Index of the next `'` at or after `from`, or -1. */
  nextSingle(from: number): number {
    if (this.single !== -1 && this.single < from) this.single = this.text.indexOf("'", from);
    return this.single;
  }

  /** Index of the next `"` at or after `from`, or -1. */
  nextDouble(from: number): number {
    if (this.double !== -1 && this.double < from) this.double = this.text.indexOf('"', from);
    return this.double;
  }

  /** Index of the next `\` at or after `from`, or -1. */
  nextSlash(from: number): number {
    if (this.slash !== -1 && this.slash < from) this.slash = this.text.indexOf('\\', from);
    return this.slash;
  }
}

const isAscii = (byte: number): boolean => byte < 0x80;

const NO_BYTES = new Uint8Array(0);

/** Bytes of consecutive `\x`/octal escapes, kept in one growing buffer and decoded together. */
export class ByteRun {
  // Shared empty start: allocating even an empty typed array costs more than reading a short word.
  private bytes: Uint8Array = NO_BYTES;
  private length = 0;

  push(byte: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(Math.max(64, this.bytes.length * 2));
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = byte;
  }

  /** Adds the decoded run (if any) to `out` and empties the run. */
  flushInto(out: TextBuilder): void {
    if (this.length === 0) return;
    const run = this.bytes.subarray(0, this.length);
    this.length = 0;
    // ASCII bytes are their own characters: no decoding, no intermediate string.
    if (run.every(isAscii)) for (const byte of run) out.addCode(byte);
    else out.add(decodeBytes(run));
  }
}

/**
 * Decodes the body of a `$'…'` string starting at `start` (just past `$'`)
 * into `out`, and returns the index just past the closing quote (or the end
 * of input). `\x` and octal escapes produce bytes; consecutive bytes are
 * decoded as UTF-8 together, as the terminal would show them.
 */
export function readAnsiC(text: string, start: number, marks: Marks, out: TextBuilder, bytes: ByteRun): number {
  let i = start;
  const n = text.length;
  while (i < n) {
    const quote = marks.nextSingle(i);
    const slash = marks.nextSlash(i);
    const stop = quote < 0 ? n : quote;
    if (slash < 0 || slash > stop) {
      if (stop > i) {
        bytes.flushInto(out);
        out.addSlice(text, i, stop);
      }
      bytes.flushInto(out);
      return quote < 0 ? n : quote + 1;
    }
    if (slash > i) {
      bytes.flushInto(out);
      out.addSlice(text, i, slash);
    }
    i = slash + 1;
    if (i >= n) break;
    const ec = text.charCodeAt(i);
    const simple = simpleEscape(ec);
    if (simple >= 0) {
      bytes.flushInto(out);
      out.addCode(simple);
      i++;
      continue;
    }
    const e = text[i] as string;
    if (isOctal(ec)) {
      let v = 0;
      let k = 0;
      while (k < 3 && i < n && isOctal(text.charCodeAt(i))) {
        v = v * 8 + (text.charCodeAt(i) - 0x30);
        i++;
        k++;
      }
      bytes.push(v & 0xff);
      continue;
    }
    if (e === 'x' || e === 'u' || e === 'U') {
      const max = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      let v = 0;
      let k = 0;
      let j = i + 1;
      while (k < max && j < n) {
        const digit = hexValue(text.charCodeAt(j));
        if (digit < 0) break;
        v = v * 16 + digit;
        j++;
        k++;
      }
      if (k === 0) {
        // bash keeps an escape with no digits as written
        bytes.flushInto(out);
        out.add('\\' + e);
        i++;
        continue;
      }
      i = j;
      if (e === 'x') {
        bytes.push(v);
      } else {
        bytes.flushInto(out);
        if (v <= 0xffff) {
          out.addCode(v);
        } else if (v <= 0x10ffff) {
          out.addCode(0xd800 + ((v - 0x10000) >> 10));
          out.addCode(0xdc00 + ((v - 0x10000) & 0x3ff));
        } else {
          out.addCode(0xfffd);
        }
      }
      continue;
    }
    if (e === 'c' && i + 1 < n) {
      bytes.flushInto(out);
      const ctl = text.charCodeAt(i + 1);
      out.addCode(ctl === 0x3f ? 0x7f : ctl & 0x1f);
      i += 2;
      continue;
    }
    // Unknown escape: bash keeps the backslash.
    bytes.flushInto(out);
    out.add('\\' + e);
    i++;
  }
  bytes.flushInto(out);
  return n;
}

/**
 * Reads a double-quoted string whose body starts at `i` into `word`; returns
 * the index just past the closing quote (or the end of input).
 */
export function readDouble(text: string, i: number, marks: Marks, word: TextBuilder): number {
  const n = text.length;
  while (i < n) {
    const close = marks.nextDouble(i);
    const slash = marks.nextSlash(i);
    const stop = close < 0 ? n : close;
    if (slash < 0 || slash >= stop) {
      word.addSlice(text, i, stop);
      return close < 0 ? n : close + 1;
    }
    if (slash > i) word.addSlice(text, i, slash);
    const escaped = text.charCodeAt(slash + 1);
    if (escapableInDouble(escaped)) {
      if (escaped !== NL) word.addCode(escaped);
      else word.touch();
      i = slash + 2;
    } else {
      word.addCode(BACKSLASH);
      i = slash + 1;
    }
  }
  word.touch();
  return n;
}
