import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cmdSignals, tokenizeCmd } from '../../../src/paste/shell/cmd.js';
import {
  chrome2019Quote, chrome2022Quote, chromeExpected, chromeQuote, doubledBackslashes, firefox2022Quote,
  firefox2023Quote, firefoxExpected, firefoxQuote, legacyDoubledQuote,
} from './cmd-escapers.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../fixtures/pastes/${name}`, import.meta.url), 'utf8');
const expectation = (name: string): string[][] =>
  (JSON.parse(fixture(name)) as { commands: string[][] }).commands;

// A command line cannot hold NUL (CreateProcess takes a C string), so no rule can carry it.
const NO_NUL = (s: string): boolean => !s.includes('\0');

/**
 * Strings over the given pieces plus, when `anyUnicode`, any single grapheme
 * that holds none of the `excluded` characters.
 */
function textOf(pieces: readonly string[], anyUnicode: boolean, excluded = ''): fc.Arbitrary<string> {
  const units: fc.Arbitrary<string>[] = [fc.constantFrom(...pieces)];
  if (anyUnicode) {
    units.push(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
      .filter((g) => ![...g].some((ch) => excluded.includes(ch))));
  }
  return fc.string({ unit: fc.oneof(...units), maxLength: 40 }).filter(NO_NUL);
}

// Everything cmd.exe or the C runtime treat specially, and the browsers' escapes.
const SPECIAL = ['"', '^', '%', '\\', '&', '|', '<', '>', '!', '(', ')', '`', '$', '{', '}', '[', ']',
  ' ', '\t', '\n', '\r', '\r\n', '""', '\\"', '^"', '%PATH%', '%a', '"%"', 'é', '€', '😀', '\u00a0', 'a', 'Z', '0', '_'];
const tricky = textOf(SPECIAL, true);
/** Any text of the special pieces and graphemes, none of which holds an `excluded` character. */
const trickyWithout = (excluded: string): fc.Arbitrary<string> =>
  textOf(SPECIAL.filter((c) => ![...c].some((ch) => excluded.includes(ch))), true, excluded);

