import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { readHar, sniffHar } from '../../../src/paste/formats/har.js';
import type { PastedRequest } from '../../../src/paste/request.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/pastes/${name}`, import.meta.url), 'utf8');
}

function valuesOf(request: PastedRequest | undefined, name: string): string[] {
  return (request?.headers ?? []).filter(([key]) => key.toLowerCase() === name).map(([, value]) => value);
}

const GRAPHQL = 'https://stake.com/_api/graphql';
const TOKEN_NEW = 'token-new-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

/** A minimal HAR around the given entries. */
function har(entries: unknown[]): string {
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } });
}

function entry(startedDateTime: unknown, url: string, token?: string): unknown {
  const headers = token === undefined ? [] : [{ name: 'x-access-token', value: token }];
  return { startedDateTime, request: { method: 'POST', url, headers, cookies: [] } };
}

describe('readHar on a saved HAR', () => {
  it('orders the requests newest first, comparing real instants (time zones included)', () => {
    const requests = readHar(fixture('stake.har'));
    // File order: 0 home 10:00:00, 1 graphql 10:00:01.5, 2 graphql 10:05:00.25, 3 graphql 12:01+02:00 (10:01 UTC),
    // 4 graphql 10:06 (empty token), 5 main.js 10:05:00.25 (tie with 2).
    expect(requests.map((r) => valuesOf(r, 'x-access-token')[0] ?? r.url)).toEqual([
      '',
      TOKEN_NEW,
      'https://stake.com/_next/static/chunks/main.js',
      'token-offset-cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc',
      'token-old-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      'https://stake.com/casino/home',
    ]);
  });

  it('puts the newest graphql request with a non-empty token first among those with one', () => {
    const withToken = readHar(fixture('stake.har')).find(
      (r) => r.url !== null && new URL(r.url).pathname === '/_api/graphql' && valuesOf(r, 'x-access-token').some((v) => v !== ''),
    );
    expect(valuesOf(withToken, 'x-access-token')).toEqual([TOKEN_NEW]);
  });

  it('turns request.cookies into name=value strings and keeps the Cookie header a header', () => {
    const newest = readHar(fixture('stake.har'))[1];
    expect(newest?.url).toBe(GRAPHQL);
    expect(newest?.cookie_strings).toEqual(['session=session-new', 'cf_session=decoy']);
    expect(valuesOf(newest, 'cookie')).toEqual(['session=session-new; cf_session=decoy']);
    expect(newest?.headers.slice(0, 4)).toEqual([
      [':authority', 'stake.com'],
      [':method', 'POST'],
      [':path', '/_api/graphql'],
      [':scheme', 'https'],
    ]);
  });

  it('never reads postData as headers or cookies', () => {
    for (const request of readHar(fixture('stake.har'))) {
      expect(JSON.stringify(request)).not.toContain('decoy-in-body');
    }
  });
});

describe('readHar ordering rules', () => {
  it('keeps file order for equal times and puts unreadable dates last, in file order', () => {
    const text = har([
      entry('not a date', 'https://a/1'),
      entry('2024-01-01T00:00:00Z', 'https://a/2'),
      entry(undefined, 'https://a/3'),
      entry('2024-01-01T00:00:00.000Z', 'https://a/4'),
      entry(1704067200000, 'https://a/5'),
      entry('2024-01-02T00:00:00Z', 'https://a/6'),
      entry('x'.repeat(100), 'https://a/7'),
    ]);
    expect(readHar(text).map((r) => r.url)).toEqual([
      'https://a/6',
      'https://a/2',
      'https://a/4',
      'https://a/1',
      'https://a/3',
      'https://a/5',
      'https://a/7',
    ]);
  });

  it('skips malformed entries, headers and cookies, keeps the good ones', () => {
    const text = har([
      null,
      'entry',
      { startedDateTime: '2024-01-01T00:00:00Z' },
      {
        startedDateTime: '2024-01-01T00:00:01Z',
        request: {
          url: 42,
          headers: [{ name: 'a', value: 'b' }, { name: 'n' }, { name: 1, value: 'x' }, null, ['c', 'd']],
          cookies: [{ name: 'session', value: 's' }, { name: '', value: 'nameless' }, { value: 'v' }, 'session=raw'],
        },
      },
      { startedDateTime: '2024-01-01T00:00:02Z', request: { url: 'https://stake.com/', headers: 'nope', cookies: {} } },
    ]);
    expect(readHar(text)).toEqual([
      { url: 'https://stake.com/', headers: [], cookie_strings: [] },
      { url: null, headers: [['a', 'b']], cookie_strings: ['session=s'] },
    ]);
  });

  it('accepts a byte-order mark before the JSON', () => {
    expect(readHar('\uFEFF' + har([entry('2024-01-01T00:00:00Z', 'https://a/', 't')]))).toHaveLength(1);
  });
});

