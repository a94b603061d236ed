/**
 * The forward-only skips of the PowerShell lexer: crossing a single-quoted
 * string, a block comment, a here-string or a whole bracketed group without
 * decoding it. The lexer keeps groups unevaluated and the string decoder must
 * step over `$(…)`, so both need to find where a construct ends; each skip
 * moves forward only (quoted runs are crossed with `indexOf`, nesting is an
 * explicit stack), so it is linear and never recurses.
 */

import { BACKTICK, CR, DOLLAR, DQ, isBlank, LF, lineEnd, SQ, startsToken } from './powershell-chars.js';

/** Index just after the closing quote of a single-quoted string whose body starts at `from`. */
export function skipSingleQuoted(text: string, from: number): number {
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

/** Index just after a `<# … #>` block comment whose body starts at `from`. */
export function skipBlockComment(text: string, from: number): number {
  const close = text.indexOf('#>', from);
  return close < 0 ? text.length : close + 2;
}

/**
 * When a here-string (`@"` / `@'` then only blanks to the end of the line)
 * starts at `at`, the index of the newline that ends its header line.
 */
export function hereStringHeaderEnd(text: string, at: number): number {
  let i = at + 2;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF) return i + 1;
  return text.charCodeAt(i) === LF ? i : -1;
}

/** Where a here-string's body ends and what follows its `"@` / `'@` line. */
export function hereStringBounds(text: string, headerNewline: number, quote: string): { bodyEnd: number; next: number } {
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
