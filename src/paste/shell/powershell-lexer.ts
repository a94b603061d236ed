/**
 * A PowerShell lexer for pasted text: splits a paste into statements and each
 * statement into words, removing PowerShell's quoting the way PowerShell does
 * for command arguments, but evaluating nothing. Variables and subexpressions
 * stay as written (we cannot know the user's session); bracketed expressions
 * (`(…)`, `@{…}`, `{…}`…) are kept whole so a reader can look inside them.
 *
 * Shared by the `curl.exe` tokenizer (`powershell.ts`) and the
 * "Copy as PowerShell" reader (`../formats/powershell-request.ts`).
 *
 * Every scan moves forward only (quoted runs are crossed with `indexOf`,
 * nesting is tracked with an explicit stack), so the lexer is linear in the
 * input and never recurses, whatever the nesting depth.
 */

import { hexValue, TextBuilder } from '../chars.js';

/** How a bracketed group opens. */
export type GroupOpen = '(' | '$(' | '@(' | '{' | '@{' | '${';

/** A run of characters of one word, PowerShell's quoting and escapes removed. */
export interface TextPart {
  readonly kind: 'text';
  readonly value: string;
  /** The run came from a quoted string (so a `-` or `=` in it is plain text). */
  readonly quoted: boolean;
  /** The run holds a `$variable` or `$(…)` that PowerShell would expand at run time. */
  readonly dynamic: boolean;
}

/** A bracketed expression, kept unevaluated. */
export interface GroupPart {
  readonly kind: 'group';
  readonly open: GroupOpen;
  /** The text between the brackets (to the end of the input when never closed). */
  readonly inner: string;
  /** The group exactly as written, brackets included. */
  readonly raw: string;
}

/** One piece of a word. */
export type WordPart = TextPart | GroupPart;

/** One word of a statement: adjacent pieces with no unquoted blank between them. */
export interface Word {
  readonly parts: readonly WordPart[];
  /** An unquoted `,` (PowerShell's array operator) came right before this word. */
  readonly afterComma: boolean;
}

/** Options of {@link lexPowerShell}. */
export interface LexOptions {
  /**
   * Decode `$([char]N)` (how Chrome and Firefox write characters outside
   * printable ASCII) to the character itself instead of keeping it as an
   * expression. The value is a constant, so decoding it guesses nothing.
   */
  readonly expandCharCodes?: boolean;
}

const BACKTICK = 0x60;
const DQ = 0x22;
const SQ = 0x27;
const DOLLAR = 0x24;
const LF = 0x0a;
const CR = 0x0d;

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

/** PowerShell counts every Unicode space separator as blank, not just ASCII ones. */
export function isBlank(code: number): boolean {
  if (code === 0x20 || code === 0x09 || code === 0x0b || code === 0x0c) return true;
  if (code < 0x80) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function isNewline(code: number): boolean {
  return code === LF || code === CR;
}

/** After `$`, these make a variable reference (expanded at run time), not a literal `$`. */
function startsVariable(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f || // _
    code === 0x3f || // ?
    code === 0x5e || // ^
    code === DOLLAR ||
    code === 0x7b || // {
    code === 0x28 || // (
    code >= 0x80
  );
}

/** Characters that end a run of plain unquoted text. */
function isBareSpecial(code: number): boolean {
  switch (code) {
    case 0x20:
    case 0x09:
    case 0x0b:
    case 0x0c:
    case LF:
    case CR:
    case 0x3b: // ;
    case 0x7c: // |
    case 0x26: // &
    case 0x2c: // ,
    case BACKTICK:
    case SQ:
    case DQ:
    case 0x40: // @
    case DOLLAR:
    case 0x28: // (
    case 0x7b: // {
      return true;
    default:
      return code >= 0x80 && isBlank(code);
  }
}

/** Index of the next CR or LF at or after `from`, or the length. */
function lineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (isNewline(text.charCodeAt(i))) return i;
  }
  return text.length;
}

