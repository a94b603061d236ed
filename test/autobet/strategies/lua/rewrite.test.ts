/**
 * The SharpLua rewrite pass, text in and text out: what it changes, what it
 * must leave alone (strings, comments, valid Lua), and that every line stays
 * where it was.
 */
import { describe, expect, test } from 'vitest';
import { LuaSyntaxError, rewrite_sharplua } from '../../../../src/autobet/strategies/lua/index.js';

describe('SharpLua to Lua 5.4', () => {
  test.each([
    ['a += 1', 'a = a + ( 1);'],
    ['a += 1\n(f)()', 'a = a + ( 1);\n(f)()'],
    ['x = a .. "s"\n(f)()', 'x = __stakeql_s(a) .. __stakeql_s("s");\n(f)()'],
    ['a -= b * 2', 'a = a - ( b * 2);'],
    ['t.x *= 2 + c', 't.x = t.x * ( 2 + c);'],
    ['t[i] /= 2', 't[i] = t[i] / ( 2);'],
    ['n %= 3', 'n = n % ( 3);'],
    ['p ^= 2', 'p = p ^ ( 2);'],
    ['a.b[c].d += f(x)', 'a.b[c].d = a.b[c].d + ( f(x));'],
    ['t[ i ] += 1', 't[ i ] = t[ i ] + ( 1);'],
    ['s ..= "x"', 's = __stakeql_s(s) .. __stakeql_s( "x");'],
    ['x = a != b', 'x = a ~= b'],
    ['bethigh = !bethigh', 'bethigh = not bethigh'],
    ['if !win then end', 'if not win then end'],
    ['return!x', 'return not x'],
    ['x = !!y', 'x = not not y'],
    ['x = !(a != b)', 'x = not (a ~= b)'],
    ['x = a .. b', 'x = __stakeql_s(a) .. __stakeql_s(b)'],
    ['x = a + 1 .. b', 'x = __stakeql_s(a + 1) .. __stakeql_s(b)'],
    ['x = -a .. f(b)', 'x = __stakeql_s(-a) .. __stakeql_s(f(b))'],
    ['x = a .. b .. c', 'x = __stakeql_s(a) .. __stakeql_s(__stakeql_s(b) .. __stakeql_s(c))'],
    ['x = y == a .. b', 'x = y == __stakeql_s(a) .. __stakeql_s(b)'],
    ['a += 1 b -= 2', 'a = a + ( 1); b = b - ( 2);'],
    ['if x then a += 1 end', 'if x then a = a + ( 1); end'],
  ])('%s → %s', (input, output) => {
    expect(rewrite_sharplua(input)).toBe(output);
  });

  test.each([
    'local a, b = 1, 2',
    'for i = 1, 10, 2 do t[i] = i end',
    'for k, v in pairs(t) do print(k, v) end',
    'local function f(a, ...) return select("#", ...) end',
    'x = { a = 1, [2] = 3; 4, f = function() return 1 end }',
    'goto done ::done::',
    'local x <const>, y <close> = 5, nil',
    'x = a // b | c & d ~ e << 1 >> 2',
    'x = ~a',
    'repeat local z = 1 until z == 1',
    'obj:method "str" obj:method { 1 } f "x" f { }',
    'while a ~= b and not c or d <= e do break end',
    'x = #t + -1 ^ 2',
    'return',
    'if a then elseif b then else end',
    'f()',
    'do end',
    '',
  ])('valid Lua without SharpLua or concatenation comes back unchanged: %s', (source) => {
    expect(rewrite_sharplua(source)).toBe(source);
  });

  test('strings, long strings and comments are never touched', () => {
    const source = [
      'a = "x += 1 != !y .. z"',
      "b = 'it\\'s'",
      'c = [[ a += 1 ]] d = [==[ ]] != ]=] ]==]',
      '-- e += 1 != !f',
      '--[[ g *= 2',
      '   h ..= 3 ]]',
      '--[=[ ]] x ]=] k = 1',
      'm = "esc \\" += 1"',
    ].join('\n');
    expect(rewrite_sharplua(source)).toBe(source);
  });

  test('every line stays where it was', () => {
    const source = 'a = 1\n\nb += 2  -- c += 3\nt[\n  i\n] *= 2\nif !x then\n  s ..= "a" .. 5/2\nend\n';
    const out = rewrite_sharplua(source);
    expect(out.split('\n')).toHaveLength(source.split('\n').length);
    expect(out.split('\n')[2]).toBe('b = b + ( 2);  -- c += 3');
    expect(out.split('\n')[6]).toBe('if not x then');
    expect(out.split('\n')[7]).toBe('  s = __stakeql_s(s) .. __stakeql_s( __stakeql_s("a") .. __stakeql_s(5/2));');
    // A target spread over lines is copied on one line; the original lines remain.
    expect(out.split('\n').slice(3, 6)).toEqual(['t[', '  i', '] = t[ i ] * ( 2);']);
  });

  test.each([
    ['x = = 1', 1, "unexpected symbol near '='"],
    ['a = 1\nb = 2\nif x then\n', 4, "'end' expected (to close 'if' at line 3) near '<eof>'"],
    ['a = "unfinished\nb = 1', 1, 'unfinished string'],
    ['a = [[ never closed', 1, 'unfinished long string'],
    ['a, b += 1', 1, "'=' expected near '+='"],
    ['x = 1 @ 2', 1, "unexpected symbol near '@'"],
    ['f(1\n\n', 3, "')' expected (to close '(' at line 1) near '<eof>'"],
    ['a += ', 1, "unexpected symbol near '<eof>'"],
  ])('%j does not parse: line %i', (source, line, message) => {
    let error: unknown = null;
    try {
      rewrite_sharplua(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LuaSyntaxError);
    expect((error as LuaSyntaxError).line).toBe(line);
    expect((error as LuaSyntaxError).message).toContain(message);
  });

  test('nesting past Lua\'s own limit is refused, not a stack overflow', () => {
    expect(() => rewrite_sharplua(`x = ${'('.repeat(5000)}1${')'.repeat(5000)}`)).toThrow(LuaSyntaxError);
    expect(() => rewrite_sharplua(`x = ${'{'.repeat(5000)}${'}'.repeat(5000)}`)).toThrow('too many syntax levels');
  });

  test('a long flat script is one pass (100,000 statements with every rewrite)', () => {
    const line = 'a += 1 if a != 2 then b = !b end s ..= "x" .. a\n';
    const out = rewrite_sharplua(line.repeat(100_000));
    expect(out.split('\n')).toHaveLength(100_001);
  });
});
