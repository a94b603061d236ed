import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthManager, TOKEN_EXPIRY_BUFFER_SECONDS } from '../../src/auth/index.js';

const TOKEN = 'canary-token-7f3a9c';
const SESSION = 'canary-session-b81d%3D';

function snapshot(m: AuthManager): unknown[] {
  return [m.access_token, m.session_cookie, m._token_expires_at];
}

describe('AuthManager: construction and attributes', () => {
  it('starts empty with no arguments', () => {
    const m = new AuthManager();
    expect(snapshot(m)).toEqual([null, null, null]);
  });

  it('stores both credentials given to the constructor, with expiry unknown', () => {
    const m = new AuthManager(TOKEN, SESSION);
    expect(snapshot(m)).toEqual([TOKEN, SESSION, null]);
    expect(m.is_token_expired()).toBe(false);
  });

  it('accepts null and undefined as "not given"', () => {
    expect(snapshot(new AuthManager(null, undefined))).toEqual([null, null, null]);
    expect(snapshot(new AuthManager(undefined, SESSION))).toEqual([null, SESSION, null]);
  });

  it('trims surrounding whitespace and stores the trimmed value', () => {
    const m = new AuthManager(`  ${TOKEN}\n`, `\t${SESSION} `);
    expect(m.access_token).toBe(TOKEN);
    expect(m.session_cookie).toBe(SESSION);
  });

  it('exports the 300-second expiry buffer', () => {
    expect(TOKEN_EXPIRY_BUFFER_SECONDS).toBe(300);
  });

  it('does not let the public attributes be assigned', () => {
    const m = new AuthManager(TOKEN);
    expect(() => {
      (m as unknown as { access_token: string }).access_token = 'x';
    }).toThrow(TypeError);
    expect(m.access_token).toBe(TOKEN);
  });
});

describe('AuthManager: headers and cookies', () => {
  it('get_auth_headers resolves to the X-Access-Token header when a token is set', async () => {
    const m = new AuthManager(TOKEN);
    const pending = m.get_auth_headers();
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toEqual({ 'X-Access-Token': TOKEN });
  });

  it('get_auth_headers resolves to {} without a token', async () => {
    expect(await new AuthManager(null, SESSION).get_auth_headers()).toEqual({});
  });

  it('get_cookies returns { session } when set and {} when not', () => {
    expect(new AuthManager(null, SESSION).get_cookies()).toEqual({ session: SESSION });
    expect(new AuthManager(TOKEN).get_cookies()).toEqual({});
  });

  it('returns a fresh object each call: mutating it never changes the manager', async () => {
    const m = new AuthManager(TOKEN, SESSION);
    const headers = await m.get_auth_headers();
    headers['X-Access-Token'] = 'tampered';
    const cookies = m.get_cookies();
    cookies.session = 'tampered';
    expect(await m.get_auth_headers()).toEqual({ 'X-Access-Token': TOKEN });
    expect(m.get_cookies()).toEqual({ session: SESSION });
  });
});

describe('AuthManager: setters and clear', () => {
  it('set_access_token replaces the token; set_session_cookie replaces only the cookie', () => {
    const m = new AuthManager('old', 'old-session');
    m.set_access_token('new', 60);
    const expiry = m._token_expires_at;
    m.set_session_cookie('new-session');
    expect(snapshot(m)).toEqual(['new', 'new-session', expiry]);
  });

  it('clear_tokens resets everything and the outputs follow', async () => {
    const m = new AuthManager(TOKEN, SESSION);
    m.set_access_token(TOKEN, 10);
    m.clear_tokens();
    expect(snapshot(m)).toEqual([null, null, null]);
    expect(await m.get_auth_headers()).toEqual({});
    expect(m.get_cookies()).toEqual({});
    expect(m.is_token_expired()).toBe(false);
  });
});

