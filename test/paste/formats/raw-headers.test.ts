import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { readRawHeaders, sniffRawHeaders } from '../../../src/paste/formats/raw-headers.js';
import type { PastedRequest } from '../../../src/paste/request.js';
import { extract_credentials } from '../../../src/paste/index.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/pastes/${name}`, import.meta.url), 'utf8');
}

function valuesOf(request: PastedRequest | undefined, name: string): string[] {
  return (request?.headers ?? []).filter(([key]) => key.toLowerCase() === name).map(([, value]) => value);
}

const GRAPHQL = 'https://stake.com/_api/graphql';

describe('readRawHeaders on browser output', () => {
  it('reads Chrome\'s HTTP/1.1 request head (CRLF, closing blank line)', () => {
    const text = fixture('headers-chrome-http1.txt');
    expect(text).toContain('\r\n'); // the fixture keeps Chrome's line ends
    const requests = readRawHeaders(text);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(GRAPHQL);
    expect(request?.headers).toHaveLength(19);
    expect(request?.headers[0]).toEqual(['Host', 'stake.com']);
    expect(valuesOf(request, 'x-access-token')).toEqual([
      '3b7e1d9a5c2f8e4b0d6a1c9e7f3b5d2a8c4e0f6b1d9a7c3e5f2b8d4a0c6e1f9b7d3a5c2e8f4b0d6a1c9e7f3b5d2a8c',
    ]);
    expect(valuesOf(request, 'cookie')).toEqual([
      'cf_clearance=http1-cf-clearance; session=http1-session-value; sessionid=not-this-one',
    ]);
    expect(valuesOf(request, 'sec-ch-ua')).toEqual(['"Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"']);
    expect(request?.cookie_strings).toEqual([]);
    for (const [name, value] of request?.headers ?? []) {
      expect(name).not.toMatch(/[\r\n]/);
      expect(value).not.toMatch(/[\r\n]/);
    }
  });

  it('reads Chrome\'s HTTP/2 pseudo-headers and rebuilds the URL from them', () => {
    const [request, ...rest] = readRawHeaders(fixture('headers-chrome-http2.txt'));
    expect(rest).toEqual([]);
    expect(request?.url).toBe(GRAPHQL);
    expect(request?.headers.slice(0, 4)).toEqual([
      [':authority', 'stake.com'],
      [':method', 'POST'],
      [':path', '/_api/graphql'],
      [':scheme', 'https'],
    ]);
    expect(request?.headers).toHaveLength(22);
    expect(valuesOf(request, 'cookie')).toEqual(['__session=not-this; session=h2-session-value; cf_clearance=h2-cf-clearance']);
    expect(valuesOf(request, 'x-access-token')).toEqual([
      '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a',
    ]);
  });

  it('reads the older pseudo-header lines without a space after the colon', () => {
    const text = ':authority:localhost:44374\n:method:POST\n:path:/_api/graphql?x=1\n:scheme:http\nx-access-token:abc\n';
    const [request] = readRawHeaders(text);
    expect(request?.url).toBe('http://localhost:44374/_api/graphql?x=1');
    expect(request?.headers).toEqual([
      [':authority', 'localhost:44374'],
      [':method', 'POST'],
      [':path', '/_api/graphql?x=1'],
      [':scheme', 'http'],
      ['x-access-token', 'abc'],
    ]);
  });

  it('reads Firefox\'s request line and Host header', () => {
    const [request, ...rest] = readRawHeaders(fixture('headers-firefox.txt'));
    expect(rest).toEqual([]);
    expect(request?.url).toBe(GRAPHQL);
    expect(request?.headers[0]).toEqual(['Host', 'stake.com']);
    expect(request?.headers).toHaveLength(18);
    expect(valuesOf(request, 'cookie')).toEqual(['cf_session=not-this; session=firefox-session-value; currency_currency=usdt']);
    expect(valuesOf(request, 'user-agent')).toEqual([
      'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0',
    ]);
  });

  it('reads the Headers pane copied as name lines and value lines', () => {
    const [request, ...rest] = readRawHeaders(fixture('headers-chrome-pane.txt'));
    expect(rest).toEqual([]);
    expect(request?.url).toBe(GRAPHQL);
    expect(request?.headers).toEqual([
      [':authority', 'stake.com'],
      [':method', 'POST'],
      [':path', '/_api/graphql'],
      [':scheme', 'https'],
      ['accept', '*/*'],
      ['content-type', 'application/json'],
      ['cookie', 'session=pane-session-value; locale=en'],
      [
        'user-agent',
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ],
      [
        'x-access-token',
        '7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f',
      ],
      ['x-language', 'en'],
    ]);
  });

  it('reads name/value lines with a URL value (colon inside the value)', () => {
    const [request] = readRawHeaders('origin:\nhttps://stake.com\nreferer:\nhttps://stake.com/\nhost:\nstake.com\n');
    expect(request?.headers).toEqual([
      ['origin', 'https://stake.com'],
      ['referer', 'https://stake.com/'],
      ['host', 'stake.com'],
    ]);
    expect(request?.url).toBe('https://stake.com');
  });

  it('keeps an empty header in the one-line layout (a logged-out browser sends x-access-token empty)', () => {
    const [request] = readRawHeaders('x-access-token:\naccept: */*\ncookie: session=s1\n');
    expect(request?.headers).toEqual([
      ['x-access-token', ''],
      ['accept', '*/*'],
      ['cookie', 'session=s1'],
    ]);
    const [twoLines] = readRawHeaders('x-access-token: \r\naccept: */*');
    expect(twoLines?.headers).toEqual([
      ['x-access-token', ''],
      ['accept', '*/*'],
    ]);
  });
});

