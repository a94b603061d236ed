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
 * This file is the token loop; character classes, the skipping scans and the
 * string decoders live beside it (`powershell-chars.ts`, `powershell-skip.ts`,
 * `powershell-strings.ts`). Every scan moves forward only (quoted runs are
 * crossed with `indexOf`, nesting is tracked with an explicit stack), so the
 * lexer is linear in the input and never recurses, whatever the nesting depth.
 */

import { TextBuilder } from '../chars.js';
import { BACKTICK, CR, DOLLAR, DQ, isBareSpecial, isBlank, isNewline, LF, lineEnd, SQ, startsVariable } from './powershell-chars.js';
import { hereStringBounds, hereStringHeaderEnd, skipBlockComment, skipNested } from './powershell-skip.js';
import { charCodeValue, readEscape, readExpandable, readSingleQuoted, splitVerbatim } from './powershell-strings.js';

// Once exported from here; kept so importers of the lexer need not know how it is split.
export { isBlank } from './powershell-chars.js';
export { skipNested } from './powershell-skip.js';

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
      const s = readExpandable(text, i + 1, n, true, options.expandCharCodes);
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
            const s = readExpandable(body, 0, body.length, false, options.expandCharCodes);
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