describe('tokenizeCmd: cmd.exe rules', () => {
  it('removes a caret and takes the next character literally outside quotes', () => {
    expect(tokenizeCmd('curl a^&b ^|c ^<d^> ^^e ^%f')).toEqual([['curl', 'a&b', '|c', '<d>', '^e', '%f']]);
  });

  it('splits commands at & && | || and newlines outside quotes', () => {
    expect(tokenizeCmd('curl a & curl b && curl c | d || e\nf')).toEqual([
      ['curl', 'a'], ['curl', 'b'], ['curl', 'c'], ['d'], ['e'], ['f'],
    ]);
  });

  it('keeps carets and separators literal inside cmd quotes', () => {
    expect(tokenizeCmd('curl "a&b^c|d" x')).toEqual([['curl', 'a&b^c|d', 'x']]);
  });

  it('treats ^" as a quote for curl that does not change cmd\'s quote state', () => {
    // cmd is outside its quotes all along, so the bare & ends the command...
    expect(tokenizeCmd('curl ^"a & b^"')).toEqual([['curl', 'a '], ['b']]);
    // ...and an escaped one does not; carets keep working between ^" and ^".
    expect(tokenizeCmd('curl ^"a ^& b^^^"')).toEqual([['curl', 'a & b^']]);
  });

  it('joins a line ending in a caret with the next, escaping that line\'s first character', () => {
    expect(tokenizeCmd('curl a ^\n  -H b')).toEqual([['curl', 'a', '-H', 'b']]);
    expect(tokenizeCmd('curl a ^\r\n  -H b')).toEqual([['curl', 'a', '-H', 'b']]);
    expect(tokenizeCmd('curl a^\n&b')).toEqual([['curl', 'a&b']]);
    // An escaped quote does not open cmd's quotes, so the & after it still splits.
    expect(tokenizeCmd('curl ^\n"a & b"')).toEqual([['curl', 'a '], ['b']]);
  });

  it('reads a caret and two newlines as one literal newline and goes on', () => {
    expect(tokenizeCmd('curl ^"a^\n\nb^" c')).toEqual([['curl', 'a\nb', 'c']]);
    expect(tokenizeCmd('curl ^"a^\r\n\r\nb^"')).toEqual([['curl', 'a\nb']]);
  });

  it('ends a command at a newline even inside cmd quotes', () => {
    expect(tokenizeCmd('curl "a\nb" c')).toEqual([['curl', 'a'], ['b c']]);
  });

  it('drops every carriage return, as cmd does', () => {
    expect(tokenizeCmd('cu\rrl a\r\nb\r')).toEqual([['curl', 'a'], ['b']]);
  });

  it('never expands %VAR%; both browser percent protections give the written text', () => {
    expect(tokenizeCmd('curl %PATH% "%"x%^y "a"%"PATH"%"b" ^%^PATH^%')).toEqual([
      ['curl', '%PATH%', '%x%y', 'a%PATH%b', '%PATH%'],
    ]);
  });

  it('drops a caret at the very end, with or without a newline after it', () => {
    expect(tokenizeCmd('curl a^')).toEqual([['curl', 'a']]);
    expect(tokenizeCmd('curl a ^\r\n')).toEqual([['curl', 'a']]);
  });

  it('leaves out commands without words', () => {
    expect(tokenizeCmd(' & \n\r\n ^\n\n && ')).toEqual([['\n']]);
    expect(tokenizeCmd('\n  &&  \n')).toEqual([]);
  });

  it('keeps a pasted prompt and redirection signs as words for the caller to skip', () => {
    expect(tokenizeCmd('C:\\> curl ^"https://x^"')).toEqual([['C:\\>', 'curl', 'https://x']]);
    expect(tokenizeCmd('> curl.exe a')).toEqual([['>', 'curl.exe', 'a']]);
  });
});

describe('tokenizeCmd: Microsoft C runtime argv rules', () => {
  // The examples table of Microsoft's "Parsing C command-line arguments", after the program name.
  it.each([
    [String.raw`"abc" d e`, ['abc', 'd', 'e']],
    [String.raw`a\\b d"e f"g h`, [String.raw`a\\b`, 'de fg', 'h']],
    [String.raw`a\\\"b c d`, [String.raw`a\"b`, 'c', 'd']],
    [String.raw`a\\\\"b c" d e`, [String.raw`a\\b c`, 'd', 'e']],
    [String.raw`a"b"" c d`, ['ab" c d']],
  ])('reads %s as Microsoft documents', (line, argv) => {
    expect(tokenizeCmd(`prog ${line}`)).toEqual([['prog', ...argv]]);
  });

  it('uses the post-2008 rule: "" inside quotes is a quote and the quoted part goes on', () => {
    // The pre-2008 rule (and CommandLineToArgvW) would end the quoted part: ['a"b', 'c'].
    expect(tokenizeCmd('curl "a""b c"')).toEqual([['curl', 'a"b c']]);
    expect(tokenizeCmd('curl """"')).toEqual([['curl', '"']]);
  });

  it('keeps backslashes literal unless they precede a quote', () => {
    expect(tokenizeCmd(String.raw`curl C:\dir\\x "a\\" b\"c \\\\"d"`)).toEqual([
      ['curl', String.raw`C:\dir\\x`, 'a\\', 'b"c', String.raw`\\d`],
    ]);
  });

  it('splits on spaces and tabs only, and keeps empty quoted words', () => {
    expect(tokenizeCmd('curl\ta\u00a0b "" ^"^"')).toEqual([['curl', 'a\u00a0b', '', '']]);
  });

  it('runs an unterminated quote to the end of its command line', () => {
    expect(tokenizeCmd('curl "abc d')).toEqual([['curl', 'abc d']]);
    expect(tokenizeCmd('curl ^"ab c ^\n  -H x')).toEqual([['curl', 'ab c   -H x']]);
  });
});