describe('readRawHeaders URL, bodies and several heads', () => {
  it('uses https when the scheme is unknown, and an absolute request target as is', () => {
    expect(readRawHeaders('GET /a?b=c HTTP/1.1\nHost: example.test:8443\n')[0]?.url).toBe('https://example.test:8443/a?b=c');
    expect(readRawHeaders('POST http://stake.test/_api/graphql HTTP/1.1\nHost: other\n')[0]?.url).toBe(
      'http://stake.test/_api/graphql',
    );
  });

  // Issue 22, item 16: a page on http:// (a sandbox, a local mirror) is not turned into https.
  it('keeps the scheme the Origin or Referer shows for the same host', () => {
    const head = (host: string, extra: string) => `POST /_api/graphql HTTP/1.1\nHost: ${host}\n${extra}x-access-token: t\n`;
    expect(readRawHeaders(head('127.0.0.1:3000', 'Origin: http://127.0.0.1:3000\n'))[0]?.url).toBe('http://127.0.0.1:3000/_api/graphql');
    expect(readRawHeaders(head('localhost:8080', 'Referer: http://localhost:8080/casino/games/dice\n'))[0]?.url).toBe('http://localhost:8080/_api/graphql');
    // The default port is implicit on one side and written on the other.
    expect(readRawHeaders(head('mirror.test:80', 'Origin: http://mirror.test\n'))[0]?.url).toBe('http://mirror.test:80/_api/graphql');
    expect(readRawHeaders(head('Stake.com', 'Origin: https://stake.com\n'))[0]?.url).toBe('https://Stake.com/_api/graphql');
    // Another host's Origin says nothing about this request's scheme.
    expect(readRawHeaders(head('api.test', 'Origin: http://page.test\n'))[0]?.url).toBe('https://api.test/_api/graphql');
    // :scheme, when the paste has it, wins.
    expect(readRawHeaders(':authority: a.test\n:scheme: https\n:path: /x\norigin: http://a.test\n')[0]?.url).toBe('https://a.test/x');
    // A Referer that is not a URL is ignored.
    expect(readRawHeaders(head('b.test', 'Referer: not a url\n'))[0]?.url).toBe('https://b.test/_api/graphql');
  });

  it('a Firefox copy from an http:// sandbox page gives an http base URL through extract_credentials', () => {
    const paste = [
      'POST /_api/graphql HTTP/1.1',
      'Host: 127.0.0.1:41234',
      'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Content-Type: application/json',
      'x-access-token: abc123',
      'Origin: http://127.0.0.1:41234',
      'Referer: http://127.0.0.1:41234/',
      'Cookie: session=s1',
      '',
    ].join('\n');
    expect(extract_credentials(paste).base_url).toBe('http://127.0.0.1:41234');
  });

  it('gives a null URL without a host, or with one that is not a host', () => {
    expect(readRawHeaders('POST /_api/graphql HTTP/2\nx-access-token: t\n')).toEqual([
      { url: null, headers: [['x-access-token', 't']], cookie_strings: [] },
    ]);
    expect(readRawHeaders('POST /x HTTP/2\nHost: bad host name\n')[0]?.url).toBeNull();
  });

  it('never reads body text after the blank line as headers', () => {
    const text = [
      'POST /_api/graphql HTTP/1.1',
      'Host: stake.com',
      'x-access-token: real',
      '',
      '{"query":"mutation","variables":{',
      '"x-access-token": "decoy",',
      'cookie: session=decoy',
      'x-access-token: decoy-too',
      '}}',
    ].join('\r\n');
    expect(readRawHeaders(text)).toEqual([
      { url: GRAPHQL, headers: [['Host', 'stake.com'], ['x-access-token', 'real']], cookie_strings: [] },
    ]);
  });

  it('tolerates a stray blank line between header lines', () => {
    const [request] = readRawHeaders('\n\nPOST /_api/graphql HTTP/2\nHost: stake.com\n\nx-access-token: t\n\n\n');
    expect(request?.headers).toEqual([
      ['Host', 'stake.com'],
      ['x-access-token', 't'],
    ]);
  });

  it('reads several request heads, each opened by a request line', () => {
    const text = 'GET / HTTP/1.1\nHost: stake.com\n\nPOST /_api/graphql HTTP/1.1\nHost: stake.com\nx-access-token: t2\n';
    const requests = readRawHeaders(text);
    expect(requests.map((r) => r.url)).toEqual(['https://stake.com/', GRAPHQL]);
    expect(valuesOf(requests[1], 'x-access-token')).toEqual(['t2']);
  });

  it('skips lines that are not headers', () => {
    const [request] = readRawHeaders('Request Headers\nx-access-token: t\nnot a header line\n"quoted": "no"\n');
    expect(request?.headers).toEqual([['x-access-token', 't']]);
  });

  it('gives [] for text with no header', () => {
    expect(readRawHeaders('')).toEqual([]);
    expect(readRawHeaders('\r\n\r\n')).toEqual([]);
    expect(readRawHeaders('just some words')).toEqual([]);
  });

  it('throws TypeError for a non-string', () => {
    expect(() => readRawHeaders(null as unknown as string)).toThrow(TypeError);
  });
});

