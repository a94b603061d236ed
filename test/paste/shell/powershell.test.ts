import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { powershellSignals, tokenizePowerShell } from '../../../src/paste/shell/powershell.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../fixtures/pastes/${name}`, import.meta.url), 'utf8');

/** Characters PowerShell treats specially, mixed into generated strings so the odd cases come up often. */
const SPECIAL = ['`', '"', "'", '$', '(', ')', '{', '}', '@', '#', ';', '|', '&', ',', '=', '-', '%', '<', '>', ' ', '\t', '\n', '\r', '\r\n', '\u00a0', '--%', '$(', '@{', '@"\n', "@'\n", '\n"@', "\n'@", '<#', '#>', '`u{1F600}', '`\n', '`\r\n'];
/** Any UTF-16 unit, lone surrogates included. */
const utf16Unit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const anyText = fc.string({
  unit: fc.oneof(fc.constantFrom(...SPECIAL), utf16Unit, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  maxLength: 80,
});

/** PowerShell single-quoted string: only `'` needs doubling. */
const singleQuote = (s: string): string => `'${s.replace(/'/g, "''")}'`;
/** PowerShell double-quoted string: backtick-escape the backtick, the quote and the dollar. */
const doubleQuote = (s: string): string => `"${s.replace(/[`"$]/g, '`$&')}"`;

describe('tokenizePowerShell: fixtures (expectations written from the PowerShell rules)', () => {
  it('reads a curl.exe paste with CRLF backtick continuations and credentials full of escaped characters', () => {
    const text = fixture('powershell-curl-exe.txt');
    expect(text).toContain('\r\n'); // the fixture really has CRLF line ends
    expect(tokenizePowerShell(text)).toEqual([
      [
        'curl.exe',
        'https://stake.com/_api/graphql',
        '-H',
        'accept: */*',
        '-H',
        'content-type: application/json',
        '-H',
        'x-access-token: cx"T`k$n\'%41',
        '-b',
        'currency_currency=usd; session=ps\'q"v`w$x%3D; cf_clearance=cf.Val-1',
        '--data-raw',
        '{"query":"{ user { id } }","note":"-H x-access-token: fake"}',
        '--compressed',
      ],
    ]);
  });

  it('splits several commands, keeps $env: literally, drops comments and honours --%', () => {
    expect(tokenizePowerShell(fixture('powershell-curl-exe-multi.txt'))).toEqual([
      ['curl.exe', 'https://stake.com/_api/graphql', '-H', 'x-access-token: $env:STAKE_TOKEN', '-d', '{"a":1}'],
      ['curl.exe', 'https://stake.com/_api/graphql', '-H', 'x-access-token: abc'],
      ['curl.exe', '-H', 'x-access-token: verbatim $HOME', 'https://stake.com/'],
    ]);
  });
});

describe('tokenizePowerShell: quoting', () => {
  it("single quotes: '' is a quote and nothing else is special", () => {
    expect(tokenizePowerShell("curl.exe 'a''b' 'x`n$y\"z' 'multi\nline'")).toEqual([
      ['curl.exe', "a'b", 'x`n$y"z', 'multi\nline'],
    ]);
  });

  it('double quotes: every backtick escape and "" as a quote', () => {
    const words = tokenizePowerShell('x "q`"b``d`$e""f" "`0`a`b`e`f`n`r`t`v" "`u{41}`u{1F600}" "`z`\'"');
    expect(words).toEqual([['x', 'q"b`d$e"f', '\0\x07\b\x1b\f\n\r\t\v', 'A\u{1F600}', "z'"]]);
  });

  it('keeps $variables and $(...) exactly as written, inside and outside quotes', () => {
    expect(tokenizePowerShell('curl.exe "a $tok b" "$(Get-Token "x") c" $env:T ${a b} $([char]65)')).toEqual([
      ['curl.exe', 'a $tok b', '$(Get-Token "x") c', '$env:T', '${a b}', '$([char]65)'],
    ]);
  });

  it('a lone $ or one before a blank is just a dollar', () => {
    expect(tokenizePowerShell('echo "cost: $ 5" $')).toEqual([['echo', 'cost: $ 5', '$']]);
  });

  it('adjacent quoted and unquoted pieces make one word', () => {
    expect(tokenizePowerShell(`curl.exe -H"x: y" a'b'"c"d ''`)).toEqual([['curl.exe', '-Hx: y', 'abcd', '']]);
  });

  it('backtick escapes outside quotes', () => {
    expect(tokenizePowerShell('echo a` b `"c`$d e`tf ``')).toEqual([['echo', 'a b', '"c$d', 'e\tf', '`']]);
  });

  it('here-strings: @"…"@ expands escapes, @\'…\'@ is literal', () => {
    const text = 'curl.exe -d @"\n{"a":"`$x"}\n"@ -b @\'\r\nsession=a`b$c\r\n\'@ --next';
    expect(tokenizePowerShell(text)).toEqual([['curl.exe', '-d', '{"a":"$x"}', '-b', 'session=a`b$c', '--next']]);
  });

  it('unterminated quotes and brackets run to the end of the input', () => {
    expect(tokenizePowerShell('curl.exe "abc\ndef')).toEqual([['curl.exe', 'abc\ndef']]);
    expect(tokenizePowerShell("curl.exe 'abc; x")).toEqual([['curl.exe', 'abc; x']]);
    expect(tokenizePowerShell('curl.exe -H @{ "a"="b"\n; c')).toEqual([['curl.exe', '-H', '@{ "a"="b"\n; c']]);
  });
});

