/**
 * A recursive-descent parser of Lua 5.4's grammar (as lparser.c) that also
 * takes SharpLua's operators, for the rewrite: it checks the script's syntax
 * and tells the emitter (emitter.ts) where each `op=`, `!`, `!=` and `..`
 * operand stands. Linear in the number of tokens; it never backtracks.
 */
import type { Emitter } from './emitter.js';
import { LuaSyntaxError, type Token } from './lexer.js';

const MAX_DEPTH = 200;

// Left and right priorities of the binary operators, as lparser.c's `priority`.
const BINARY_OPS = new Map<string, readonly [number, number]>([
  ['+', [10, 10]], ['-', [10, 10]], ['*', [11, 11]], ['%', [11, 11]], ['^', [14, 13]], ['/', [11, 11]], ['//', [11, 11]],
  ['&', [6, 6]], ['|', [4, 4]], ['~', [5, 5]], ['<<', [7, 7]], ['>>', [7, 7]], ['..', [9, 8]],
  ['==', [3, 3]], ['<', [3, 3]], ['<=', [3, 3]], ['~=', [3, 3]], ['!=', [3, 3]], ['>', [3, 3]], ['>=', [3, 3]],
]);
const BINARY_WORDS = new Map<string, readonly [number, number]>([['and', [2, 2]], ['or', [1, 1]]]);
const UNARY_PRIORITY = 12;
const COMPOUND = new Set(['+=', '-=', '*=', '/=', '%=', '^=', '..=']);
const BLOCK_END = new Set(['else', 'elseif', 'end', 'until']);

/**
 * Parses a whole chunk of `tokens` (as lex() made them), telling `emitter` each SharpLua edit.
 * @throws LuaSyntaxError naming the line when the tokens do not parse.
 */