/** Index just after the closing quote of a single-quoted string whose body starts at `from`. */
function skipSingleQuoted(text: string, from: number): number {
  let i = from;
  for (;;) {
    const close = text.indexOf("'", i);
    if (close < 0) return text.length;
    if (text.charCodeAt(close + 1) === SQ) {
      i = close + 2;
      continue;
    }
    return close + 1;
  }
}

/**
 * The builder of every quoted string: reused (strings are read one at a time,
 * never nested), so a paste of many short strings allocates no buffer per string.
 */
const SCRATCH = new TextBuilder();

/** Reads a single-quoted string body: `''` is a quote, nothing else is special. */
function readSingleQuoted(text: string, from: number): { value: string; next: number } {
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

/** Index just after a `<# … #>` block comment whose body starts at `from`. */
function skipBlockComment(text: string, from: number): number {
  const close = text.indexOf('#>', from);
  return close < 0 ? text.length : close + 2;
}

/**
 * When a here-string (`@"` / `@'` then only blanks to the end of the line)
 * starts at `at`, the index of the newline that ends its header line.
 */
function hereStringHeaderEnd(text: string, at: number): number {
  let i = at + 2;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF) return i + 1;
  return text.charCodeAt(i) === LF ? i : -1;
}

/** Where a here-string's body ends and what follows its `"@` / `'@` line. */
function hereStringBounds(text: string, headerNewline: number, quote: string): { bodyEnd: number; next: number } {
  const close = text.indexOf('\n' + quote + '@', headerNewline);
  if (close < 0) return { bodyEnd: text.length, next: text.length };
  if (close === headerNewline) return { bodyEnd: close, next: close + 3 };
  const bodyEnd = text.charCodeAt(close - 1) === CR ? close - 1 : close;
  return { bodyEnd: Math.max(bodyEnd, headerNewline + 1), next: close + 3 };
}

const IN_GROUP = 0;
const IN_DOUBLE = 1;

/**
 * Skips nested PowerShell text: starting inside a group (after its opening
 * bracket) or inside a double-quoted string (after its quote), returns the
 * index just after the matching close, or the length when it never closes.
 * Quotes, comments, here-strings and `$(…)` inside strings are honoured, so a
 * bracket inside a string does not count.
 */
export function skipNested(text: string, from: number, inside: 'group' | 'double'): { end: number; closed: boolean } {
  const stack: number[] = [inside === 'group' ? IN_GROUP : IN_DOUBLE];
  const n = text.length;
  let i = from;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (stack[stack.length - 1] === IN_DOUBLE) {
      if (c === BACKTICK) {
        i += 2;
      } else if (c === DQ) {
        if (text.charCodeAt(i + 1) === DQ) {
          i += 2;
          continue;
        }
        stack.pop();
        i++;
        if (stack.length === 0) return { end: i, closed: true };
      } else if (c === DOLLAR && text.charCodeAt(i + 1) === 0x28) {
        stack.push(IN_GROUP);
        i += 2;
      } else {
        i++;
      }
      continue;
    }
    switch (c) {
      case BACKTICK:
        i += 2;
        break;
      case SQ:
        i = skipSingleQuoted(text, i + 1);
        break;
      case DQ:
        stack.push(IN_DOUBLE);
        i++;
        break;
      case 0x28: // (
      case 0x7b: // {
        stack.push(IN_GROUP);
        i++;
        break;
      case 0x29: // )
      case 0x7d: // }
        stack.pop();
        i++;
        if (stack.length === 0) return { end: i, closed: true };
        break;
      case 0x23: // #
        i = startsToken(text, i) ? lineEnd(text, i) : i + 1;
        break;
      case 0x3c: // <
        i = text.charCodeAt(i + 1) === 0x23 ? skipBlockComment(text, i + 2) : i + 1;
        break;
      case 0x40: {
        // @
        const q = text.charCodeAt(i + 1);
        const header = q === DQ || q === SQ ? hereStringHeaderEnd(text, i) : -1;
        i = header < 0 ? i + 1 : hereStringBounds(text, header, q === DQ ? '"' : "'").next;
        break;
      }
      default:
        i++;
    }
  }
  return { end: n, closed: false };
}

