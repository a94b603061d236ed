import { describe, it, expect } from 'vitest';
import { inspect } from 'node:util';
import { parseSetCookie } from 'set-cookie-parser';
import { CookieJar, MAX_JAR_COOKIES, is_sendable_cookie, path_matches, read_set_cookies } from '../../src/transport/cookie-jar.js';

const NOW = Date.UTC(2024, 0, 15, 12, 0, 0);
const parsed = (line: string) => {
  const [cookie] = parseSetCookie(line, { decodeValues: false });
  if (cookie === undefined) throw new Error('test line did not parse');
  return cookie;
};

describe('CookieJar', () => {
  it('sends what the server set, value exactly as sent', () => {
    const jar = new CookieJar();
    jar.store(parsed('__cf_bm=abc%3D.def-1; Path=/; HttpOnly; Secure; SameSite=None'), NOW);
    expect(jar.get('__cf_bm', NOW)).toBe('abc%3D.def-1');
    expect(jar.header([['session', 's1']], NOW)).toBe('session=s1; __cf_bm=abc%3D.def-1');
  });

  it('replaces a cookie given in the options with a newer one from the server', () => {
    const jar = new CookieJar();
    jar.store(parsed('cf_clearance=new-value; Path=/'), NOW);
    expect(jar.header([['session', 's'], ['cf_clearance', 'old-value']], NOW)).toBe('session=s; cf_clearance=new-value');
  });

  it('honours Max-Age=0 and a past Expires as deletion, of options cookies too', () => {
    const jar = new CookieJar();
    jar.store(parsed('__cf_bm=v; Path=/'), NOW);
    jar.store(parsed('__cf_bm=; Max-Age=0; Path=/'), NOW);
    jar.store(parsed('cf_clearance=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT'), NOW);
    expect(jar.get('__cf_bm', NOW)).toBeNull();
    expect(jar.header([['session', 's'], ['cf_clearance', 'from-options']], NOW)).toBe('session=s');
  });

  it('lets a cookie lapse at its Max-Age / Expires', () => {
    const jar = new CookieJar();
    jar.store(parsed('a=1; Max-Age=60'), NOW);
    jar.store(parsed('b=2; Expires=Mon, 15 Jan 2024 12:30:00 GMT'), NOW);
    expect(jar.header([], NOW + 59_000)).toBe('a=1; b=2');
    expect(jar.header([], NOW + 60_000)).toBe('b=2');
    expect(jar.header([], NOW + 30 * 60_000)).toBe('');
  });

  it('ignores values that would change the header\'s meaning', () => {
    const jar = new CookieJar();
    jar.store({ name: 'evil', value: 'x; admin=1' }, NOW);
    jar.store({ name: 'bad name', value: 'x' }, NOW);
    jar.store({ name: 'empty', value: '' }, NOW);
    expect(jar.header([], NOW)).toBe('');
    expect(is_sendable_cookie('a', 'b')).toBe(true);
    expect(is_sendable_cookie('a', 'b c')).toBe(false);
  });

  it('holds at most MAX_JAR_COOKIES names', () => {
    const jar = new CookieJar();
    for (let i = 0; i < MAX_JAR_COOKIES + 10; i++) jar.store({ name: `c${i}`, value: 'v' }, NOW);
    expect(jar.toJSON().cookies).toHaveLength(MAX_JAR_COOKIES);
  });

  it('shows names, never values', () => {
    const jar = new CookieJar();
    jar.store(parsed('cf_clearance=CANARY-CLEARANCE-VALUE'), NOW);
    for (const shown of [inspect(jar, { showHidden: true, depth: 5 }), JSON.stringify(jar), String(jar)]) {
      expect(shown).not.toContain('CANARY-CLEARANCE-VALUE');
    }
    expect(inspect(jar)).toContain('cf_clearance');
  });
});

describe('path_matches (RFC 6265 5.1.4)', () => {
  it('matches prefixes on segment boundaries only', () => {
    expect(path_matches('/_api/graphql', undefined)).toBe(true);
    expect(path_matches('/_api/graphql', '/')).toBe(true);
    expect(path_matches('/_api/graphql', '/_api')).toBe(true);
    expect(path_matches('/_api/graphql', '/_api/')).toBe(true);
    expect(path_matches('/_api/graphql', '/_api/graphql')).toBe(true);
    expect(path_matches('/_api/graphql', '/_ap')).toBe(false);
    expect(path_matches('/_api/graphql', '/casino')).toBe(false);
  });
});

describe('read_set_cookies', () => {
  it('reads every line from getSetCookie()', () => {
    const headers = new Headers();
    headers.append('set-cookie', 'session=abc%3D; Path=/; HttpOnly');
    headers.append('set-cookie', '__cf_bm=x; Expires=Mon, 15 Jan 2024 12:30:00 GMT');
    const cookies = read_set_cookies(headers);
    expect(cookies.map((c) => [c.name, c.value])).toEqual([['session', 'abc%3D'], ['__cf_bm', 'x']]);
  });

  it('splits folded lines when getSetCookie is missing', () => {
    const folded = { get: (n: string) => (n === 'set-cookie' ? 'a=1; Expires=Mon, 15 Jan 2024 12:30:00 GMT, b=2' : null) };
    expect(read_set_cookies(folded).map((c) => c.name)).toEqual(['a', 'b']);
    expect(read_set_cookies({ get: () => null })).toEqual([]);
  });
});