export function parse_chunk(tokens: readonly Token[], emitter: Emitter): void {
  new Parser(tokens, emitter).chunk();
}

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly emitter: Emitter,
  ) {}

  chunk(): void {
    this.block();
    this.expect('<eof>');
  }

  private get token(): Token {
    return this.tokens[this.pos]!;
  }

  private peek_text(offset: number): string {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)]!.text;
  }

  private is(text: string): boolean {
    const t = this.token;
    return t.kind !== 'string' && t.kind !== 'number' && t.text === text;
  }

  private accept(text: string): boolean {
    if (!this.is(text)) return false;
    this.pos += 1;
    return true;
  }

  private fail(message: string): never {
    throw new LuaSyntaxError(`${message} near '${this.token.text}'`, this.token.line);
  }

  private expect(text: string, opened?: { what: string; line: number }): void {
    if (this.accept(text)) return;
    if (opened !== undefined && opened.line !== this.token.line) {
      this.fail(`'${text}' expected (to close '${opened.what}' at line ${opened.line})`);
    }
    this.fail(`'${text}' expected`);
  }

  private name(): void {
    if (this.token.kind !== 'name' || KEYWORDS.has(this.token.text)) this.fail('<name> expected');
    this.pos += 1;
  }

  private enter(): void {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) this.fail('chunk has too many syntax levels');
  }

  private block(): void {
    this.enter();
    while (!this.block_follows()) {
      if (this.is('return')) {
        this.pos += 1;
        if (!this.block_follows() && !this.is(';')) this.expression_list();
        this.accept(';');
        break;
      }
      this.statement();
    }
    this.depth -= 1;
  }

  // A block and the `end` that closes the statement opened at `line`.
  private block_end(what: string, line: number): void {
    this.block();
    this.expect('end', { what, line });
  }

  private block_follows(): boolean {
    return this.token.kind === 'eof' || (this.token.kind === 'name' && BLOCK_END.has(this.token.text));
  }

  private statement(): void {
    const t = this.token;
    const line = t.line;
    if (t.kind === 'op' && t.text === ';') {
      this.pos += 1;
      return;
    }
    if (t.kind === 'op' && t.text === '::') {
      this.pos += 1;
      this.name();
      this.expect('::');
      return;
    }
    if (t.kind !== 'name') {
      this.expression_statement();
      return;
    }
    switch (t.text) {
      case 'if':
        this.pos += 1;
        this.expression();
        this.expect('then');
        this.block();
        while (this.is('elseif')) {
          this.pos += 1;
          this.expression();
          this.expect('then');
          this.block();
        }
        if (this.accept('else')) this.block();
        this.expect('end', { what: 'if', line });
        return;
      case 'while':
        this.pos += 1;
        this.expression();
        this.expect('do');
        this.block_end('while', line);
        return;
      case 'do':
        this.pos += 1;
        this.block_end('do', line);
        return;
      case 'for':
        this.pos += 1;
        this.name();
        if (this.accept('=')) {
          this.expression();
          this.expect(',');
          this.expression();
          if (this.accept(',')) this.expression();
        } else {
          while (this.accept(',')) this.name();
          this.expect('in');
          this.expression_list();
        }
        this.expect('do');
        this.block_end('for', line);
        return;
      case 'repeat':
        this.pos += 1;
        this.block();
        this.expect('until', { what: 'repeat', line });
        this.expression();
        return;
      case 'function':
        this.pos += 1;
        this.name();
        while (this.accept('.')) this.name();
        if (this.accept(':')) this.name();
        this.function_body(line);
        return;
      case 'local':
        this.pos += 1;
        if (this.accept('function')) {
          this.name();
          this.function_body(line);
          return;
        }
        do {
          this.name();
          if (this.accept('<')) {
            this.name();
            this.expect('>');
          }
        } while (this.accept(','));
        if (this.accept('=')) this.expression_list();
        return;
      case 'break':
        this.pos += 1;
        return;
      case 'goto':
        this.pos += 1;
        this.name();
        return;
      default:
        this.expression_statement();
    }
  }

  private expression_statement(): void {
    const first = this.pos;
    this.suffixed_expression();
    const t = this.token;
    if (t.kind === 'op' && COMPOUND.has(t.text)) {
      this.compound_assignment(first, this.pos - 1);
      return;
    }
    if (this.is('=') || this.is(',')) {
      while (this.accept(',')) this.suffixed_expression();
      this.expect('=');
      this.expression_list();
    }
  }

  private compound_assignment(target_first: number, target_last: number): void {
    const op_index = this.pos;
    this.pos += 1;
    const value_first = this.pos;
    this.expression();
    const value_last = this.pos - 1;
    if (value_last < value_first) this.fail('unexpected symbol');
    this.emitter.compound(op_index, target_first, target_last, value_last);
  }

  private function_body(line: number): void {
    this.expect('(');
    if (!this.is(')')) {
      do {
        if (this.accept('...')) break;
        this.name();
      } while (this.accept(','));
    }
    this.expect(')');
    this.block_end('function', line);
  }

  private expression_list(): void {
    this.expression();
    while (this.accept(',')) this.expression();
  }

  private expression(): void {
    this.subexpression(0);
  }

  private subexpression(limit: number): void {
    this.enter();
    const first = this.pos;
    const t = this.token;
    const unary = t.kind === 'op' ? t.text === '-' || t.text === '#' || t.text === '~' || t.text === '!' : t.kind === 'name' && t.text === 'not';
    if (unary) {
      if (t.text === '!') this.emitter.not(this.pos);
      this.pos += 1;
      this.subexpression(UNARY_PRIORITY);
    } else {
      this.simple_expression();
    }
    for (;;) {
      const op = this.token;
      const priority = op.kind === 'op' ? BINARY_OPS.get(op.text) : op.kind === 'name' ? BINARY_WORDS.get(op.text) : undefined;
      if (priority === undefined || priority[0] <= limit) break;
      const left_last = this.pos - 1;
      const op_index = this.pos;
      this.pos += 1;
      const right_first = this.pos;
      this.subexpression(priority[1]);
      if (op.text === '!=') this.emitter.not_equal(op_index);
      if (op.text === '..') this.emitter.concat(first, left_last, right_first, this.pos - 1);
    }
    this.depth -= 1;
  }

  private simple_expression(): void {
    const t = this.token;
    if (t.kind === 'number' || t.kind === 'string') {
      this.pos += 1;
      return;
    }
    if (t.kind === 'name' && (t.text === 'nil' || t.text === 'true' || t.text === 'false')) {
      this.pos += 1;
      return;
    }
    if (t.kind === 'op' && t.text === '...') {
      this.pos += 1;
      return;
    }
    if (t.kind === 'op' && t.text === '{') {
      this.constructor_();
      return;
    }
    if (t.kind === 'name' && t.text === 'function') {
      this.pos += 1;
      this.function_body(t.line);
      return;
    }
    this.suffixed_expression();
  }

  private primary_expression(): void {
    const t = this.token;
    if (t.kind === 'op' && t.text === '(') {
      this.pos += 1;
      this.expression();
      this.expect(')', { what: '(', line: t.line });
      return;
    }
    if (t.kind === 'name' && !KEYWORDS.has(t.text)) {
      this.pos += 1;
      return;
    }
    this.fail('unexpected symbol');
  }

  private suffixed_expression(): void {
    this.enter();
    this.primary_expression();
    for (;;) {
      const t = this.token;
      if (t.kind === 'string') {
        this.pos += 1;
      } else if (t.kind !== 'op') {
        break;
      } else if (t.text === '.') {
        this.pos += 1;
        this.name();
      } else if (t.text === '[') {
        this.pos += 1;
        this.expression();
        this.expect(']');
      } else if (t.text === ':') {
        this.pos += 1;
        this.name();
        this.call_arguments();
      } else if (t.text === '(' || t.text === '{') {
        this.call_arguments();
      } else break;
    }
    this.depth -= 1;
  }

  private call_arguments(): void {
    const t = this.token;
    if (t.kind === 'string') {
      this.pos += 1;
    } else if (this.is('{')) {
      this.constructor_();
    } else if (this.is('(')) {
      this.pos += 1;
      if (!this.is(')')) this.expression_list();
      this.expect(')', { what: '(', line: t.line });
    } else {
      this.fail('function arguments expected');
    }
  }

  private constructor_(): void {
    const line = this.token.line;
    this.expect('{');
    while (!this.is('}')) {
      if (this.is('[')) {
        this.pos += 1;
        this.expression();
        this.expect(']');
        this.expect('=');
        this.expression();
      } else if (this.token.kind === 'name' && this.peek_text(1) === '=' && this.tokens[this.pos + 1]!.kind === 'op') {
        this.pos += 2;
        this.expression();
      } else {
        this.expression();
      }
      if (!this.accept(',') && !this.accept(';')) break;
    }
    this.expect('}', { what: '{', line });
  }
}

const KEYWORDS = new Set([
  'and', 'break', 'do', 'else', 'elseif', 'end', 'false', 'for', 'function', 'goto', 'if', 'in',
  'local', 'nil', 'not', 'or', 'repeat', 'return', 'then', 'true', 'until', 'while',
]);
