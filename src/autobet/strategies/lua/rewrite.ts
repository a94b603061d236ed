/**
 * SharpLua's dialect to Lua 5.4, token by token, keeping every line where it
 * was (so Lua's error lines are the script's lines):
 *
 * - `lhs op= rhs` (`+= -= *= /= %= ^= ..=`) → `lhs = lhs op (rhs)`; the target
 *   is copied, so an index with side effects (`t[f()] += 1`) is evaluated twice,
 *   as a textual rewrite does in SharpLua too.
 * - `!=` → `~=`, and `!x` → `not x`.
 * - Each operand of `..` goes through `__stakeql_s()`, which prints an integral
 *   float as Lua 5.1 did (`"x" .. 10/2` is `x5`, not `x5.0`); strings and
 *   tables pass through unchanged, so `__concat` metamethods still apply.
 *
 * The lexer (lexer.ts) finds the tokens, the parser (parser.ts) finds the
 * operands, the emitter (emitter.ts) prints the result. Strings and comments
 * are never touched.
 */
import { Emitter } from './emitter.js';
import { lex } from './lexer.js';
import { parse_chunk } from './parser.js';

/**
 * Rewrites SharpLua's syntax in `source` to Lua 5.4.
 * @throws LuaSyntaxError naming the line when the script does not parse.
 */
export function rewrite_sharplua(source: string): string {
  const tokens = lex(source);
  const emitter = new Emitter(tokens, source);
  parse_chunk(tokens, emitter);
  return emitter.text();
}