/** A `#` starts a comment only where a new token could start. */
function startsToken(text: string, at: number): boolean {
  if (at === 0) return true;
  const p = text.charCodeAt(at - 1);
  return (
    isBlank(p) ||
    isNewline(p) ||
    p === 0x28 ||
    p === 0x7b ||
    p === 0x3b ||
    p === 0x2c ||
    p === 0x3d ||
    p === 0x7c ||
    p === 0x26
  );
}

/** Reads one backtick escape at `at` (the backtick) within `text[..end]`. */
function readEscape(text: string, at: number, end: number): { value: string; next: number } {
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
function charCodeValue(raw: string): string | null {
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
 * `"` ends the string.
 */
function readExpandable(
  text: string,
  from: number,
  end: number,
  quoted: boolean,
  options: LexOptions,
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
        const decoded = options.expandCharCodes ? charCodeValue(text.slice(i, stop)) : null;
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
function splitVerbatim(segment: string): string[] {
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

/**
 * Lexes PowerShell text into statements (split at `;`, `|`, `&&`, `||`, a
 * lone `&` and newlines outside quotes and brackets; backtick-newline
 * continues a line) and each statement into words.
 *
 * Within a word: single quotes (`''` is a quote), double quotes (backtick
 * escapes, `""` is a quote), backtick escapes outside quotes, here-strings,
 * `#` and `<# #>` comments, `--%` stop-parsing. `$var` and `$(…)` are kept
 * literally; brackets are kept as {@link GroupPart}s. A backtick followed only
 * by blanks before the newline also continues the line (PowerShell would not;
 * pasted text often gains trailing blanks). Adjacent quoted and unquoted
 * pieces make one word (`-H"x: y"` is `-Hx: y`, `"a"b` is `ab`). Unterminated
 * strings and brackets run to the end of the input. Never throws.
 */
export function lexPowerShell(text: string, options: LexOptions = {}): Word[][] {
  const n = text.length;
  const statements: Word[][] = [];
  let statement: Word[] = [];
  let parts: WordPart[] = [];
  const bare = new TextBuilder();
  let bareDynamic = false;
  let wordOpen = false;
  let afterComma = false;
  let i = 0;

  const flushBare = (): void => {
    const value = bare.take();
    if (value !== null && value !== '') parts.push({ kind: 'text', value, quoted: false, dynamic: bareDynamic });
    bareDynamic = false;
  };
  const endWord = (): void => {
    flushBare();
    if (!wordOpen) return;
    statement.push({ parts, afterComma });
    parts = [];
    wordOpen = false;
    afterComma = false;
  };
  const endStatement = (): void => {
    endWord();
    if (statement.length > 0) statements.push(statement);
    statement = [];
    afterComma = false;
  };
  const pushText = (value: string, quoted: boolean, dynamic: boolean): void => {
    flushBare();
    parts.push({ kind: 'text', value, quoted, dynamic });
    wordOpen = true;
  };
  const pushGroup = (open: GroupOpen, start: number, innerStart: number): void => {
    const group = skipNested(text, innerStart, 'group');
    const raw = text.slice(start, group.end);
    const decoded = open === '$(' && options.expandCharCodes ? charCodeValue(raw) : null;
    if (decoded !== null) {
      pushText(decoded, true, false);
    } else {
      flushBare();
      const inner = text.slice(innerStart, group.closed ? group.end - 1 : group.end);
      parts.push({ kind: 'group', open, inner, raw });
      wordOpen = true;
    }
    i = group.end;
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    if (isBlank(c)) {
      endWord();
      i++;
      continue;
    }
    if (isNewline(c) || c === 0x3b) {
      endStatement();
      i++;
      continue;
    }
    if (c === 0x7c) {
      endStatement();
      i += text.charCodeAt(i + 1) === 0x7c ? 2 : 1;
      continue;
    }
    if (c === 0x26) {
      if (text.charCodeAt(i + 1) === 0x26) {
        endStatement();
        i += 2;
        continue;
      }
      if (!wordOpen) {
        // The call operator or a background-job marker: neither is an argument.
        endStatement();
        i++;
        continue;
      }
    }
    if (c === 0x2c) {
      endWord();
      afterComma = true;
      i++;
      continue;
    }
    if (c === BACKTICK) {
      let j = i + 1;
      while (j < n && isBlank(text.charCodeAt(j))) j++;
      if (j >= n || isNewline(text.charCodeAt(j))) {
        // Line continuation: the backtick and the newline are whitespace.
        endWord();
        if (text.charCodeAt(j) === CR) j++;
        if (text.charCodeAt(j) === LF) j++;
        i = j;
        continue;
      }
      const esc = readEscape(text, i, n);
      bare.add(esc.value);
      wordOpen = true;
      i = esc.next;
      continue;
    }
    if (c === SQ) {
      const s = readSingleQuoted(text, i + 1);
      pushText(s.value, true, false);
      i = s.next;
      continue;
    }
    if (c === DQ) {
      const s = readExpandable(text, i + 1, n, true, options);
      pushText(s.value, true, s.dynamic);
      i = s.next;
      continue;
    }
    const d = text.charCodeAt(i + 1);
    if (!wordOpen) {
      if (c === 0x23) {
        i = lineEnd(text, i);
        continue;
      }
      if (c === 0x3c && d === 0x23) {
        i = skipBlockComment(text, i + 2);
        continue;
      }
      if (c === 0x40 && (d === DQ || d === SQ)) {
        const header = hereStringHeaderEnd(text, i);
        if (header >= 0) {
          const bounds = hereStringBounds(text, header, d === DQ ? '"' : "'");
          const body = text.slice(header + 1, bounds.bodyEnd);
          if (d === SQ) {
            pushText(body, true, false);
          } else {
            const s = readExpandable(body, 0, body.length, false, options);
            pushText(s.value, true, s.dynamic);
          }
          i = bounds.next;
          continue;
        }
      }
      if (c === 0x2d && text.startsWith('--%', i) && (i + 3 >= n || isBlank(text.charCodeAt(i + 3)) || isNewline(text.charCodeAt(i + 3)))) {
        let end = i + 3;
        while (end < n && !isNewline(text.charCodeAt(end)) && text.charCodeAt(end) !== 0x7c) end++;
        for (const value of splitVerbatim(text.slice(i + 3, end))) {
          statement.push({ parts: [{ kind: 'text', value, quoted: true, dynamic: false }], afterComma: false });
        }
        i = end;
        continue;
      }
    }
    if (c === 0x40 && (d === 0x7b || d === 0x28)) {
      pushGroup(d === 0x7b ? '@{' : '@(', i, i + 2);
      continue;
    }
    if (c === DOLLAR && (d === 0x28 || d === 0x7b)) {
      pushGroup(d === 0x28 ? '$(' : '${', i, i + 2);
      continue;
    }
    if (c === 0x28 || c === 0x7b) {
      pushGroup(c === 0x28 ? '(' : '{', i, i + 1);
      continue;
    }
    if (c === DOLLAR && startsVariable(d)) bareDynamic = true;
    let j = i + 1;
    while (j < n && !isBareSpecial(text.charCodeAt(j))) j++;
    bare.addSlice(text, i, j);
    wordOpen = true;
    i = j;
  }
  endStatement();
  return statements;
}

/** A word as one string: text pieces joined, groups as written. */
export function wordText(word: Word): string {
  if (word.parts.length === 1) {
    const only = word.parts[0] as WordPart;
    return only.kind === 'text' ? only.value : only.raw;
  }
  return word.parts.map((part) => (part.kind === 'text' ? part.value : part.raw)).join('');
}
