import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AuthManager } from '../../src/auth/index.js';
import { extract_credentials } from '../../src/paste/index.js';
import { pasteFixtures } from '../support/fixtures.js';

describe('extract_credentials on the browser fixtures', () => {
  const fixtures = pasteFixtures();
  it('has fixtures to read', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(7);
  });
  for (const fixture of fixtures) {
    it(`${fixture.name}: reads exactly the hand-written credentials`, () => {
      expect(extract_credentials(fixture.text)).toEqual(fixture.expected);
    });
    it(`${fixture.name}: the AuthManager helpers agree with extract_credentials`, () => {
      expect(AuthManager.extract_access_token_from_curl(fixture.text)).toBe(fixture.expected.access_token);
      expect(AuthManager.extract_session_from_curl(fixture.text)).toBe(fixture.expected.session_cookie);
    });
    it(`${fixture.name}: survives CRLF line endings`, () => {
      const crlf = fixture.text.replace(/\r?\n/g, '\r\n');
      expect(extract_credentials(crlf)).toEqual(fixture.expected);
    });
  }
});

describe('the rules of the spec and the binding', () => {
  const base = `curl 'https://stake.com/_api/graphql' -H 'content-type: application/json'`;

  it('matches the header name case-insensitively and strips one pair of quotes', () => {
    expect(AuthManager.extract_access_token_from_curl(`${base} -H 'X-Access-Token: abc'`)).toBe('abc');
    expect(AuthManager.extract_access_token_from_curl(`${base} -H 'x-access-token: "abc"'`)).toBe('abc');
    expect(AuthManager.extract_access_token_from_curl(`${base} -H "x-ACCESS-token:   abc  "`)).toBe('abc');
  });

  it('returns null without the header, and for an empty (logged-out) value', () => {
    expect(AuthManager.extract_access_token_from_curl(base)).toBeNull();
    expect(AuthManager.extract_access_token_from_curl(`${base} -H 'x-access-token: '`)).toBeNull();
    expect(AuthManager.extract_access_token_from_curl(`${base} -H 'x-access-token;'`)).toBeNull();
  });

  it('takes the first non-empty of several token headers', () => {
    expect(AuthManager.extract_access_token_from_curl(`${base} -H 'x-access-token: ' -H 'x-access-token: b' -H 'x-access-token: c'`)).toBe('b');
  });

  it('reads --header and attached -H', () => {
    expect(AuthManager.extract_access_token_from_curl(`${base} --header 'x-access-token: a'`)).toBe('a');
    expect(AuthManager.extract_access_token_from_curl(`${base} -H'x-access-token: a2'`)).toBe('a2');
  });

  it('reads $\'…\' ANSI-C quoting', () => {
    expect(AuthManager.extract_access_token_from_curl(`${base} -H $'x-access-token: a\\x62c'`)).toBe('abc');
  });

  it('returns the session value only: not the name, not the following cookies', () => {
    expect(AuthManager.extract_session_from_curl(`${base} -b 'a=1; session=xyz; b=2'`)).toBe('xyz');
    expect(AuthManager.extract_session_from_curl(`${base} -b 'a=1; session=xyz'`)).toBe('xyz');
    expect(AuthManager.extract_session_from_curl(`${base} --cookie 'session=xyz;b=2' -H 'x: y'`)).toBe('xyz');
  });

  it('keeps percent-encoding as written', () => {
    expect(AuthManager.extract_session_from_curl(`${base} -b 'session=a%3D%3D%2Fb'`)).toBe('a%3D%3D%2Fb');
  });

  it('matches the name session exactly: cf_session, __session, sessionid, Session do not count', () => {
    expect(AuthManager.extract_session_from_curl(`${base} -b 'cf_session=1; __session=2; sessionid=3; Session=4'`)).toBeNull();
    expect(AuthManager.extract_session_from_curl(`${base} -b 'cf_session=1; session=5'`)).toBe('5');
  });

  it('reads -b values joined as curl joins them, first occurrence wins', () => {
    expect(AuthManager.extract_session_from_curl(`${base} -b 'a=1' -b 'session=first' -b 'session=second'`)).toBe('first');
    expect(AuthManager.extract_session_from_curl(`${base} -bsession=attached`)).toBe('attached');
  });

  it('treats a -b value without = as a cookie-jar file name', () => {
    expect(AuthManager.extract_session_from_curl(`${base} -b session`)).toBeNull();
  });

  it('falls back to a Cookie header when no -b has the session', () => {
    expect(AuthManager.extract_session_from_curl(`${base} -H 'Cookie: session=fromheader'`)).toBe('fromheader');
    expect(AuthManager.extract_session_from_curl(`${base} -b 'a=1' -H 'cookie: session=fromheader'`)).toBe('fromheader');
    expect(AuthManager.extract_session_from_curl(`${base} -b 'session=flag' -H 'cookie: session=header'`)).toBe('flag');
  });

  it('returns null for an empty session value', () => {
    expect(AuthManager.extract_session_from_curl(`${base} -b 'session=; a=1'`)).toBeNull();
  });

  it('never reads headers or cookies out of a request body', () => {
    const paste = `${base} --data-raw '-H x-access-token: evil -b session=evil' -d "session=evil" --data-binary $'x-access-token: evil'`;
    expect(extract_credentials(paste).access_token).toBeNull();
    expect(extract_credentials(paste).session_cookie).toBeNull();
  });

  it('prefers the /_api/graphql command of several, else the first that has the value', () => {
    const paste = [
      `curl 'https://stake.com/other' -H 'x-access-token: other' -b 'cf_clearance=from-other' ;`,
      `curl 'https://stake.com/_api/graphql' -H 'x-access-token: gql'`,
    ].join('\n');
    const found = extract_credentials(paste);
    expect(found.access_token).toBe('gql');
    expect(found.cf_clearance).toBe('from-other');
  });

  it('reads the user agent from -A and the base URL from the request URL', () => {
    const found = extract_credentials(`curl -A 'UA/2' 'http://127.0.0.1:8123/_api/graphql'`);
    expect(found.user_agent).toBe('UA/2');
    expect(found.base_url).toBe('http://127.0.0.1:8123');
  });

  it('tolerates a leading prompt', () => {
    expect(AuthManager.extract_access_token_from_curl(`$ curl 'https://stake.com/_api/graphql' -H 'x-access-token: p'`)).toBe('p');
    expect(AuthManager.extract_access_token_from_curl(`> curl 'https://stake.com/_api/graphql' -H 'x-access-token: p'`)).toBe('p');
  });

  it('rejects a non-string with TypeError', () => {
    expect(() => AuthManager.extract_access_token_from_curl(5 as unknown as string)).toThrow(TypeError);
    expect(() => AuthManager.extract_session_from_curl(null as unknown as string)).toThrow(TypeError);
    expect(() => extract_credentials(undefined as unknown as string)).toThrow(TypeError);
  });
});