describe('tokenizeCmd: real browser pastes (fixtures, expectations derived by hand)', () => {
  it.each([
    'chrome-cmd-graphql',
    'chrome-cmd-copy-all',
    'chrome-cmd-2021-plain-quotes',
    'firefox-windows-graphql',
    'firefox-windows-legacy-graphql',
  ])('%s', (name) => {
    expect(tokenizeCmd(fixture(`${name}.txt`))).toEqual(expectation(`${name}.json`));
  });

  it('reads the same argv after the paste went through CRLF line endings', () => {
    for (const name of ['chrome-cmd-graphql', 'firefox-windows-graphql']) {
      const text = fixture(`${name}.txt`).replace(/\r?\n/g, '\r\n');
      expect(tokenizeCmd(text)).toEqual(expectation(`${name}.json`));
    }
  });
});

describe('tokenizeCmd: round trip through each browser\'s escaping rule', () => {
  const roundTrip = (quote: (s: string) => string, arb: fc.Arbitrary<string>, expected: (s: string) => string): void => {
    fc.assert(fc.property(arb, (s) => {
      expect(tokenizeCmd(`curl ${quote(s)}`)).toEqual([['curl', expected(s)]]);
    }), { numRuns: 400 });
  };

  // Every rule that doubles backslashes gets them back doubled unless they
  // precede a quote: the browsers' bug in real cmd (`doubledBackslashes`).
  const chrome2022Expected = (s: string): string => doubledBackslashes(s.replace(/\r/g, ''));

  it('Chrome now: gives back any string, with Chrome\'s own replacements (non-ASCII to space, CR to newline)', () => {
    roundTrip(chromeQuote, tricky, (s) => doubledBackslashes(chromeExpected(s)));
  });

  it('Chrome 2022: gives back any string, except that CR is lost (CRLF written as LF, lone CR dropped by cmd)', () => {
    roundTrip(chrome2022Quote, tricky, chrome2022Expected);
  });

  it('Firefox now: gives back any string, with Firefox\'s own replacements (other whitespace to space, CR to newline)', () => {
    roundTrip(firefoxQuote, tricky, (s) => doubledBackslashes(firefoxExpected(s)));
  });

  // The older rules are known to break in real cmd for some characters (see
  // cmd-escapers.ts for why); each property runs over the characters it does carry.
  it('legacy "" and "%" rule (older Chrome and Firefox): any string without backslash, CR or LF', () => {
    roundTrip(legacyDoubledQuote, trickyWithout('\\\r\n'), (s) => s);
  });

  it('Chrome 2019, plain-quote form: strings of the characters it leaves without a caret', () => {
    const safe = [...'aZ09_-:=+~\'/.,?;()*`& \t'];
    roundTrip(chrome2019Quote, textOf(safe, false), (s) => s);
  });

  it('Chrome 2019, ^" form (text with a newline): any string without & or CR', () => {
    const arb = fc.tuple(trickyWithout('&\r'), trickyWithout('&\r')).map(([a, b]) => `${a}\n${b}`);
    roundTrip(chrome2019Quote, arb, doubledBackslashes);
  });

  it('Firefox 2022 (^" with \\$): any string without " & ` $ \\ or CR', () => {
    roundTrip(firefox2022Quote, trickyWithout('"&`$\\\r'), (s) => s);
  });

  it('Firefox 2023 ("" with carets inside quotes): strings of the characters it leaves without a caret', () => {
    const safe = [...'aZ09_-:=+~/.\',?;()*&{}" \t\n'];
    roundTrip(firefox2023Quote, textOf(safe, false), (s) => s);
  });

  it('several arguments joined the way the browsers join them give the same argv', () => {
    fc.assert(fc.property(fc.array(tricky, { minLength: 1, maxLength: 5 }), (parts) => {
      const text = 'curl ' + parts.map(chrome2022Quote).join(' ^\n  ');
      expect(tokenizeCmd(text)).toEqual([['curl', ...parts.map(chrome2022Expected)]]);
    }), { numRuns: 200 });
  });

  it('"Copy all as cURL (cmd)" pastes split into their commands', () => {
    const argvs = fc.array(fc.array(tricky, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 });
    fc.assert(fc.property(argvs, (commands) => {
      const text = commands.map((args) => 'curl ' + args.map(chromeQuote).join(' ^\n  ')).join(' &\r\n');
      expect(tokenizeCmd(text)).toEqual(commands.map((args) => ['curl', ...args.map((s) => doubledBackslashes(chromeExpected(s)))]));
    }), { numRuns: 200 });
  });
});

