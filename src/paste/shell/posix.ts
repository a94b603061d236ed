/**
 * The POSIX shell tokenizer: what bash does to a "Copy as cURL (bash)" /
 * "Copy as cURL (POSIX)" / Safari paste before curl sees it. Quoting only:
 * nothing is expanded (`$VAR`, `~`, globs stay as written), because the
 * browsers never rely on expansion and we cannot know the user's environment.
 *
 * Linear in the input: quoted runs are crossed with `indexOf`, never by a
 * regular expression, so a 1 MB `--data-raw` body costs one memchr-like jump.
 */

import { hexValue } from '../chars.js';

const SPACE = 0x20;
const TAB = 0x09;
const NL = 0x0a;
const CR = 0x0d;
const SQUOTE = 0x27;
const DQUOTE = 0x22;
const BACKSLASH = 0x5c;
const DOLLAR = 0x24;
const HASH = 0x23;
const SEMI = 0x3b;
const AMP = 0x26;
const PIPE = 0x7c;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes from `\x` and octal escapes, as text: UTF-8 when they form it (what a
 * terminal shows), else one character per byte (Latin-1), which is what
 * fetch puts back on the wire for a header value, so the bytes curl would
 * send are the bytes a client sends.
 */
function decodeBytes(bytes: number[]): string {
  // ASCII bytes are their own characters: no decoder needed for the usual \x41.
  if (bytes.every((b) => b < 0x80)) return String.fromCharCode(...bytes);
  try {
    return strictUtf8.decode(Uint8Array.from(bytes));
  } catch {
    return String.fromCharCode(...bytes);
  }
}

/** Characters a backslash escapes inside double quotes (bash manual, "Double Quotes"). */
function escapableInDouble(c: number): boolean {
  return c === DOLLAR || c === 0x60 || c === DQUOTE || c === BACKSLASH || c === NL;
}


function isOctal(c: number): boolean {
  return c >= 0x30 && c <= 0x37;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  '\\': '\\', "'": "'", '"': '"', '?': '?',
};

/**
 * The next backslash at or after `from`, or -1. Escapes often stand a few
 * characters apart: a short scan finds those without a call into the engine;
 * longer runs are crossed with indexOf.
 */
function nextBackslash(text: string, from: number): number {
  const end = Math.min(text.length, from + 32);
  for (let j = from; j < end; j++) if (text.charCodeAt(j) === BACKSLASH) return j;
  return end === text.length ? -1 : text.indexOf('\\', end);
}

/**
 * Decodes the body of a `$'…'` string starting at `start` (just past `$'`).
 * Returns the decoded text and the index just past the closing quote (or the
 * end of input). `\x` and octal escapes produce bytes; consecutive bytes are
 * decoded as UTF-8 together, as the terminal would show them.
 */
function readAnsiC(text: string, start: number): { value: string; end: number } {
  let out = '';
  let bytes: number[] = [];
  const flushBytes = (): void => {
    if (bytes.length > 0) {
      out += decodeBytes(bytes);
      bytes = [];
    }
  };
  let i = start;
  const n = text.length;
  // The closing quote is looked up again only once passed (an escaped \' passes it).
  let quote = -2;
  while (i < n) {
    if (quote !== -1 && quote < i) quote = text.indexOf("'", i);
    const slash = nextBackslash(text, i);
    const stop = quote < 0 ? n : quote;
    if (slash < 0 || slash > stop) {
      if (stop > i) {
        flushBytes();
        out += text.slice(i, stop);
      }
      flushBytes();
      return { value: out, end: quote < 0 ? n : quote + 1 };
    }
    if (slash > i) {
      flushBytes();
      out += text.slice(i, slash);
    }
    i = slash + 1;
    if (i >= n) break;
    const e = text[i] as string;
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      flushBytes();
      out += simple;
      i++;
      continue;
    }
    const ec = e.charCodeAt(0);
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
        flushBytes();
        out += '\\' + e;
        i++;
        continue;
      }
      i = j;
      if (e === 'x') {
        bytes.push(v);
      } else {
        flushBytes();
        out += v <= 0x10ffff ? String.fromCodePoint(v) : '\ufffd';
      }
      continue;
    }
    if (e === 'c' && i + 1 < n) {
      flushBytes();
      const ctl = text.charCodeAt(i + 1);
      out += String.fromCharCode(ctl === 0x3f ? 0x7f : ctl & 0x1f);
      i += 2;
      continue;
    }
    // Unknown escape: bash keeps the backslash.
    flushBytes();
    out += '\\' + e;
    i++;
  }
  flushBytes();
  return { value: out, end: n };
}