describe('the peers\' failures, as regression tests', () => {
  it('does not return the rest of the command when session is the last cookie', () => {
    expect(AuthManager.extract_session_from_curl(`curl 'u' -b 'a=1; session=last' -H 'x: y' --data-raw '{}'`)).toBe('last');
  });
  it('does not match cf_session= nor session= inside a body', () => {
    expect(AuthManager.extract_session_from_curl(`curl 'u' -b 'cf_session=x' --data-raw 'session=y'`)).toBeNull();
  });
});

describe('extractors are total on strings', () => {
  it('never throw and return a string or null, for arbitrary text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
      const token = AuthManager.extract_access_token_from_curl(s);
      const session = AuthManager.extract_session_from_curl(s);
      expect(token === null || (typeof token === 'string' && token !== '')).toBe(true);
      expect(session === null || (typeof session === 'string' && session !== '')).toBe(true);
    }), { numRuns: 1500 });
  });

  it('never throw on curl-shaped noise built from the syntax every format uses', () => {
    const piece = fc.constantFrom('curl', 'curl.exe', ' ', '\n', '\r\n', ' \\\n', ' ^\n', ' `\n', "'", '"', '^"', '$\'', '\\', '^', '`',
      '-H', '-b', '--header', '--cookie', 'x-access-token: ', 'session=', 'Cookie: ', ';', '&', '|', '%', '{', '}', '@{', 'fetch(', 'Invoke-WebRequest', '-Headers', ':authority:', '{"log":');
    fc.assert(fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
      const s = parts.join('');
      expect(() => extract_credentials(s)).not.toThrow();
    }), { numRuns: 1500 });
  });

  it('finishes on a 1 MB body and still finds the token after it', () => {
    const body = `{"query":"${'a'.repeat(1 << 20)}"}`;
    expect(AuthManager.extract_access_token_from_curl(`curl 'https://stake.com/_api/graphql' --data-raw '${body}' -H 'x-access-token: after'`)).toBe('after');
  });
});
