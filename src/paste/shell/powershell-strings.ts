/**
 * The string decoders of the PowerShell lexer: single-quoted, expandable
 * (double-quoted and `@"` here-string) bodies, backtick escapes, the constant
 * `$([char]N)` and the verbatim words after `--%`. They turn PowerShell's
 * quoting into the text a command receives, and flag text that PowerShell would
 * expand at run time, which we cannot know. The token loop
 * (`powershell-lexer.ts`) decides where a string starts; these decide what it holds.
 */

import { hexValue, TextBuilder } from '../chars.js';
import { BACKTICK, DOLLAR, DQ, isBlank, SQ, startsVariable } from './powershell-chars.js';
import { skipNested } from './powershell-skip.js';

/** PowerShell's backtick escapes (case-sensitive, as in PowerShell). */
const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/**
 * The builder of every quoted string: reused (strings are read one at a time,
 * never nested), so a paste of many short strings allocates no buffer per string.
 */
const SCRATCH = new TextBuilder();

/** Reads a single-quoted string body: `''` is a quote, nothing else is special. */
export function readSingleQuoted(text: string, from: number): { value: string; next: number } {
  const value = SCRATCH;
  value.touch();
  let i = from;
  for (;;) {
    const close = text.indexOf("'", i);
    if (close < 0) {
      value.addSlice(text, i, text.length);
      return { value: value.take() as string, next: text.length };
    }
    value.addSlice(text, i, close);
    if (text.charCodeAt(close + 1) === SQ) {
      value.addCode(SQ);
      i = close + 2;
      continue;
    }
    return { value: value.take() as string, next: close + 1 };
  }
}

/** Reads one backtick escape at `at` (the backtick) within `text[..end]`. */
export function readEscape(text: string, at: number, end: number): { value: string; next: number } {
  if (at + 1 >= end) return { value: '', next: end };
  const ch = text[at + 1] as string;
  const mapped = ESCAPES[ch];
  if (mapped !== undefined) return { value: mapped, next: at + 2 };
  if (ch === 'u' && text.charCodeAt(at + 2) === 0x7b) {
    // `u{XXXX}: PowerShell 7's Unicode escape, 1 to 6 hex digits. Looked for
    // within those 6 digits only, so many unclosed `u{ cannot rescan the text.
    let cp = 0;
    let close = at + 3;
    while (close < end && close <= at + 9 && hexValue(text.charCodeAt(close)) >= 0) {
      cp = cp * 16 + hexValue(text.charCodeAt(close));
      close++;
    }
    if (close > at + 3 && close <= at + 9 && close < end && text.charCodeAt(close) === 0x7d && cp <= 0x10ffff) {
      return { value: String.fromCodePoint(cp), next: close + 1 };
    }
  }
  const code = text.charCodeAt(at + 1);
  // Keep a surrogate pair whole so an escaped astral character survives.
  if (code >= 0xd800 && code <= 0xdbff && at + 2 < end) {
    const low = text.charCodeAt(at + 2);
    if (low >= 0xdc00 && low <= 0xdfff) return { value: text.slice(at + 1, at + 3), next: at + 3 };
  }
  return { value: ch, next: at + 2 };
}

const CHAR_CODE = /^\$\(\[char\](\d{1,5})\)$/i;

/** `$([char]N)` as its character, when `raw` is exactly that and N is a UTF-16 unit. */
export function charCodeValue(raw: string): string | null {
  if (raw.length > 16) return null;
  const m = CHAR_CODE.exec(raw);
  if (m === null) return null;
  const code = Number(m[1]);
  return code <= 0xffff ? String.fromCharCode(code) : null;
}

/**
 * Reads the body of an expandable (double-quoted or `@"` here-) string from
 * `from` to `end`: backtick escapes and `""` are decoded, `$variables` and
 * `$(…)` are kept as written and flagged dynamic. With `quoted`, an unescaped
 * `"` ends the string. With `expandCharCodes`, a `$([char]N)` is decoded (see
 * `LexOptions` in `powershell-lexer.ts`).
 */
export function readExpandable(
  text: string,
  from: number,
  end: number,
  quoted: boolean,
  expandCharCodes: boolean | undefined,
): { value: string; dynamic: boolean; next: number } {
  const value = SCRATCH;
  value.touch();
  let dynamic = false;
  let run = from;
  let i = from;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === BACKTICK) {
      value.addSlice(text, run, i);
      const esc = readEscape(text, i, end);
      value.add(esc.value);
      i = run = esc.next;
      continue;
    }
    if (quoted && c === DQ) {
      value.addSlice(text, run, i);
      if (text.charCodeAt(i + 1) === DQ) {
        value.addCode(DQ);
        i = run = i + 2;
        continue;
      }
      return { value: value.take() as string, dynamic, next: i + 1 };
    }
    if (c === DOLLAR) {
      const d = text.charCodeAt(i + 1);
      if (d === 0x28) {
        const group = skipNested(text, i + 2, 'group');
        const stop = Math.min(group.end, end);
        const decoded = expandCharCodes ? charCodeValue(text.slice(i, stop)) : null;
        if (decoded !== null) {
          value.addSlice(text, run, i);
          value.add(decoded);
          run = stop;
        } else {
          dynamic = true;
        }
        i = stop;
        continue;
      }
      if (d === 0x7b) {
        // ${braced name}: may hold characters that would otherwise end the string.
        const close = text.indexOf('}', i + 2);
        dynamic = true;
        i = close < 0 || close >= end ? end : close + 1;
        continue;
      }
      if (startsVariable(d)) dynamic = true;
    }
    i++;
  }
  value.addSlice(text, run, end);
  return { value: value.take() as string, dynamic, next: end };
}

/**
 * Splits the rest of a line after `--%` (PowerShell's stop-parsing token) the
 * way the native program's C runtime would: blanks separate, `"` groups and
 * is removed, `\"` is a literal quote. Simplified: other backslashes are literal.
 */
export function splitVerbatim(segment: string): string[] {
  const words: string[] = [];
  const current = new TextBuilder();
  let inQuotes = false;
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    if (c === 0x5c && segment.charCodeAt(i + 1) === DQ) {
      current.addCode(DQ);
      i++;
    } else if (c === DQ) {
      inQuotes = !inQuotes;
      current.touch();
    } else if (!inQuotes && isBlank(c)) {
      const word = current.take();
      if (word !== null) words.push(word);
    } else {
      current.addCode(c);
    }
  }
  const last = current.take();
  if (last !== null) words.push(last);
  return words;
}