/**
 * Splits a POSIX-shell paste into commands (separated by unquoted newlines,
 * `;`, `&`, `&&`, `|`, `||`), each the list of argument words the program
 * receives. CRLF line ends outside quotes count as LF. Never throws; an unterminated
 * quote runs to the end of the input.
 */
export function tokenizePosix(text: string): string[][] {
  const n = text.length;
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;

  const endWord = (): void => {
    if (inWord) {
      words.push(word);
      word = '';
      inWord = false;
    }
  };
  const endCommand = (): void => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };

  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === TAB || c === CR) {
      // A CR outside quotes is the first half of a CRLF line end (or stray blank).
      endWord();
      i++;
    } else if (c === NL || c === SEMI || c === AMP || c === PIPE) {
      endCommand();
      i++;
    } else if (c === HASH && !inWord) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? n : nl;
    } else if (c === SQUOTE) {
      const close = text.indexOf("'", i + 1);
      const end = close < 0 ? n : close;
      word += text.slice(i + 1, end);
      inWord = true;
      i = close < 0 ? n : close + 1;
    } else if (c === DOLLAR && text.charCodeAt(i + 1) === SQUOTE) {
      const { value, end } = readAnsiC(text, i + 2);
      word += value;
      inWord = true;
      i = end;
    } else if (c === DQUOTE || (c === DOLLAR && text.charCodeAt(i + 1) === DQUOTE)) {
      // `$"…"` is bash's locale translation: without a catalogue it is plain "…".
      i += c === DOLLAR ? 2 : 1;
      inWord = true;
      let nextSlash = text.indexOf('\\', i);
      while (i < n) {
        const close = text.indexOf('"', i);
        if (nextSlash >= 0 && nextSlash < i) nextSlash = text.indexOf('\\', i);
        const stop = close < 0 ? n : close;
        if (nextSlash < 0 || nextSlash >= stop) {
          word += text.slice(i, stop);
          i = close < 0 ? n : close + 1;
          break;
        }
        word += text.slice(i, nextSlash);
        const escaped = text.charCodeAt(nextSlash + 1);
        if (escapableInDouble(escaped)) {
          if (escaped !== NL) word += text[nextSlash + 1];
          i = nextSlash + 2;
        } else {
          word += '\\';
          i = nextSlash + 1;
        }
      }
    } else if (c === BACKSLASH) {
      if (i + 1 >= n) {
        i++;
      } else if (text.charCodeAt(i + 1) === NL) {
        i += 2; // line continuation: the pair vanishes
      } else if (text.charCodeAt(i + 1) === CR && text.charCodeAt(i + 2) === NL) {
        i += 3; // the same continuation in a paste with CRLF line ends
      } else {
        word += text[i + 1];
        inWord = true;
        i += 2;
      }
    } else {
      // A run of ordinary characters.
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === SPACE || d === TAB || d === NL || d === CR || d === SQUOTE || d === DQUOTE ||
          d === BACKSLASH || d === DOLLAR || d === SEMI || d === AMP || d === PIPE) break;
        j++;
      }
      word += text.slice(i, j);
      inWord = true;
      i = j;
    }
  }
  endCommand();
  return commands;
}
