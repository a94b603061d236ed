import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readPowerShellRequests, sniffPowerShellRequest } from '../../../src/paste/formats/powershell-request.js';
import { extract_credentials, readPaste } from '../../../src/paste/index.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../fixtures/pastes/${name}`, import.meta.url), 'utf8');

/**
 * The string escaping Chrome DevTools (`generatePowerShellCommand`) and
 * Firefox devtools publish for "Copy as PowerShell", re-implemented for tests:
 * backtick before `` ` `` `$` `"`, and `$([char]N)` for every UTF-16 unit
 * outside printable ASCII.
 */
const escapePs = (s: string): string =>
  '"' + s.replace(/[`$"]/g, '`$&').replace(/[^\x20-\x7e]/g, (c) => `$([char]${c.charCodeAt(0)})`) + '"';

interface Exported {
  url: string;
  method: string;
  userAgent: string | null;
  cookies: Array<[string, string]>;
  headers: Array<[string, string]>;
  body: string | null;
}

/** A paste laid out the way Chrome (or, with `firefox`, Firefox) lays out "Copy as PowerShell". */
function exportAsPowerShell(r: Exported, firefox = false): string {
  const lines: string[] = [];
  if ((r.userAgent !== null && !firefox) || r.cookies.length > 0) {
    lines.push('$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession');
    if (r.userAgent !== null && !firefox) lines.push(`$session.UserAgent = ${escapePs(r.userAgent)}`);
    for (const [name, value] of r.cookies) {
      lines.push(`$session.Cookies.Add((New-Object System.Net.Cookie(${escapePs(name)}, ${escapePs(value)}, "/", ".stake.com")))`);
    }
  }
  const args = [`-Uri ${escapePs(r.url)}`];
  if (r.method !== 'GET') args.push(firefox ? `-Method ${r.method}` : `-Method ${escapePs(r.method)}`);
  if (lines.length > 0) args.push('-WebSession $session');
  if (firefox && r.userAgent !== null) args.push(`-UserAgent ${escapePs(r.userAgent)}`);
  if (r.headers.length > 0) {
    const sep = firefox ? ' = ' : '=';
    args.push('-Headers @{\n' + r.headers.map(([n, v]) => escapePs(n) + sep + escapePs(v)).join('\n  ') + '\n}');
  }
  if (r.body !== null) {
    args.push('-ContentType "application/json"');
    const body = escapePs(r.body);
    args.push(/[^\x20-\x7e]/.test(r.body) ? `-Body ([System.Text.Encoding]::UTF8.GetBytes(${body}))` : `-Body ${body}`);
  }
  const prelude = lines.length > 0 ? lines.join('\n') + '\n' : '';
  return prelude + 'Invoke-WebRequest -UseBasicParsing ' + args.join(args.length >= 3 ? ' `\n' : ' ');
}

/** What the reader must give back for an exported request. */
function expected(r: Exported): { url: string; headers: Array<[string, string]>; cookie_strings: string[] } {
  const headers: Array<[string, string]> = r.userAgent === null ? [] : [['User-Agent', r.userAgent]];
  return { url: r.url, headers: [...headers, ...r.headers], cookie_strings: r.cookies.map(([n, v]) => `${n}=${v}`) };
}

/** Any UTF-16 unit, lone surrogates included: the escaping must carry each one. */
const utf16Unit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const nasty = fc.string({
  unit: fc.oneof(fc.constantFrom('`', '"', "'", '$', '%', '(', ')', '@{', '}', ';', '=', '\n', '\r\n', '#', ' ', 'x-access-token: '), utf16Unit),
  maxLength: 40,
});
const exported: fc.Arbitrary<Exported> = fc.record({
  url: fc.webUrl(),
  method: fc.constantFrom('GET', 'POST', 'PUT'),
  userAgent: fc.option(nasty, { nil: null }),
  cookies: fc.array(fc.tuple(nasty.filter((s) => s !== ''), nasty), { maxLength: 4 }),
  headers: fc.array(fc.tuple(nasty.filter((s) => s !== ''), nasty), { maxLength: 5 }),
  body: fc.option(nasty, { nil: null }),
});

const UA_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('readPowerShellRequests: browser fixtures (expectations written by hand)', () => {
  it('Chrome "Copy as PowerShell" of the GraphQL POST', () => {
    expect(readPowerShellRequests(fixture('powershell-chrome-graphql.txt'))).toEqual([
      {
        url: 'https://stake.com/_api/graphql',
        headers: [
          ['User-Agent', UA_CHROME],
          ['authority', 'stake.com'],
          ['method', 'POST'],
          ['path', '/_api/graphql'],
          ['scheme', 'https'],
          ['accept', '*/*'],
          ['accept-language', 'en-US,en;q=0.9'],
          ['origin', 'https://stake.com'],
          ['referer', 'https://stake.com/casino/home'],
          ['sec-ch-ua', '"Chromium";v="124", "Google Chrome";v="124"'],
          ['x-access-token', 'tok"A`B$C\'D%3E'],
          ['x-language', 'café'],
        ],
        cookie_strings: [
          'currency_currency=usd',
          'session=s%3A"x`y$z\'w',
          'cf_clearance=Zx9.Qw-1712345678-1.0.1.1-AbC_dEf',
          '__cf_bm=bm%2Bvalue=',
        ],
      },
    ]);
  });

  it('Firefox "Copy as PowerShell": -UserAgent, "Name" = "value", -Body as UTF-8 bytes', () => {
    expect(readPowerShellRequests(fixture('powershell-firefox-graphql.txt'))).toEqual([
      {
        url: 'https://stake.com/_api/graphql',
        headers: [
          ['User-Agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0'],
          ['Accept', '*/*'],
          ['Accept-Language', 'en-US,en;q=0.5'],
          ['Accept-Encoding', 'gzip, deflate, br, zstd'],
          ['Referer', 'https://stake.com/'],
          ['x-access-token', 'ff"t`k$n\'%25'],
          ['Origin', 'https://stake.com'],
          ['Sec-Fetch-Dest', 'empty'],
        ],
        cookie_strings: ['session=ff%22s"e`s$s\'1', 'cf_clearance=cfFF-1712345678'],
      },
    ]);
  });

  it('older Firefox: one line, cookies in a "Cookie" header, entries split by ;', () => {
    expect(readPowerShellRequests(fixture('powershell-firefox-cookie-header.txt'))).toEqual([
      {
        url: 'https://stake.com/_api/graphql',
        headers: [
          ['User-Agent', 'Mozilla/5.0 (X11; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/115.0'],
          ['Accept', '*/*'],
          ['x-access-token', 'old$ff'],
          ['Cookie', 'currency_currency=usd; session=oldFF%3D%3D; cf_clearance=oldCF'],
        ],
        cookie_strings: [],
      },
    ]);
  });

  it('Chrome "Copy all as PowerShell": one request per command, each with its own session', () => {
    const text = fixture('powershell-chrome-all.txt');
    expect(text).toContain(';\r\n'); // Chrome joins the commands with ";\r\n"
    expect(readPowerShellRequests(text)).toEqual([
      {
        url: 'https://stake.com/_api/user-settings',
        headers: [['User-Agent', 'UA-one'], ['accept', 'application/json']],
        cookie_strings: ['session=one'],
      },
      {
        url: 'https://stake.com/_api/graphql',
        headers: [['User-Agent', 'UA-two'], ['x-access-token', 'token-two']],
        cookie_strings: ['session=two', 'cf_clearance=cf-two'],
      },
      { url: 'https://stake.com/favicon.ico', headers: [], cookie_strings: [] },
    ]);
  });

  it('a curl.exe paste is not a PowerShell request export', () => {
    expect(readPowerShellRequests(fixture('powershell-curl-exe.txt'))).toEqual([]);
    expect(readPaste(fixture('powershell-curl-exe.txt')).format).toBe('curl-powershell');
  });
});

describe('readPowerShellRequests: the body is never a header', () => {
  it('skips -Body whatever it holds', () => {
    const text =
      'Invoke-WebRequest -Uri "https://stake.com/_api/graphql" -Method POST `\n' +
      '-Headers @{ "accept" = "*/*" } `\n' +
      '-Body "-Headers @{`"x-access-token`"=`"evil`"} `n x-access-token: evil" -ContentType "x-access-token: evil"';
    expect(readPowerShellRequests(text)).toEqual([
      { url: 'https://stake.com/_api/graphql', headers: [['accept', '*/*']], cookie_strings: [] },
    ]);
  });

  it('skips a body given as a hashtable, an array or a here-string', () => {
    const text = [
      'iwr https://stake.com/a -Body @{ "x-access-token" = "evil" } -Headers @{ a = "1" }',
      'iwr https://stake.com/b -Body "x", "-Headers", "@{x-access-token=evil}"',
      'iwr https://stake.com/c -Body @"',
      '-Headers @{ "x-access-token" = "evil" }',
      '"@ -Headers @{ c = "3" }',
    ].join('\n');
    expect(readPowerShellRequests(text)).toEqual([
      { url: 'https://stake.com/a', headers: [['a', '1']], cookie_strings: [] },
      { url: 'https://stake.com/b', headers: [], cookie_strings: [] },
      { url: 'https://stake.com/c', headers: [['c', '3']], cookie_strings: [] },
    ]);
  });

  it('knows which parameters take a value, so a value is never taken for the positional URL', () => {
    const text = 'iwr -Body "https://body/" -ContentType "https://ct/" -Method POST -TimeoutSec 5 -OutFile "https://out/" -UseBasicParsing "https://stake.com/real"';
    expect(readPowerShellRequests(text)[0]?.url).toBe('https://stake.com/real');
  });

  it('a body that is itself a whole PowerShell export adds no header, cookie or request', () => {
    fc.assert(
      fc.property(exported, exported, fc.boolean(), (r, inner, firefox) => {
        const withBody = { ...r, body: exportAsPowerShell(inner, firefox) + '\n-Headers @{ "x-access-token" = "evil" }' };
        expect(readPowerShellRequests(exportAsPowerShell(withBody, firefox))).toEqual([expected(withBody)]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('readPowerShellRequests: round trip through the browsers\' escaping', () => {
  it('Chrome layout: every header value, cookie and user agent comes back exactly', () => {
    fc.assert(
      fc.property(exported, (r) => {
        expect(readPowerShellRequests(exportAsPowerShell(r, false))).toEqual([expected(r)]);
      }),
      { numRuns: 300 },
    );
  });

  it('Firefox layout: the same', () => {
    fc.assert(
      fc.property(exported, (r) => {
        expect(readPowerShellRequests(exportAsPowerShell(r, true))).toEqual([expected(r)]);
      }),
      { numRuns: 300 },
    );
  });

  it('"Copy all": several exports joined by ;\\r\\n read back in order', () => {
    fc.assert(
      fc.property(fc.array(exported, { minLength: 1, maxLength: 4 }), (rs) => {
        expect(readPowerShellRequests(rs.map((r) => exportAsPowerShell(r)).join(';\r\n'))).toEqual(rs.map(expected));
      }),
      { numRuns: 100 },
    );
  });

  it('decodes $([char]N) the way PowerShell evaluates it, surrogate pairs included', () => {
    const text = 'iwr -Uri "https://x/" -Headers @{ "ua" = "caf$([char]233) $([char]55357)$([char]56832) $([CHAR]9)" }';
    expect(readPowerShellRequests(text)[0]?.headers).toEqual([['ua', 'café \u{1F600} \t']]);
  });
});

describe('readPowerShellRequests: PowerShell as people write it by hand', () => {
  it('resolves -Uri $uri and -Headers $headers from earlier assignments', () => {
    const text = [
      '$uri = "https://stake.com/_api/graphql"',
      '$headers = @{',
      "  'x-access-token' = 'abc'",
      '  Accept = "*/*"',
      '}',
      '$response = Invoke-RestMethod -Method Post -Uri $uri -Headers $headers -Body $body',
    ].join('\r\n');
    expect(readPowerShellRequests(text)).toEqual([
      { url: 'https://stake.com/_api/graphql', headers: [['x-access-token', 'abc'], ['Accept', '*/*']], cookie_strings: [] },
    ]);
  });

  it('leaves out values built from variables it cannot know', () => {
    const text = 'Invoke-WebRequest -Uri "https://$hostName/x" -UserAgent $ua -Headers @{ "x-access-token" = $env:TOKEN; "a" = "b$c"; "d" = "e" }';
    expect(readPowerShellRequests(text)).toEqual([{ url: null, headers: [['d', 'e']], cookie_strings: [] }]);
  });

  it('accepts abbreviated and colon-joined parameters and a positional URL', () => {
    const text = 'iwr "https://stake.com/p" -Head:@{a="1"} -UserA:"agent" -Meth POST -WebS $s';
    expect(readPowerShellRequests(text)).toEqual([
      { url: 'https://stake.com/p', headers: [['User-Agent', 'agent'], ['a', '1']], cookie_strings: [] },
    ]);
    // "-U" could be -Uri, -UserAgent or -UseBasicParsing: ambiguous, so it is skipped as a switch.
    expect(readPowerShellRequests('iwr -U "https://x/" -Uri "https://y/"')[0]?.url).toBe('https://y/');
  });

  it('reads cookies built every common way', () => {
    const text = [
      '$s = [Microsoft.PowerShell.Commands.WebRequestSession]::new()',
      '$c = New-Object System.Net.Cookie("a", "1", "/", "stake.com")',
      '$s.Cookies.Add($c)',
      "$s.Cookies.Add([System.Net.Cookie]::new('b', '2'))",
      '$s.Cookies.Add((New-Object -TypeName System.Net.Cookie -ArgumentList "c", "3", "/", "stake.com"))',
      '$s.Cookies.Add((New-Object System.Net.Cookie ("d", ("4" + "4"))))',
      '$s.Cookies.Add((New-Object System.Net.Cookie("e", $unknown)))',
      '$s.Headers.Add("x-access-token", "tok")',
      'Invoke-WebRequest https://stake.com/ -WebSession $s',
    ].join('\n');
    expect(readPowerShellRequests(text)).toEqual([
      {
        url: 'https://stake.com/',
        headers: [['x-access-token', 'tok']],
        cookie_strings: ['a=1', 'b=2', 'c=3', 'd=44'],
      },
    ]);
  });

  it('-UserAgent wins over the session user agent', () => {
    const text = '$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession\n$session.UserAgent = "from-session"\niwr x -WebSession $session -UserAgent "from-param"';
    expect(readPowerShellRequests(text)[0]?.headers).toEqual([['User-Agent', 'from-param']]);
  });

  it('without -WebSession a request carries no session cookies', () => {
    const text = '$session.Cookies.Add((New-Object System.Net.Cookie("session", "s")))\nInvoke-WebRequest -Uri "https://stake.com/"';
    expect(readPowerShellRequests(text)).toEqual([{ url: 'https://stake.com/', headers: [], cookie_strings: [] }]);
  });

  it('a session with no request is still reported, with a null url', () => {
    const text = '$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession\n$session.UserAgent = "ua"\n$session.Cookies.Add((New-Object System.Net.Cookie("session", "s")))';
    expect(readPowerShellRequests(text)).toEqual([{ url: null, headers: [['User-Agent', 'ua']], cookie_strings: ['session=s'] }]);
  });

  it('finds requests inside try { } and ( ) blocks, but not in comments or strings', () => {
    const text = [
      '# Invoke-WebRequest -Uri "https://commented/"',
      '<# Invoke-WebRequest -Uri "https://block-commented/" #>',
      'Write-Host "Invoke-WebRequest -Uri https://in-a-string/"',
      'try {',
      '  $r = (Invoke-WebRequest -Uri "https://stake.com/in-try")',
      '} catch { Write-Host $_ }',
    ].join('\n');
    expect(readPowerShellRequests(text)).toEqual([{ url: 'https://stake.com/in-try', headers: [], cookie_strings: [] }]);
  });
});

describe('sniffPowerShellRequest', () => {
  it('recognises the browser exports', () => {
    for (const name of ['powershell-chrome-graphql.txt', 'powershell-firefox-graphql.txt', 'powershell-firefox-cookie-header.txt', 'powershell-chrome-all.txt']) {
      expect(sniffPowerShellRequest(fixture(name)), name).toBe(true);
    }
  });

  it('is only a cheap mention check: a mention inside a body is read as what it is', () => {
    // The sniffer looks for the names; readPaste then reads the text and falls
    // back to the cURL readers when no PowerShell request comes out of it.
    const curlWithMention = `curl 'https://stake.com/_api/graphql' -H 'x-access-token: real' --data-raw '{"q":"Invoke-WebRequest -Uri x -Headers @{x-access-token=evil}"}'`;
    expect(sniffPowerShellRequest(curlWithMention)).toBe(true);
    expect(readPaste(curlWithMention).format).not.toBe('powershell');
    expect(extract_credentials(curlWithMention).access_token).toBe('real');
    const exeWithMention = 'curl.exe -H "x-access-token: real" -d "$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession"';
    expect(readPaste(exeWithMention).format).toBe('curl-powershell');
    expect(sniffPowerShellRequest('fetch("https://stake.com/_api/graphql", { "headers": { "x-irm": "iwr" } });')).toBe(true);
    expect(sniffPowerShellRequest('confirm the curl paste')).toBe(false);
    expect(sniffPowerShellRequest('')).toBe(false);
  });
});

describe('readPowerShellRequests: robustness', () => {
  const any = fc.string({
    unit: fc.oneof(
      fc.constantFrom('Invoke-WebRequest ', 'iwr ', '$session', '.Cookies.Add(', 'New-Object ', 'System.Net.Cookie(', '-Headers ', '-Uri ', '-WebSession ', '@{', '}', '(', ')', '"', "'", '`', '$', '=', ';', ',', '\n', ' ', '$([char]', '233)'),
      utf16Unit,
    ),
    maxLength: 60,
  });

  it('never throws, and returns well-formed requests', () => {
    fc.assert(
      fc.property(any, (s) => {
        for (const r of readPowerShellRequests(s)) {
          expect(r.url === null || typeof r.url === 'string').toBe(true);
          for (const [name, value] of r.headers) expect(typeof name + typeof value).toBe('stringstring');
          for (const c of r.cookie_strings) expect(c).toContain('=');
        }
        expect(typeof sniffPowerShellRequest(s)).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });

  it('copes with large and deeply nested pastes (bounded depth, no recursion on the input)', () => {
    const many = 'Invoke-WebRequest -Uri x -Headers @{' + '"a"="b"\n'.repeat(20_000) + '}';
    expect(readPowerShellRequests(many)[0]?.headers).toHaveLength(20_000);
    const cookies = '$s.Cookies.Add((New-Object System.Net.Cookie("a", "b")))\n'.repeat(5_000) + 'iwr x -WebSession $s';
    expect(readPowerShellRequests(cookies)[0]?.cookie_strings).toHaveLength(5_000);
    expect(readPowerShellRequests('$s.Cookies.Add(' + '('.repeat(200_000))).toEqual([]);
    expect(readPowerShellRequests('try {'.repeat(100_000) + 'iwr https://deep/')).toEqual([]);
    expect(readPowerShellRequests('try {'.repeat(3) + 'iwr https://shallow/')[0]?.url).toBe('https://shallow/');
  });
});
