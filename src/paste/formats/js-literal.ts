/**
 * A small scanner of JavaScript literal syntax, for the fetch reader: it reads
 * strings (every JS escape), templates without substitutions, objects, arrays,
 * and skips any other expression as a balanced run of tokens. DevTools writes
 * "Copy as fetch" as JavaScript, not JSON, and people edit it by hand (single
 * quotes, bare keys, trailing commas, comments), so JSON.parse is not enough.
 *
 * Every character is consumed by one scan at most, so the work is linear in
 * the text's length.
 *
 * This file is the walk over values; whitespace, comments and string
 * decoding are `js-lexical.ts`, which the scanner extends.
 */

import { TextBuilder } from '../chars.js';
import { isIdentChar, JsLexer } from './js-lexical.js';

// Once exported from here; kept so the fetch reader need not know how the scanner is split.
export { isIdentChar, isJsWhitespace, ScanFailure } from './js-lexical.js';

/** A JavaScript value as far as the reader needs to know it. */
export type JsValue =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'object'; readonly entries: Map<string, JsValue>; readonly lineComments: string[] }
  | { readonly kind: 'array'; readonly items: JsValue[] }
  | { readonly kind: 'other' };

const OTHER: JsValue = { kind: 'other' };

/** Nesting deeper than this is not something DevTools writes; it stops the call's parse. */
const MAX_DEPTH = 64;

const NUMBER_LITERAL = /^-?(?:0[xXoObB][0-9a-fA-F_]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][+-]?\d+)?)$/;

/** Objects, arrays, templates and skipped expressions, over the strings and trivia of {@link JsLexer}. */
export class JsScanner extends JsLexer {
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