describe('readHar on other text', () => {
  it('gives [] for invalid JSON or JSON without log.entries', () => {
    for (const text of ['', '{', '{"log":', 'null', '[]', '{"log":{}}', '{"log":{"entries":{}}}', '{"log":[]}', '"log"', 'curl x']) {
      expect(readHar(text)).toEqual([]);
    }
    expect(readHar(fixture('fetch-chrome.txt'))).toEqual([]);
  });

  it('throws TypeError for a non-string', () => {
    expect(() => readHar({} as unknown as string)).toThrow(TypeError);
  });

  it('never throws on any string, nor on any JSON value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ log: { entries: v } }))), (text) => {
        expect(Array.isArray(readHar(text))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on a cut HAR', () => {
    const source = fixture('stake.har');
    fc.assert(
      // Any proper prefix of the JSON (trailing whitespace aside) is invalid.
      fc.property(fc.nat(source.trimEnd().length - 1), (cut) => {
        expect(readHar(source.slice(0, cut))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('reads a HAR of tens of megabytes', () => {
    const padding = 'p'.repeat(1000);
    const entries: unknown[] = [];
    for (let i = 0; i < 20_000; i++) {
      const minute = String(i % 60).padStart(2, '0');
      const hour = String(Math.floor(i / 60) % 24).padStart(2, '0');
      const day = String(1 + Math.floor(i / 1440)).padStart(2, '0');
      entries.push({
        startedDateTime: `2024-03-${day}T${hour}:${minute}:00.000Z`,
        request: {
          url: GRAPHQL,
          headers: [
            { name: 'x-padding', value: padding },
            { name: 'x-access-token', value: `t${i}` },
          ],
          cookies: [{ name: 'session', value: `s${i}` }],
        },
      });
    }
    const text = har(entries);
    expect(text.length).toBeGreaterThan(20_000_000);
    const requests = readHar(text);
    expect(requests).toHaveLength(20_000);
    expect(valuesOf(requests[0], 'x-access-token')).toEqual(['t19999']);
    expect(requests[0]?.cookie_strings).toEqual(['session=s19999']);
    expect(valuesOf(requests[19_999], 'x-access-token')).toEqual(['t0']);
  });
});

describe('sniffHar', () => {
  it('claims a HAR file', () => {
    expect(sniffHar(fixture('stake.har'))).toBe(true);
    expect(sniffHar('\uFEFF\n{ "log" : {"entries": []}}')).toBe(true);
    expect(sniffHar('{"version": 1, "log": {}}')).toBe(true);
  });

  it('does not claim cURL, fetch, raw headers, PowerShell or other JSON', () => {
    expect(sniffHar("curl 'https://stake.com/_api/graphql' -H 'x-access-token: t'")).toBe(false);
    expect(sniffHar(fixture('fetch-chrome-node.txt'))).toBe(false);
    expect(sniffHar(fixture('headers-chrome-http2.txt'))).toBe(false);
    expect(sniffHar('Invoke-WebRequest -UseBasicParsing -Uri "https://stake.com/_api/graphql"')).toBe(false);
    expect(sniffHar('{"query": "query { user { id } }", "note": "log"}')).toBe(false);
    expect(sniffHar('[{"log": {}}]')).toBe(false);
    expect(sniffHar('')).toBe(false);
  });

  it('looks at a bounded prefix only', () => {
    expect(sniffHar('{' + ' '.repeat(10_000) + '"log": {}}')).toBe(false);
  });
});
