/**
 * A Lua 5.4 lexer that also knows SharpLua's extra operators (`+= -= *= /=
 * %= ^= ..=`, `!=`, `!`), for the rewrite pass. It only finds token
 * boundaries: whitespace and comments stay in the gaps between tokens, so the
 * rewrite can copy them verbatim and keep every line where it was. One pass,
 * no regular expressions over the script.
 */
import { ScriptError } from '../script-limits.js';

/** A token's kind: keywords are names the parser recognises by text. */
export type TokenKind = 'name' | 'number' | 'string' | 'op' | 'eof';

/** One token: `[start, end)` in the source, and the line it starts on (1-based). */
export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly line: number;
}

/** A script that does not lex or parse, with the line Lua would name. */
export class LuaSyntaxError extends ScriptError {
  declare readonly line: number;

  constructor(message: string, line: number) {
    super(message, line);
    this.name = 'LuaSyntaxError';
  }
}

// Longest first within each leading character, so `..=` wins over `..` and `.`.
const OPERATORS = [
  '...', '..=', '..', '==', '~=', '!=', '<=', '>=', '<<', '>>', '//', '::',
  '+=', '-=', '*=', '/=', '%=', '^=',
  '+', '-', '*', '/', '%', '^', '#', '&', '~', '|', '<', '>', '=',
  '(', ')', '{', '}', '[', ']', ';', ':', ',', '.', '!',
];
const OPERATORS_BY_CHAR = new Map<string, string[]>();
for (const op of OPERATORS) {
  const list = OPERATORS_BY_CHAR.get(op[0]!) ?? [];
  list.push(op);
  OPERATORS_BY_CHAR.set(op[0]!, list);
}

function is_name_start(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
function is_digit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function is_name_char(c: number): boolean {
  return is_name_start(c) || is_digit(c);
}
function is_hex_digit(c: number): boolean {
  return is_digit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}
function is_space(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** Splits `source` into tokens, ending with one `eof` token. */
export function lex(source: string): Token[] {
  const tokens: Token[] = [];
  const n = source.length;
  let i = 0;
  let line = 1;

  // Lua counts `\r\n` and `\n\r` as one line break.
  const newline_at = (at: number): number => {
    const c = source.charCodeAt(at);
    const d = source.charCodeAt(at + 1);
    line += 1;
    return (d === 10 || d === 13) && d !== c ? at + 2 : at + 1;
  };

  // `[` then `=`* then `[`: the level, or -1 when this is not a long bracket.
  const long_bracket_level = (at: number): number => {
    let j = at + 1;
    while (source.charCodeAt(j) === 61) j += 1;
    return source.charCodeAt(j) === 91 ? j - at - 1 : -1;
  };

  // Skips a long bracket body opened at `at` with `level`; returns the index after it.
  const skip_long = (at: number, level: number, what: string): number => {
    const open_line = line;
    let j = at + level + 2;
    while (j < n) {
      const c = source.charCodeAt(j);
      if (c === 93) {
        let k = j + 1;
        while (source.charCodeAt(k) === 61) k += 1;
        if (k - j - 1 === level && source.charCodeAt(k) === 93) return k + 1;
        j = k;
      } else if (c === 10 || c === 13) {
        j = newline_at(j);
      } else {
        j += 1;
      }
    }
    throw new LuaSyntaxError(`unfinished long ${what} (starting at line ${open_line}) near '<eof>'`, line);
  };

  while (i < n) {
    const c = source.charCodeAt(i);
    if (c === 10 || c === 13) {
      i = newline_at(i);
      continue;
    }
    if (is_space(c)) {
      i += 1;
      continue;
    }
    if (c === 45 && source.charCodeAt(i + 1) === 45) {
      if (source.charCodeAt(i + 2) === 91) {
        const level = long_bracket_level(i + 2);
        if (level >= 0) {
          i = skip_long(i + 2, level, 'comment');
          continue;
        }
      }
      while (i < n && source.charCodeAt(i) !== 10 && source.charCodeAt(i) !== 13) i += 1;
      continue;
    }
    const start = i;
    const start_line = line;
    if (is_name_start(c)) {
      while (i < n && is_name_char(source.charCodeAt(i))) i += 1;
      tokens.push({ kind: 'name', text: source.slice(start, i), start, end: i, line: start_line });
      continue;
    }
    if (is_digit(c) || (c === 46 && is_digit(source.charCodeAt(i + 1)))) {
      i = skip_number(source, i);
      tokens.push({ kind: 'number', text: source.slice(start, i), start, end: i, line: start_line });
      continue;
    }
    if (c === 34 || c === 39) {
      i += 1;
      for (;;) {
        if (i >= n) throw new LuaSyntaxError("unfinished string near '<eof>'", line);
        const d = source.charCodeAt(i);
        if (d === c) {
          i += 1;
          break;
        }
        if (d === 10 || d === 13) throw new LuaSyntaxError(`unfinished string near '${source.slice(start, i)}'`, line);
        if (d === 92) {
          const e = source.charCodeAt(i + 1);
          if (e === 10 || e === 13) i = newline_at(i + 1);
          else if (e === 122) {
            // `\z` skips the following whitespace, line breaks included.
            i += 2;
            while (i < n && is_space(source.charCodeAt(i))) {
              const s = source.charCodeAt(i);
              i = s === 10 || s === 13 ? newline_at(i) : i + 1;
            }
          } else i += 2;
          continue;
        }
        i += 1;
      }
      tokens.push({ kind: 'string', text: source.slice(start, i), start, end: i, line: start_line });
      continue;
    }
    if (c === 91) {
      const level = long_bracket_level(i);
      if (level >= 0) {
        i = skip_long(i, level, 'string');
        tokens.push({ kind: 'string', text: source.slice(start, i), start, end: i, line: start_line });
        continue;
      }
    }
    const candidates = OPERATORS_BY_CHAR.get(source[i]!);
    const op = candidates?.find((o) => source.startsWith(o, i));
    if (op === undefined) {
      throw new LuaSyntaxError(`unexpected symbol near '${source[i] ?? ''}'`, line);
    }
    i += op.length;
    tokens.push({ kind: 'op', text: op, start, end: i, line: start_line });
  }
  tokens.push({ kind: 'eof', text: '<eof>', start: n, end: n, line });
  return tokens;
}

// As Lua's read_numeral: hex digits, dots and signed exponents, then any
// trailing letters, so a malformed number is one token Lua itself rejects.
function skip_number(source: string, at: number): number {
  let i = at;
  const hex = source.charCodeAt(i) === 48 && (source.charCodeAt(i + 1) | 32) === 120;
  if (hex) i += 2;
  const exponent = hex ? 112 : 101;
  for (;;) {
    const c = source.charCodeAt(i);
    if ((c | 32) === exponent) {
      i += 1;
      const s = source.charCodeAt(i);
      if (s === 43 || s === 45) i += 1;
    } else if (is_hex_digit(c) || c === 46) {
      i += 1;
    } else break;
  }
  while (i < source.length && is_name_char(source.charCodeAt(i))) i += 1;
  return i;
}

/** True when `c` (a char code) can be part of a name or number: a token glued to it needs a space. */
export function is_word_char(c: number): boolean {
  return is_name_char(c);
}
