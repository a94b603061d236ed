/**
 * The character classes of PowerShell's tokenizer that the lexer and its
 * scanners share: what is blank, what ends a line, what starts a variable,
 * what ends a bare word, and where a `#` may open a comment. Kept apart so the
 * skipping scans (`powershell-skip.ts`) and the string decoders
 * (`powershell-strings.ts`) classify characters exactly as the token loop does.
 */

export const BACKTICK = 0x60;
export const DQ = 0x22;
export const SQ = 0x27;
export const DOLLAR = 0x24;
export const LF = 0x0a;
export const CR = 0x0d;

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

export function isNewline(code: number): boolean {
  return code === LF || code === CR;
}

/** After `$`, these make a variable reference (expanded at run time), not a literal `$`. */
export function startsVariable(code: number): boolean {
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
export function isBareSpecial(code: number): boolean {
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
export function lineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (isNewline(text.charCodeAt(i))) return i;
  }
  return text.length;
}

/** A `#` starts a comment only where a new token could start. */
export function startsToken(text: string, at: number): boolean {
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
