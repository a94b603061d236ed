/**
 * A small scanner of JavaScript literal syntax, for the fetch reader: it reads
 * strings (every JS escape), templates without substitutions, objects, arrays,
 * and skips any other expression as a balanced run of tokens. DevTools writes
 * "Copy as fetch" as JavaScript, not JSON, and people edit it by hand (single
 * quotes, bare keys, trailing commas, comments), so JSON.parse is not enough.
 *
 * Every character is consumed by one scan at most, so the work is linear in
 * the text's length.
 */

import { hexValue, TextBuilder } from '../chars.js';

/** The builder of every quoted string: strings never nest, so one serves them all. */
const QUOTED = new TextBuilder();

/** A JavaScript value as far as the reader needs to know it. */
export type JsValue =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'object'; readonly entries: Map<string, JsValue>; readonly lineComments: string[] }
  | { readonly kind: 'array'; readonly items: JsValue[] }
  | { readonly kind: 'other' };

const OTHER: JsValue = { kind: 'other' };

/** Thrown inside the scanner only; `readFetchRequests` catches it. */
export class ScanFailure {
  constructor(readonly at: number) {}
}

/** Nesting deeper than this is not something DevTools writes; it stops the call's parse. */
const MAX_DEPTH = 64;

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


const NUMBER_LITERAL = /^-?(?:0[xXoObB][0-9a-fA-F_]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][+-]?\d+)?)$/;

export class JsScanner {
  pos = 0;

  constructor(readonly text: string) {}

  private fail(): never {
    throw new ScanFailure(this.pos);
  }