describe('AuthManager: expiry with fake time', () => {
  const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records now + expires_in as a Unix timestamp in seconds', () => {
    const m = new AuthManager();
    m.set_access_token(TOKEN, 3600);
    expect(m._token_expires_at).toBe(T0 / 1000 + 3600);
  });

  it('follows the spec example: 3600 s token at 0, 55 and 56 minutes', () => {
    const m = new AuthManager();
    m.set_access_token(TOKEN, 3600);
    expect(m.is_token_expired()).toBe(false);
    vi.setSystemTime(T0 + 55 * 60_000 - 1);
    expect(m.is_token_expired()).toBe(false);
    vi.setSystemTime(T0 + 56 * 60_000);
    expect(m.is_token_expired()).toBe(true);
  });

  it('counts the exact boundary instant (expiry minus 300 s) as expired', () => {
    const m = new AuthManager();
    m.set_access_token(TOKEN, 3600);
    vi.setSystemTime(T0 + (3600 - TOKEN_EXPIRY_BUFFER_SECONDS) * 1000 - 1);
    expect(m.is_token_expired()).toBe(false);
    vi.setSystemTime(T0 + (3600 - TOKEN_EXPIRY_BUFFER_SECONDS) * 1000);
    expect(m.is_token_expired()).toBe(true);
  });

  it('reads the clock at every call (never cached)', () => {
    const m = new AuthManager();
    m.set_access_token(TOKEN, 400);
    expect(m.is_token_expired()).toBe(false);
    vi.advanceTimersByTime(100_000);
    expect(m.is_token_expired()).toBe(true);
  });

  it('treats expires_in = 0 as a real expiry (expired at once) and a negative one as already expired', () => {
    const m = new AuthManager();
    m.set_access_token(TOKEN, 0);
    expect(m._token_expires_at).toBe(T0 / 1000);
    expect(m.is_token_expired()).toBe(true);
    m.set_access_token(TOKEN, -10);
    expect(m.is_token_expired()).toBe(true);
  });

  it('clears an earlier expiry when a token is set without expires_in (omitted or null)', () => {
    const m = new AuthManager();
    m.set_access_token('a', 10);
    expect(m.is_token_expired()).toBe(true);
    m.set_access_token('b');
    expect(m._token_expires_at).toBeNull();
    expect(m.is_token_expired()).toBe(false);
    m.set_access_token('c', 10);
    m.set_access_token('d', null);
    expect(m._token_expires_at).toBeNull();
  });

  it('a new token with a new expiry makes an expired manager valid again', () => {
    const m = new AuthManager();
    m.set_access_token('a', 0);
    expect(m.is_token_expired()).toBe(true);
    m.set_access_token('b', 3600);
    expect(m.is_token_expired()).toBe(false);
  });

  it('accepts fractional expires_in', () => {
    const m = new AuthManager();
    m.set_access_token(TOKEN, 300.5);
    expect(m._token_expires_at).toBe(T0 / 1000 + 300.5);
    expect(m.is_token_expired()).toBe(false);
  });
});