describe('readRawHeaders is total and linear', () => {
  const pieces = ['POST ', '/_api/graphql', ' HTTP/2', ':authority', ':', ': ', 'Host', 'x-access-token', 'stake.com', '\n', '\r\n', '\r', ' ', '"', '{', 'a'];
  const headerLike = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join(''));

  it('never throws, and every header it gives is one line', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), headerLike), (text) => {
        for (const request of readRawHeaders(text)) {
          for (const [name, value] of request.headers) {
            expect(name).not.toMatch(/[\r\n]/);
            expect(value).not.toMatch(/[\r\n]/);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('handles megabytes of input', () => {
    const many = 'x-h: v\n'.repeat(200_000);
    expect(readRawHeaders(many)[0]?.headers).toHaveLength(200_000);
    const longLine = 'x-access-token: ' + 'a'.repeat(2_000_000);
    expect(readRawHeaders(longLine)[0]?.headers[0]?.[1]).toHaveLength(2_000_000);
    expect(readRawHeaders(':'.repeat(1_000_000))).toEqual([]);
  });
});

describe('sniffRawHeaders', () => {
  it('claims request heads, pseudo-headers and header lines', () => {
    for (const name of ['headers-chrome-http1.txt', 'headers-chrome-http2.txt', 'headers-firefox.txt', 'headers-chrome-pane.txt']) {
      expect(sniffRawHeaders(fixture(name))).toBe(true);
    }
    expect(sniffRawHeaders('\n  x-access-token: abc')).toBe(true);
  });

  it('does not claim cURL, fetch, HAR, PowerShell or prose', () => {
    expect(sniffRawHeaders("curl 'https://stake.com/_api/graphql' -H 'x-access-token: t'")).toBe(false);
    expect(sniffRawHeaders('curl https://stake.com/_api/graphql')).toBe(false);
    expect(sniffRawHeaders('curl.exe "https://stake.com/_api/graphql"')).toBe(false);
    expect(sniffRawHeaders(fixture('fetch-chrome.txt'))).toBe(false);
    expect(sniffRawHeaders(fixture('fetch-firefox.txt'))).toBe(false);
    expect(sniffRawHeaders(fixture('stake.har'))).toBe(false);
    expect(sniffRawHeaders('$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession')).toBe(false);
    expect(sniffRawHeaders('Invoke-WebRequest -UseBasicParsing -Uri "https://stake.com/_api/graphql" `')).toBe(false);
    expect(sniffRawHeaders('Dear support: my token')).toBe(false);
    expect(sniffRawHeaders('')).toBe(false);
  });
});