describe('tokenizeCmd: robustness', () => {
  it('never throws on any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
      expect(Array.isArray(tokenizeCmd(s))).toBe(true);
    }), { numRuns: 1000 });
    fc.assert(fc.property(textOf(SPECIAL, false), (s) => {
      expect(Array.isArray(tokenizeCmd(s))).toBe(true);
    }), { numRuns: 1000 });
  });

  it('rejects a non-string with a TypeError', () => {
    expect(() => tokenizeCmd(42 as unknown as string)).toThrow(TypeError);
  });

  it('reads a 1 MB --data-raw body as one word', () => {
    const repeats = Math.ceil((1 << 20) / 6);
    // `x%y^z&` as Chrome escapes it, written out by hand.
    const escaped = '^"^{^\\^"a^\\^":^\\^"' + 'x^%^y^^z^&'.repeat(repeats) + '^\\^"^}^"';
    const [argv] = tokenizeCmd(`curl ^"u^" ^\n  --data-raw ${escaped} ^\n  -H ^"a: b^"`);
    expect(argv?.[3]).toBe('{"a":"' + 'x%y^z&'.repeat(repeats) + '"}');
    expect(argv?.slice(4)).toEqual(['-H', 'a: b']);
  });

  it('reads 1 MB of carets and line ends', () => {
    const argv = tokenizeCmd('curl ' + 'a ^\n'.repeat(1 << 18) + 'b');
    expect(argv).toHaveLength(1);
    expect(argv[0]).toHaveLength((1 << 18) + 2);
  });
});

describe('cmdSignals', () => {
  it('scores nothing in text without cmd signs', () => {
    expect(cmdSignals('')).toBe(0);
    expect(cmdSignals("curl 'https://x' \\\n  -H 'a: b' \\\n  --data-raw $'{\"q\":\"%s\"}'")).toBe(0);
    expect(cmdSignals("curl.exe 'https://x' `\n  -H 'a: b'")).toBe(0);
  });

  it('weighs caret line ends 3, ^" 2, %^name 1 and "%" 1', () => {
    expect(cmdSignals('a ^\nb')).toBe(3);
    expect(cmdSignals('a ^\r\nb')).toBe(3);
    expect(cmdSignals('^"x')).toBe(2);
    expect(cmdSignals('^%^PATH')).toBe(1);
    expect(cmdSignals('"a"%"b"')).toBe(1);
    expect(cmdSignals('a^b %^ %')).toBe(0);
  });

  it('counts each sign at most ten times', () => {
    expect(cmdSignals('^"'.repeat(50))).toBe(20);
    expect(cmdSignals('x ^\n'.repeat(50) + '^%^A'.repeat(50) + '"%"'.repeat(50))).toBe(30 + 10 + 10);
  });

  it('scores real cmd pastes well above zero', () => {
    expect(cmdSignals(fixture('chrome-cmd-graphql.txt'))).toBeGreaterThanOrEqual(40);
    expect(cmdSignals(fixture('firefox-windows-graphql.txt'))).toBeGreaterThanOrEqual(40);
    expect(cmdSignals(fixture('firefox-windows-legacy-graphql.txt'))).toBeGreaterThanOrEqual(5);
  });

  it('rejects a non-string with a TypeError', () => {
    expect(() => cmdSignals(null as unknown as string)).toThrow(TypeError);
  });
});