  private code(at = this.pos): number {
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
  private peekSignificant(): number {
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
  private readEscape(): string {
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

  /** A template literal; its cooked text, or null when it has a `${…}` substitution. */
  readTemplate(depth: number): string | null {
    const { text } = this;
    this.pos++; // the backtick
    // Its own builder: a substitution may hold strings of its own.
    const out = new TextBuilder();
    out.touch();
    let chunk = this.pos;
    let substituted = false;
    while (this.pos < text.length) {
      const c = this.code();
      if (c === 0x60) {
        out.addSlice(text, chunk, this.pos);
        this.pos++;
        const cooked = out.take() as string;
        return substituted ? null : cooked;
      }
      if (c === 0x5c) {
        out.addSlice(text, chunk, this.pos);
        this.pos++;
        out.add(this.readEscape());
        chunk = this.pos;
      } else if (c === 0x24 && this.code(this.pos + 1) === 0x7b) {
        substituted = true;
        this.pos += 2;
        this.skipExpression(depth + 1);
        if (this.code() !== 0x7d) this.fail();
        this.pos++;
        chunk = this.pos;
      } else if (c === 0x0d) {
        // Templates normalise CR and CRLF to LF.
        out.addSlice(text, chunk, this.pos);
        out.addCode(0x0a);
        this.pos += this.code(this.pos + 1) === 0x0a ? 2 : 1;
        chunk = this.pos;
      } else {
        this.pos++;
      }
    }
    return this.fail();
  }

  /**
   * Skips any expression as a balanced run of tokens, up to a `,` `;` or an
   * unmatched closing bracket; returns whether it consumed anything.
   */
  skipExpression(depth: number): boolean {
    if (depth > MAX_DEPTH) this.fail();
    const { text } = this;
    const start = this.pos;
    let nesting = 0;
    while (this.pos < text.length) {
      const c = this.code();
      if (nesting === 0 && (c === 0x2c || c === 0x3b || c === 0x7d || c === 0x5d || c === 0x29)) break;
      if (c === 0x28 || c === 0x5b || c === 0x7b) {
        nesting++;
        this.pos++;
      } else if (c === 0x29 || c === 0x5d || c === 0x7d) {
        nesting--;
        this.pos++;
      } else if (c === 0x22 || c === 0x27) {
        this.readQuoted();
      } else if (c === 0x60) {
        this.readTemplate(depth);
      } else if (c === 0x2f && (this.code(this.pos + 1) === 0x2f || this.code(this.pos + 1) === 0x2a)) {
        this.skipTrivia();
      } else {
        this.pos++;
      }
    }
    if (nesting > 0) this.fail(); // an unclosed bracket: not an expression we can see the end of
    return this.pos > start;
  }

  /** Whether the value just read ends here, or goes on as a larger expression (`"a" + b`). */
  private endsValue(): boolean {
    const c = this.peekSignificant();
    return Number.isNaN(c) || c === 0x2c || c === 0x7d || c === 0x5d || c === 0x29 || c === 0x3b;
  }

  private continueExpression(value: JsValue, depth: number): JsValue {
    if (this.endsValue()) return value;
    this.skipExpression(depth);
    return OTHER;
  }

  readValue(depth: number): JsValue {
    if (depth > MAX_DEPTH) this.fail();
    this.skipTrivia();
    const c = this.code();
    if (c === 0x22 || c === 0x27) {
      return this.continueExpression({ kind: 'string', value: this.readQuoted() }, depth);
    }
    if (c === 0x60) {
      const cooked = this.readTemplate(depth);
      return this.continueExpression(cooked === null ? OTHER : { kind: 'string', value: cooked }, depth);
    }
    if (c === 0x7b) return this.continueExpression(this.readObject(depth + 1), depth);
    if (c === 0x5b) return this.continueExpression(this.readArray(depth + 1), depth);
    const start = this.pos;
    if (!this.skipExpression(depth)) this.fail();
    const raw = this.text.slice(start, this.pos).trim();
    if (raw.length <= 64 && NUMBER_LITERAL.test(raw)) return { kind: 'number', text: raw };
    return OTHER;
  }

  /** A property name; null when it is computed (`[expr]`) and so unknown. */
  private readKey(depth: number): string | null {
    const c = this.code();
    if (c === 0x22 || c === 0x27) return this.readQuoted();
    if (c === 0x5b) {
      this.pos++;
      this.skipExpression(depth);
      if (this.code() !== 0x5d) this.fail();
      this.pos++;
      return null;
    }
    const start = this.pos;
    while (this.pos < this.text.length && isIdentChar(this.code())) this.pos++;
    if (this.pos === start) this.fail();
    return this.text.slice(start, this.pos);
  }

  /** An object literal; `pos` is on `{`. Later duplicates overwrite earlier ones, as in JS. */
  readObject(depth: number): JsValue {
    const entries = new Map<string, JsValue>();
    const lineComments: string[] = [];
    this.pos++;
    while (true) {
      this.skipTrivia(lineComments);
      const c = this.code();
      if (c === 0x7d) {
        this.pos++;
        return { kind: 'object', entries, lineComments };
      }
      if (c === 0x2e && this.text.startsWith('...', this.pos)) {
        this.pos += 3;
        this.skipExpression(depth);
      } else {
        const key = this.readKey(depth);
        this.skipTrivia(lineComments);
        const next = this.code();
        if (next === 0x3a) {
          this.pos++;
          const value = this.readValue(depth);
          if (key !== null) entries.set(key, value);
        } else if (next === 0x2c || next === 0x7d) {
          if (key !== null) entries.set(key, OTHER); // shorthand `{ headers }`
        } else {
          this.fail();
        }
      }
      this.skipTrivia(lineComments);
      const after = this.code();
      if (after === 0x2c) this.pos++;
      else if (after !== 0x7d) this.fail();
    }
  }

  /** An array literal; `pos` is on `[`. */
  readArray(depth: number): JsValue {
    const items: JsValue[] = [];
    this.pos++;
    while (true) {
      this.skipTrivia();
      const c = this.code();
      if (c === 0x5d) {
        this.pos++;
        return { kind: 'array', items };
      }
      if (c === 0x2c) {
        this.pos++; // a hole
        continue;
      }
      if (c === 0x2e && this.text.startsWith('...', this.pos)) {
        this.pos += 3;
        this.skipExpression(depth);
        items.push(OTHER);
      } else {
        items.push(this.readValue(depth));
      }
      this.skipTrivia();
      const after = this.code();
      if (after === 0x2c) this.pos++;
      else if (after !== 0x5d) this.fail();
    }
  }
}
