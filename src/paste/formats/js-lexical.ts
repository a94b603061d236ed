/**
 * The character level of the JavaScript literal scanner (`js-literal.ts`):
 * whitespace and comments, and the decoding of quoted strings with every JS
 * escape. Kept apart from the walk over objects, arrays and expressions so
 * each can be read on its own; the scanner extends this class and shares its
 * position, so every character is still consumed by one scan at most.
 */

import { hexValue, TextBuilder } from '../chars.js';

/** The builder of every quoted string: strings never nest, so one serves them all. */
const QUOTED = new TextBuilder();

/** Thrown inside the scanner only; `readFetchRequests` catches it. */
export class ScanFailure {
  constructor(readonly at: number) {}
}

function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

export function isJsWhitespace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0xfeff ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

export function isIdentChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x24 || // $
    code === 0x5f // _
  );
}

/** Position, trivia and strings: what every part of the JS literal scanner reads first. */
export class JsLexer {
  pos = 0;

  constructor(readonly text: string) {}

  protected fail(): never {
    throw new ScanFailure(this.pos);
  }

  protected code(at = this.pos): number {
    return this.text.charCodeAt(at); // NaN past the end, which matches nothing below
  }

  /** Skips whitespace and comments; the text of each `//` comment goes to `lineComments` when given. */
  skipTrivia(lineComments: string[] | null = null): void {
    const { text } = this;
    while (this.pos < text.length) {
      const c = this.code();
      if (isJsWhitespace(c)) {
        this.pos++;
      } else if (c === 0x2f && this.code(this.pos + 1) === 0x2f) {
        const start = this.pos + 2;
        let end = start;
        while (end < text.length && !isLineTerminator(text.charCodeAt(end))) end++;
        lineComments?.push(text.slice(start, end));
        this.pos = end;
      } else if (c === 0x2f && this.code(this.pos + 1) === 0x2a) {
        const end = text.indexOf('*/', this.pos + 2);
        this.pos = end < 0 ? text.length : end + 2;
      } else {
        return;
      }
    }
  }

  /** The next significant character without consuming anything (comments stay for the caller to collect). */
  protected peekSignificant(): number {
    const saved = this.pos;
    this.skipTrivia();
    const c = this.code();
    this.pos = saved;
    return c;
  }

  expect(code: number): void {
    this.skipTrivia();
    if (this.code() !== code) this.fail();
    this.pos++;
  }

  /** A '…' or "…" string; `pos` is on the opening quote. */
  readQuoted(): string {
    const { text } = this;
    const quote = this.code();
    this.pos++;
    const out = QUOTED;
    out.take();
    out.touch();
    let chunk = this.pos;
    while (this.pos < text.length) {
      const c = this.code();
      if (c === quote) {
        out.addSlice(text, chunk, this.pos);
        this.pos++;
        return out.take() as string;
      }
      if (c === 0x5c) {
        out.addSlice(text, chunk, this.pos);
        this.pos++;
        out.add(this.readEscape());
        chunk = this.pos;
      } else if (c === 0x0a || c === 0x0d) {
        this.fail(); // a JS string never spans a raw line break
      } else {
        this.pos++;
      }
    }
    return this.fail();
  }

  /** One escape sequence; `pos` is just past the backslash. */
  protected readEscape(): string {
    const { text } = this;
    if (this.pos >= text.length) this.fail();
    const c = this.code();
    const ch = text[this.pos] as string;
    this.pos++;
    switch (ch) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      case '\r':
        if (this.code() === 0x0a) this.pos++;
        return ''; // line continuation
      case '\n':
      case '\u2028':
      case '\u2029':
        return '';
      case 'x': {
        const hi = hexValue(this.code());
        const lo = hexValue(this.code(this.pos + 1));
        if (hi < 0 || lo < 0) return 'x'; // invalid in JS; keep the letter rather than give up
        this.pos += 2;
        return String.fromCharCode(hi * 16 + lo);
      }
      case 'u':
        return this.readUnicodeEscape();
      default:
        break;
    }
    if (c >= 0x30 && c <= 0x37) {
      // Legacy octal escapes (sloppy mode): up to three digits, value at most 0o377.
      let value = c - 0x30;
      const maxDigits = c <= 0x33 ? 3 : 2;
      for (let digits = 1; digits < maxDigits; digits++) {
        const next = this.code();
        if (!(next >= 0x30 && next <= 0x37)) break;
        value = value * 8 + (next - 0x30);
        this.pos++;
      }
      return String.fromCharCode(value);
    }
    return ch; // \" \' \\ and every other character stand for themselves
  }

  private readUnicodeEscape(): string {
    if (this.code() === 0x7b) {
      let value = 0;
      let at = this.pos + 1;
      while (at < this.text.length && hexValue(this.code(at)) >= 0 && value <= 0x10ffff) {
        value = value * 16 + hexValue(this.code(at));
        at++;
      }
      if (at === this.pos + 1 || this.code(at) !== 0x7d || value > 0x10ffff) return 'u';
      this.pos = at + 1;
      return String.fromCodePoint(value);
    }
    let value = 0;
    for (let i = 0; i < 4; i++) {
      const digit = hexValue(this.code(this.pos + i));
      if (digit < 0) return 'u';
      value = value * 16 + digit;
    }
    this.pos += 4;
    return String.fromCharCode(value);
  }
}
