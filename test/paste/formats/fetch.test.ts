import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { readFetchRequests, sniffFetch } from '../../../src/paste/formats/fetch.js';
import type { PastedRequest } from '../../../src/paste/request.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/pastes/${name}`, import.meta.url), 'utf8');
}

/** Every value of a header, compared case-insensitively as HTTP does. */
function valuesOf(request: PastedRequest | undefined, name: string): string[] {
  return (request?.headers ?? []).filter(([key]) => key.toLowerCase() === name).map(([, value]) => value);
}

const GRAPHQL = 'https://stake.com/_api/graphql';

describe('readFetchRequests on browser output', () => {
  it('reads Chrome "Copy as fetch": URL, headers, no cookie, nothing from the body', () => {
    const requests = readFetchRequests(fixture('fetch-chrome.txt'));
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(GRAPHQL);
    expect(valuesOf(request, 'x-access-token')).toEqual([
      'c7e1a94f0b3d5e8a2c6f9b1d4e7a0c3f5b8d1e4a7c0f3b6d9e2a5c8f1b4d7e0a3c6f9b2d5e8a1c4f7b0d3e6a9c2f5b8',
    ]);
    // JS escapes inside a value: \" becomes a plain quote.
    expect(valuesOf(request, 'sec-ch-ua')).toEqual([
      '"Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"',
    ]);
    expect(valuesOf(request, 'cookie')).toEqual([]);
    expect(request?.headers).toHaveLength(13);
    expect(request?.headers[0]).toEqual(['accept', '*/*']);
    expect(request?.cookie_strings).toEqual([]);
    // The body holds "x-access-token" and "session=…" text; neither becomes a header.
    expect(JSON.stringify(request)).not.toContain('decoy');
  });

  it('reads Chrome "Copy as fetch (Node.js)" with its cookie header, Referer and Referrer-Policy', () => {
    const [request, ...rest] = readFetchRequests(fixture('fetch-chrome-node.txt'));
    expect(rest).toEqual([]);
    expect(request?.url).toBe(GRAPHQL);
    expect(valuesOf(request, 'cookie')).toEqual([
      'cf_session=not-the-session; __session=also-not; sessionid=nor-this; session=node%2Dsession%3Dvalue; cf_clearance=Zx9.cf-clearance-value-1714557600-0-1.2.1.1',
    ]);
    expect(valuesOf(request, 'x-access-token')).toEqual([
      '5d0b8e2f4a6c1e3b7d9f0a2c4e6b8d1f3a5c7e9b0d2f4a6c8e1b3d5f7a9c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a',
    ]);
    expect(request?.headers.slice(-2)).toEqual([
      ['Referer', 'https://stake.com/casino/games/dice'],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ]);
    expect(request?.cookie_strings).toEqual([]);
  });

  it('reads the headers recent Chrome comments out, after the live ones', () => {
    const [request] = readFetchRequests(fixture('fetch-chrome-commented.txt'));
    expect(request?.headers).toEqual([
      ['accept', '*/*'],
      ['accept-language', 'en-GB,en;q=0.9'],
      ['content-type', 'application/json'],
      ['priority', 'u=1, i'],
      [
        'x-access-token',
        '0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e',
      ],
      ['accept-encoding', 'gzip, deflate, br, zstd'],
      ['cookie', 'cf_clearance=cf-from-comment; session=session-from-comment; locale=en'],
      ['origin', 'https://stake.com'],
      ['sec-ch-ua', '"Google Chrome";v="149", "Chromium";v="149", "Not)A;Brand";v="24"'],
      ['sec-ch-ua-mobile', '?0'],
      ['sec-fetch-site', 'same-origin'],
    ]);
  });

  it('a live header comes before a commented one of the same name', () => {
    const text = `fetch("https://stake.com/_api/graphql", {
  "headers": {
    // "cookie": "session=commented", // Browser manages this from the cookie jar
    "cookie": "session=live"
  }
});`;
    const [request] = readFetchRequests(text);
    expect(valuesOf(request, 'cookie')).toEqual(['session=live', 'session=commented']);
  });

  it('reads Firefox "Copy as Fetch" (await fetch, 4-space indent, names as sent)', () => {
    const [request, ...rest] = readFetchRequests(fixture('fetch-firefox.txt'));
    expect(rest).toEqual([]);
    expect(request?.url).toBe(GRAPHQL);
    expect(request?.headers[0]).toEqual([
      'User-Agent',
      'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0',
    ]);
    expect(valuesOf(request, 'x-access-token')).toEqual([
      'ff01e2d3c4b5a69788796a5b4c3d2e1f0ff01e2d3c4b5a69788796a5b4c3d2e1f0ff01e2d3c4b5a69788796a5b4c3d2e',
    ]);
    expect(request?.headers).toHaveLength(10);
  });

  it('reads every call of "Copy all as fetch" in order', () => {
    const requests = readFetchRequests(fixture('fetch-all-chrome.txt'));
    expect(requests.map((r) => r.url)).toEqual(['https://stake.com/casino/home', GRAPHQL, GRAPHQL]);
    expect(valuesOf(requests[0], 'x-access-token')).toEqual([]);
    expect(valuesOf(requests[1], 'x-access-token')).toEqual(['']);
    expect(valuesOf(requests[2], 'x-access-token')).toEqual([
      '1f2e3d4c5b6a79880f1e2d3c4b5a69780f1e2d3c4b5a69780f1e2d3c4b5a69780f1e2d3c4b5a69780f1e2d3c4b5a6978',
    ]);
  });

  it('reads hand-edited JavaScript: quotes, templates, bare keys, escapes, comments, trailing commas', () => {
    const requests = readFetchRequests(fixture('fetch-hand-edited.txt'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toEqual({
      url: GRAPHQL,
      headers: [
        ['Content-Type', 'application/json'],
        ['X-Access-Token', 'tmpl-token-ABC'],
        ['cookie', 'session=hand-edited; other=1'],
        ['x-note', "tab\there, quote \" and 'single' continued"],
        ['x-octal', 'A\0'],
        ['x-number', '42'],
      ],
      cookie_strings: [],
    });
  });
});

describe('readFetchRequests on JavaScript syntax', () => {
  it('decodes every string escape JavaScript has', () => {
    const text = String.raw`fetch("u", { headers: { a: "\b\f\n\r\t\v\0\'\"\\\/\q", b: '\x7e\u00e9\u{1F600}\u{00041}', c: "\101\60\7\08" } })`;
    const [request] = readFetchRequests(text);
    expect(request?.headers).toEqual([
      ['a', '\b\f\n\r\t\v\0\'"\\/q'],
      ['b', '~\u00e9\u{1F600}A'],
      ['c', 'A0\x07\x008'],
    ]);
  });

  it('reads a template literal across lines (CRLF becomes LF) but not one with ${}', () => {
    const text = 'fetch(`https://stake.com/_api/graphql`, { headers: { a: `x\r\ny`, b: `${token}` } })';
    const [request] = readFetchRequests(text);
    expect(request?.url).toBe(GRAPHQL);
    expect(request?.headers).toEqual([['a', 'x\ny']]);
  });

  it('skips values that are expressions, keeps reading the rest', () => {
    const text = `fetch(url, {
      headers: { "a": "1" + suffix, ...base, [computed]: "x", b: new Headers({ c: "d" }).get("c"), e: "kept", },
      body: JSON.stringify({ "x-access-token": "decoy" }),
    })`;
    const [request] = readFetchRequests(text);
    expect(request).toEqual({ url: null, headers: [['e', 'kept']], cookie_strings: [] });
  });

  it('accepts headers given as an array of pairs', () => {
    const [request] = readFetchRequests(`fetch("u", { headers: [["x-access-token", "t1"], ["bad"], ["a", "b"]] })`);
    expect(request?.headers).toEqual([
      ['x-access-token', 't1'],
      ['a', 'b'],
    ]);
  });

  it('keeps JavaScript semantics for a repeated key: one entry, the last value', () => {
    const [request] = readFetchRequests(`fetch("u", { "headers": { "a": "1", "b": "2", "a": "3" } })`);
    expect(request?.headers).toEqual([
      ['a', '3'],
      ['b', '2'],
    ]);
  });

  it('reads only the options\' own headers, never a nested "headers" elsewhere', () => {
    const text = `fetch("u", { body: { headers: { "x-access-token": "decoy" } }, method: "POST" })`;
    expect(readFetchRequests(text)).toEqual([{ url: 'u', headers: [], cookie_strings: [] }]);
  });

  it('reads a call with one argument, and one cut off before its closing parenthesis', () => {
    expect(readFetchRequests('fetch("https://stake.com/a")')).toEqual([
      { url: 'https://stake.com/a', headers: [], cookie_strings: [] },
    ]);
    expect(readFetchRequests('fetch("u", { "headers": { "a": "b" } }')).toEqual([
      { url: 'u', headers: [['a', 'b']], cookie_strings: [] },
    ]);
  });

  it('ignores fetch inside comments and identifiers that merely contain it', () => {
    const text = `// fetch("commented", {})
/* fetch("block", {}) */
prefetch("no", {}); fetchAll("no"); refetch ("no");
window.fetch("yes", {})`;
    expect(readFetchRequests(text).map((r) => r.url)).toEqual(['yes']);
  });

  it('recovers after a call it cannot read', () => {
    const text = 'fetch("broken\nfetch("https://stake.com/next", { "headers": { "a": "b" } })';
    expect(readFetchRequests(text)).toEqual([{ url: 'https://stake.com/next', headers: [['a', 'b']], cookie_strings: [] }]);
  });

  it('treats commented-out lines that are not one header pair as prose', () => {
    const text = `fetch("u", { headers: {
      // "a": "1", "b": "2"
      // "c": d
      // note: "e": "f"
      // "g": "h", // ok
    } })`;
    const [request] = readFetchRequests(text);
    expect(request?.headers).toEqual([['g', 'h']]);
  });

  it('gives [] for text with no fetch call', () => {
    expect(readFetchRequests('')).toEqual([]);
    expect(readFetchRequests("curl 'https://stake.com/_api/graphql' -H 'x-access-token: t'")).toEqual([]);
    expect(readFetchRequests('{"log": {"entries": []}}')).toEqual([]);
  });

  it('throws TypeError for a non-string', () => {
    expect(() => readFetchRequests(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('readFetchRequests is total and linear', () => {
  const pieces = [
    'fetch(', 'await fetch(', '"', "'", '`', '${', '{', '}', '[', ']', '(', ')', ',', ':', ';',
    '\\', '\\u{', '\\x', '//', '/*', '*/', '\n', '\r\n', ' ', '...', 'headers', '"headers"', 'a', '1', '-',
    '"x-access-token"', '"cookie"', '"session=v"', '\u2028',
  ];
  const jsLike = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join(''));

  it('never throws, on arbitrary strings and on JavaScript-like noise', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), jsLike), (text) => {
        const requests = readFetchRequests(text);
        for (const request of requests) {
          expect(request.url === null || typeof request.url === 'string').toBe(true);
          for (const header of request.headers) expect(header).toHaveLength(2);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on cut or spliced browser output', () => {
    const source = fixture('fetch-chrome-commented.txt') + fixture('fetch-firefox.txt');
    fc.assert(
      fc.property(fc.nat(source.length), fc.nat(source.length), fc.string(), (a, b, insert) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        readFetchRequests(source.slice(0, from) + insert + source.slice(to));
        readFetchRequests(source.slice(from, to));
      }),
      { numRuns: 500 },
    );
  });

  it('handles pathological input of megabytes without hanging or overflowing the stack', () => {
    // Each would be quadratic (or recurse without bound) in a naive reader.
    const unclosed = 'fetch("a", {'.repeat(200_000);
    expect(readFetchRequests(unclosed)).toEqual([]);
    const deep = 'fetch("a", ' + '{"a":'.repeat(100_000);
    expect(readFetchRequests(deep)).toEqual([]);
    const templates = 'fetch(`${'.repeat(100_000);
    expect(readFetchRequests(templates)).toEqual([]);
    const nested = 'fetch('.repeat(300_000);
    expect(readFetchRequests(nested)).toEqual([]);
    const unterminated = 'fetch("a", {"b": "' + 'fetch("c", {'.repeat(100_000);
    expect(readFetchRequests(unterminated)).toEqual([]);
    const many = 'fetch("u", {"headers": {"a": "b"}}) ;\n'.repeat(50_000);
    expect(readFetchRequests(many)).toHaveLength(50_000);
  });
});

describe('sniffFetch', () => {
  it('claims the browsers\' fetch output', () => {
    expect(sniffFetch(fixture('fetch-chrome.txt'))).toBe(true);
    expect(sniffFetch(fixture('fetch-chrome-node.txt'))).toBe(true);
    expect(sniffFetch(fixture('fetch-firefox.txt'))).toBe(true);
    expect(sniffFetch('\n\t  fetch ("u")')).toBe(true);
  });

  it('claims a hand-edited call behind comments or an assignment', () => {
    expect(sniffFetch(fixture('fetch-hand-edited.txt'))).toBe(true);
    expect(sniffFetch('/* saved */ let r = fetch("u")')).toBe(true);
    expect(sniffFetch('const = fetch("u")')).toBe(false);
  });

  it('does not claim cURL, raw headers, HAR, PowerShell or prose', () => {
    expect(sniffFetch("curl 'https://stake.com/_api/graphql' -H 'x-access-token: t'")).toBe(false);
    expect(sniffFetch(fixture('headers-firefox.txt'))).toBe(false);
    expect(sniffFetch(fixture('stake.har'))).toBe(false);
    expect(sniffFetch('Invoke-WebRequest -UseBasicParsing -Uri "https://stake.com/_api/graphql"')).toBe(false);
    expect(sniffFetch('prefetch("u")')).toBe(false);
    expect(sniffFetch('')).toBe(false);
  });

  it('looks at a bounded prefix only', () => {
    expect(sniffFetch(' '.repeat(1_000_000) + 'fetch("u")')).toBe(true);
    expect(sniffFetch('x'.repeat(100) + 'fetch("u")')).toBe(false);
    expect(sniffFetch('// ' + 'c'.repeat(600) + '\nfetch("u")')).toBe(false);
  });
});
