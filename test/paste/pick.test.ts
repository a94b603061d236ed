import { parse } from 'cookie';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cookieNamed, cookiesNamed, originOf, type CookiePair } from '../../src/paste/pick.js';

const asWritten = (value: string): string => value;

describe('cookieNamed', () => {
  it('finds the first pair of exactly that name, trimmed, as written', () => {
    expect(cookieNamed('a=1; session=s%3D; session=later', 'session')).toBe('s%3D');
    expect(cookieNamed('cf_session=x; __session=y; sessionid=z', 'session')).toBeUndefined();
    expect(cookieNamed(' \tsession = v w ;x=1', 'session')).toBe('v w');
    expect(cookieNamed('junk; more junk; session=v', 'session')).toBe('v');
    expect(cookieNamed('session=', 'session')).toBe('');
  });

  // The pairs are split as the `cookie` package splits them: the same answer on any string.
  it('agrees with cookie.parse on random cookie strings', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 's', 'session', '=', ';', ' ', '\t', '"', 'x', ',', '%3D'), maxLength: 40 });
    fc.assert(
      fc.property(text, fc.constantFrom('a', 's', 'session', 'x', 'session=', ''), (s, name) => {
        expect(cookieNamed(s, name)).toBe(parse(s, { decode: asWritten })[name]);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('cookiesNamed', () => {
  // One walk for two names must answer what two cookieNamed walks answer, including
  // repeated names, names that are a prefix of the other and a name not wanted.
  it('gives each wanted name what cookieNamed gives it, and undefined for a name not wanted', () => {
    const text = fc.string({ unit: fc.constantFrom('s', 'session', 'cf', 'cf_clearance', '=', ';', ' ', '\t', 'x', ''), maxLength: 40 });
    const name = fc.constantFrom('s', 'session', 'cf', 'cf_clearance', 'x');
    fc.assert(
      fc.property(text, name, name, fc.boolean(), fc.boolean(), (s, first, second, wantFirst, wantSecond) => {
        fc.pre(first !== second);
        const found: CookiePair = { first: 'stale', second: 'stale' };
        cookiesNamed(s, first, second, wantFirst, wantSecond, found);
        expect(found.first).toBe(wantFirst ? cookieNamed(s, first) : undefined);
        expect(found.second).toBe(wantSecond ? cookieNamed(s, second) : undefined);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('originOf', () => {
  const origin = (url: string | null) => originOf({ url, headers: [], cookie_strings: [] });

  it('is the URL parser\'s origin for plain hosts and for every other shape', () => {
    for (const url of [
      'https://stake.com/_api/graphql', 'http://a-b.example/x?y#z', 'https://stake.com', 'https://Stake.COM/x',
      'https://stake.com:443/x', 'http://127.0.0.1:8123/_api/graphql', 'https://0x7f.1/', 'https://a..b/',
      'https://xn--nxasmq6b.com/', 'https://user:pw@stake.com/', 'https://stake.com\\x', 'https://stake.com./',
      'https://a.1/', 'stake.com/_api/graphql', 'ftp://stake.com/', ' https://stake.com/ ',
    ]) {
      let expected: string | null = null;
      try {
        const parsed = new URL(url.trim().includes('://') ? url.trim() : `http://${url.trim()}`);
        expected = parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
      } catch {
        expected = null;
      }
      expect(origin(url), url).toBe(expected);
    }
    expect(origin(null)).toBeNull();
  });

  it('agrees with the URL parser on random http(s) URLs', () => {
    const host = fc.string({ unit: fc.constantFrom('a', 'z', '0', '9', '-', '.', 'A', 'xn--', ':', '@', '%', '_'), maxLength: 16 });
    fc.assert(
      fc.property(fc.constantFrom('http://', 'https://'), host, fc.constantFrom('', '/', '/x?y', '#f', '\\\\p'), (scheme, h, rest) => {
        const url = scheme + h + rest;
        let expected: string | null;
        try {
          expected = new URL(url).origin;
        } catch {
          expected = null;
        }
        expect(origin(url)).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });
});