describe('AuthManager: bad input gets a typed error and changes nothing', () => {
  const cases: Array<[string, (m: AuthManager) => void, ErrorConstructor, RegExp]> = [
    ['number token', (m) => m.set_access_token(42 as unknown as string), TypeError, /access_token must be a string/],
    ['object token', (m) => m.set_access_token({} as unknown as string), TypeError, /access_token/],
    ['undefined token', (m) => m.set_access_token(undefined as unknown as string), TypeError, /access_token/],
    ['null token to the setter', (m) => m.set_access_token(null as unknown as string), TypeError, /access_token/],
    ['empty token', (m) => m.set_access_token(''), RangeError, /access_token must not be empty/],
    ['whitespace token', (m) => m.set_access_token(' \t\n'), RangeError, /access_token/],
    ['token with LF', (m) => m.set_access_token(`${TOKEN}\nX-Evil: 1`), RangeError, /control/],
    ['token with CR', (m) => m.set_access_token(`${TOKEN}\r`.padEnd(30, 'x')), RangeError, /control/],
    ['token with NUL', (m) => m.set_access_token(`a\0${TOKEN}`), RangeError, /control/],
    ['token with non-ASCII', (m) => m.set_access_token(`${TOKEN}é`), RangeError, /ASCII/],
    ['number cookie', (m) => m.set_session_cookie(7 as unknown as string), TypeError, /session_cookie must be a string/],
    ['empty cookie', (m) => m.set_session_cookie('   '), RangeError, /session_cookie must not be empty/],
    ['cookie injection', (m) => m.set_session_cookie(`${SESSION}; admin=1`), RangeError, /RFC 6265/],
    ['cookie with comma', (m) => m.set_session_cookie(`${SESSION},x`), RangeError, /session_cookie/],
    ['cookie with inner space', (m) => m.set_session_cookie(`${SESSION} x`), RangeError, /session_cookie/],
    ['cookie with quote', (m) => m.set_session_cookie(`"${SESSION}"`), RangeError, /session_cookie/],
    ['cookie with backslash', (m) => m.set_session_cookie(`${SESSION}\\`), RangeError, /session_cookie/],
    ['cookie with control', (m) => m.set_session_cookie(`${SESSION}\x01`), RangeError, /session_cookie/],
    ['NaN expires_in', (m) => m.set_access_token(TOKEN, Number.NaN), RangeError, /expires_in/],
    ['Infinity expires_in', (m) => m.set_access_token(TOKEN, Infinity), RangeError, /expires_in/],
    ['string expires_in', (m) => m.set_access_token(TOKEN, '60' as unknown as number), TypeError, /expires_in/],
    ['boolean expires_in', (m) => m.set_access_token(TOKEN, true as unknown as number), TypeError, /expires_in/],
  ];

  for (const [name, act, errorClass, message] of cases) {
    it(`${name}: ${errorClass.name}, no secret in the message, state unchanged`, () => {
      vi.useFakeTimers();
      vi.setSystemTime(Date.UTC(2026, 0, 1));
      try {
        const m = new AuthManager('prior-token', 'prior-session');
        m.set_access_token('prior-token', 1000);
        const before = snapshot(m);
        let caught: unknown;
        try {
          act(m);
        } catch (error) {
          caught = error;
        }
        expect(caught).toBeInstanceOf(errorClass);
        const text = String((caught as Error).message);
        expect(text).toMatch(message);
        expect(text).not.toContain(TOKEN);
        expect(text).not.toContain(SESSION);
        expect(text).not.toContain('prior-');
        expect(snapshot(m)).toEqual(before);
      } finally {
        vi.useRealTimers();
      }
    });
  }

  it('the constructor rejects an empty token and a bad cookie with the same errors', () => {
    expect(() => new AuthManager('')).toThrow(RangeError);
    expect(() => new AuthManager(5 as unknown as string)).toThrow(TypeError);
    expect(() => new AuthManager(TOKEN, 'a;b')).toThrow(RangeError);
    expect(() => new AuthManager(TOKEN, 'a;b')).not.toThrow(new RegExp(TOKEN));
  });
});

describe('AuthManager: secrets never shown', () => {
  it('util.inspect, toString and JSON.stringify say a credential is set, not what it is', () => {
    const m = new AuthManager(TOKEN, SESSION);
    const shown = [
      inspect(m),
      inspect(m, { showHidden: true, depth: 10 }),
      inspect({ nested: { m } }, { depth: 10 }),
      String(m),
      `${m}`,
      JSON.stringify(m),
      JSON.stringify({ m }),
    ];
    for (const text of shown) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(SESSION);
    }
    expect(JSON.parse(JSON.stringify(m))).toEqual({ access_token: '[set]', session_cookie: '[set]', _token_expires_at: null });
    expect(inspect(m)).toContain('[set]');
    expect(String(new AuthManager())).toContain('unset');
  });

  it('own enumerable keys hold no secret', () => {
    const m = new AuthManager(TOKEN, SESSION);
    expect(Object.keys(m)).toEqual([]);
    expect(Object.values(m).join()).not.toContain(TOKEN);
  });
});
