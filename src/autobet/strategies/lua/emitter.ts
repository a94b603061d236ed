/**
 * The text side of the SharpLua rewrite: the parser (parser.ts) tells it
 * which tokens to change, and it prints the tokens back with the source's own
 * gaps (whitespace, comments, line breaks) between them, so every line stays
 * where it was.
 */
import { LuaSyntaxError, is_word_char, type Token } from './lexer.js';

/** The function the concatenation rewrite wraps operands in (defined by the prelude). */
export const CONCAT_HELPER = '__stakeql_s';

/** The edits of one script's tokens, and the text they make. */
export class Emitter {
  /** `__stakeql_s(` to open before token i. */
  private readonly opens: Uint32Array;
  /** `)` to close after token i. */
  private readonly closes: Uint32Array;
  /**
   * 1: a `;` after token i's closes. A statement that now ends in `)` would
   * take a next statement starting with `(` as call arguments (`a = (1)\n(f)()`).
   */
  private readonly semicolons: Uint8Array;
  /** Replacement text of token i. */
  private readonly replace = new Map<number, string | (() => string)>();

  constructor(
    private readonly tokens: readonly Token[],
    private readonly source: string,
  ) {
    this.opens = new Uint32Array(tokens.length);
    this.closes = new Uint32Array(tokens.length);
    this.semicolons = new Uint8Array(tokens.length);
  }

  /** `!` (token i) as `not`, spaced off a word it is glued to. */
  not(i: number): void {
    const start = this.tokens[i]!.start;
    const before = start > 0 ? this.source.charCodeAt(start - 1) : 32;
    this.replace.set(i, is_word_char(before) ? ' not ' : 'not ');
  }

  /** `!=` (token i) as `~=`. */
  not_equal(i: number): void {
    this.replace.set(i, '~=');
  }

  /** Each operand of a `..` (tokens first..left_last and right_first..right_last) through {@link CONCAT_HELPER}. */
  concat(first: number, left_last: number, right_first: number, right_last: number): void {
    this.opens[first]! += 1;
    this.closes[left_last]! += 1;
    this.opens[right_first]! += 1;
    this.closes[right_last]! += 1;
    // After an expression only a new statement can start with `(`.
    const next = this.tokens[right_last + 1];
    if (next !== undefined && next.kind === 'op' && next.text === '(') this.semicolons[right_last] = 1;
  }

  /**
   * `target op= value` (the operator is token op_index, the value ends at
   * value_last) as `target = target op (value);`, the target copied.
   */
  compound(op_index: number, target_first: number, target_last: number, value_last: number): void {
    const op = this.tokens[op_index]!.text.slice(0, -1);
    const target = (): string => this.render(target_first, target_last, true);
    this.replace.set(op_index, op === '..'
      ? () => `= ${CONCAT_HELPER}(${target()}) .. ${CONCAT_HELPER}(`
      : () => `= ${target()} ${op} (`);
    this.closes[value_last]! += 1;
    this.semicolons[value_last] = 1;
  }

  /** The source with the edits made; the source itself when there are none. */
  text(): string {
    if (this.replace.size === 0 && !this.opens.some((v) => v > 0)) return this.source;
    return this.render(0, this.tokens.length - 1, false);
  }

  // Renders tokens first..last with their edits. `inline` (a copied assignment
  // target) joins tokens with single spaces instead of the source's gaps, so
  // no line break or comment is duplicated.
  private render(first: number, last: number, inline: boolean): string {
    const { tokens, source } = this;
    const parts: string[] = [];
    for (let i = first; i <= last; i += 1) {
      const token = tokens[i]!;
      if (i > first) {
        const gap = source.slice(tokens[i - 1]!.end, token.start);
        parts.push(inline ? (gap === '' ? '' : ' ') : gap);
      } else if (!inline) {
        parts.push(source.slice(0, token.start));
      }
      for (let k = this.opens[i]!; k > 0; k -= 1) parts.push(`${CONCAT_HELPER}(`);
      const replacement = this.replace.get(i);
      if (token.kind === 'eof') {
        // Nothing to print: the gap before it (trailing comments) is already out.
      } else if (replacement === undefined) {
        if (inline && (token.text.includes('\n') || token.text.includes('\r'))) {
          throw new LuaSyntaxError('the target of a compound assignment must fit on one line', token.line);
        }
        parts.push(token.text);
      } else {
        parts.push(typeof replacement === 'string' ? replacement : replacement());
      }
      for (let k = this.closes[i]!; k > 0; k -= 1) parts.push(')');
      if (this.semicolons[i] === 1) parts.push(';');
    }
    return parts.join('');
  }
}