describe('tokenizePowerShell: lines, commands and comments', () => {
  it('backtick + LF, backtick + CRLF and backtick + trailing blanks continue the line', () => {
    expect(tokenizePowerShell('curl.exe `\n -H a `\r\n -H b `  \t\n -H c')).toEqual([
      ['curl.exe', '-H', 'a', '-H', 'b', '-H', 'c'],
    ]);
  });

  it('splits at ; newlines | && || and a lone &, but not inside quotes, braces or parentheses', () => {
    expect(tokenizePowerShell('a 1; b 2\nc 3\r\nd 4 | e 5 && f 6 || g 7; & h 8')).toEqual([
      ['a', '1'], ['b', '2'], ['c', '3'], ['d', '4'], ['e', '5'], ['f', '6'], ['g', '7'], ['h', '8'],
    ]);
    expect(tokenizePowerShell('a "x;y\nz" \'p|q\' (b; c) {d\ne} @{f=1;g=2} $(h; i)')).toEqual([
      ['a', 'x;y\nz', 'p|q', '(b; c)', '{d\ne}', '@{f=1;g=2}', '$(h; i)'],
    ]);
  });

  it('a bracket inside a string inside brackets does not close them', () => {
    expect(tokenizePowerShell('a (")" + \')\' + "$(")")") b')).toEqual([['a', '(")" + \')\' + "$(")")")', 'b']]);
  });

  it('# starts a comment only at the start of a word; <# #> is a block comment', () => {
    expect(tokenizePowerShell('curl.exe a#b # gone; still gone\nnext <# x\ny #> z')).toEqual([
      ['curl.exe', 'a#b'],
      ['next', 'z'],
    ]);
  });

  it('an unquoted comma separates words (array items are separate arguments)', () => {
    expect(tokenizePowerShell('curl.exe a,b , "c,d"')).toEqual([['curl.exe', 'a', 'b', 'c,d']]);
  });

  it('non-breaking and other Unicode spaces separate words, as in PowerShell', () => {
    expect(tokenizePowerShell('curl.exe\u00a0-H\u3000x')).toEqual([['curl.exe', '-H', 'x']]);
  });

  it('drops empty commands', () => {
    expect(tokenizePowerShell(';;\n\r\n  ; # only a comment\n')).toEqual([]);
    expect(tokenizePowerShell('')).toEqual([]);
  });
});

describe('tokenizePowerShell: properties', () => {
  it('an arbitrary string single-quoted comes back as one word', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(tokenizePowerShell(`curl.exe ${singleQuote(s)}`)).toEqual([['curl.exe', s]]);
      }),
      { numRuns: 500 },
    );
  });

  it('an arbitrary string double-quoted comes back as one word', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(tokenizePowerShell(`curl.exe ${doubleQuote(s)} --x`)).toEqual([['curl.exe', s, '--x']]);
      }),
      { numRuns: 500 },
    );
  });

  it('several quoted strings across backtick continuations come back in order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(anyText, fc.boolean()), { maxLength: 6 }), fc.constantFrom('\n', '\r\n'), (items, nl) => {
        const text = 'curl.exe' + items.map(([s, single]) => ` \`${nl}  ${single ? singleQuote(s) : doubleQuote(s)}`).join('');
        expect(tokenizePowerShell(text)).toEqual([['curl.exe', ...items.map(([s]) => s)]]);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws and always returns non-empty string lists', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const commands = tokenizePowerShell(s);
        for (const command of commands) {
          expect(command.length).toBeGreaterThan(0);
          for (const word of command) expect(typeof word).toBe('string');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('handles megabyte inputs of every shape (linear scan, no recursion)', () => {
    const big = 'x'.repeat(1 << 20);
    expect(tokenizePowerShell(`curl.exe --data-raw '${big}'`)[0]?.[2]?.length).toBe(1 << 20);
    expect(tokenizePowerShell(`curl.exe -d "${'`"'.repeat(1 << 19)}"`)[0]?.[2]).toBe('"'.repeat(1 << 19));
    // Deep nesting would overflow a recursive scanner's stack.
    const deep = '('.repeat(1 << 18) + ')'.repeat(1 << 18);
    expect(tokenizePowerShell(`a ${deep}`)[0]?.[1]).toBe(deep);
    const deepStrings = '"$('.repeat(1 << 17);
    expect(tokenizePowerShell(`a ${deepStrings}`)[0]?.[1]).toBe(deepStrings.slice(1));
    expect(tokenizePowerShell('`'.repeat(1 << 20) + '\n' + "'".repeat(1 << 20)).length).toBe(2);
  });
});

describe('powershellSignals', () => {
  it('is 0 for text with no sign of PowerShell', () => {
    expect(powershellSignals("curl 'https://stake.com/_api/graphql' \\\n  -H 'x-access-token: abc'")).toBe(0);
    expect(powershellSignals('curl "https://stake.com" ^\n  -H "a: b"')).toBe(0);
    expect(powershellSignals('')).toBe(0);
  });

  it('counts a backtick line end, curl.exe and the browser exports', () => {
    expect(powershellSignals('curl `\n -H a')).toBe(3);
    expect(powershellSignals('curl `   \r\n -H a')).toBe(3);
    expect(powershellSignals('curl.exe https://x')).toBe(2);
    expect(powershellSignals(fixture('powershell-curl-exe.txt'))).toBe(5);
    // Invoke-WebRequest 4, WebRequestSession 3, $session 2, -UseBasicParsing 2, @{ 1, backtick line ends 3.
    expect(powershellSignals(fixture('powershell-chrome-graphql.txt'))).toBe(15);
    expect(powershellSignals('INVOKE-RESTMETHOD -Uri x')).toBe(4);
  });

  it('a backtick that is not at a line end does not count', () => {
    expect(powershellSignals('echo `a `b\n')).toBe(0);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(powershellSignals(s)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
