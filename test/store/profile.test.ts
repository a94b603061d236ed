import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { assert_profile_name, is_valid_profile_name } from '../../src/store/index.js';
import { checkProfile } from '../../src/store/profile.js';

const CANARY = 'CANARY-7d865e959b2466918c9863af';

describe('profile names', () => {
  it.each(['default', 'a', 'A.b_c-9', '..', 'x'.repeat(64), '__proto__'])('accepts %j', (name) => {
    expect(is_valid_profile_name(name)).toBe(true);
    expect(() => assert_profile_name(name)).not.toThrow();
  });

  it.each(['', 'x'.repeat(65), 'a b', 'a/b', 'a\\b', 'a:b', 'é', 'a\n', '\u0000', ' default'])('refuses %j with RangeError', (name) => {
    expect(is_valid_profile_name(name)).toBe(false);
    expect(() => assert_profile_name(name)).toThrow(RangeError);
  });

  it('refuses a non-string with TypeError and never quotes the name', () => {
    expect(() => assert_profile_name(7)).toThrow(TypeError);
    expect(() => assert_profile_name(null)).toThrow(TypeError);
    expect(() => assert_profile_name(`${CANARY};`)).toThrow(expect.objectContaining({ message: expect.not.stringContaining(CANARY) }));
  });
});

describe('checkProfile', () => {
  it('fills missing fields with null, trims values and stamps saved_at', () => {
    expect(checkProfile({ access_token: ' t ', user_agent: ' UA/1 ', base_url: 'http://127.0.0.1:8080/' }, 42)).toEqual({
      access_token: 't',
      session_cookie: null,
      cf_clearance: null,
      user_agent: 'UA/1',
      base_url: 'http://127.0.0.1:8080',
      token_expires_at: null,
      saved_at: 42,
    });
  });

  it('ignores a caller-supplied saved_at but reads it back from stored data', () => {
    expect(checkProfile({ saved_at: 5 }, 42).saved_at).toBe(42);
    const stored = { access_token: null, session_cookie: null, cf_clearance: null, user_agent: null, base_url: null, token_expires_at: null, saved_at: 5 };
    expect(checkProfile(stored, 42, true).saved_at).toBe(5);
  });

  it('keeps zero, negative and fractional expiries as given', () => {
    for (const t of [0, -10, 1_767_225_600.5]) {
      expect(checkProfile({ access_token: 't', token_expires_at: t }, 1).token_expires_at).toBe(t);
    }
  });

  it.each<[string, unknown, ErrorConstructor]>([
    ['access_token', `${CANARY}\nX: y`, RangeError],
    ['access_token', `${CANARY}\u00e9`, RangeError],
    ['access_token', '   ', RangeError],
    ['access_token', 1, TypeError],
    ['session_cookie', `${CANARY}; admin=1`, RangeError],
    ['session_cookie', `${CANARY},x`, RangeError],
    ['session_cookie', `"${CANARY}"`, RangeError],
    ['cf_clearance', `${CANARY}\\x`, RangeError],
    ['user_agent', `${CANARY}\u0007x`, RangeError],
    ['user_agent', `${CANARY}\u00ff`, RangeError],
    ['base_url', `https://stake.com/${CANARY}`, RangeError],
    ['base_url', `https://stake.com/?q=${CANARY}`, RangeError],
    ['base_url', `https://u:${CANARY}@stake.com`, RangeError],
    ['base_url', `javascript:${CANARY}`, RangeError],
    ['base_url', CANARY, RangeError],
    ['token_expires_at', Number.POSITIVE_INFINITY, RangeError],
    ['token_expires_at', '1767225600', TypeError],
  ])('refuses %s = %j without showing the value', (field, value, type) => {
    const input = { access_token: 'ok', [field]: value };
    let error: unknown;
    try {
      checkProfile(input, 1);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toContain(field);
    expect((error as Error).message).not.toContain(CANARY);
  });

  it('refuses an unknown field (a typo would otherwise drop a credential)', () => {
    expect(() => checkProfile({ session: 'x' }, 1)).toThrow(TypeError);
    expect(() => checkProfile({ session: 'x' }, 1)).toThrow('"session"');
  });

  it('refuses an expiry without a token', () => {
    expect(() => checkProfile({ token_expires_at: 1 }, 1)).toThrow(RangeError);
  });

  it('refuses a non-object', () => {
    for (const bad of [null, 'x', [], 3]) expect(() => checkProfile(bad, 1)).toThrow(TypeError);
  });

  it('requires every field in stored data', () => {
    expect(() => checkProfile({ access_token: 't', saved_at: 1 }, 1, true)).toThrow(/lacks the field/);
  });

  it('does not mask a plain checked profile (masking is added by the stores)', () => {
    expect(inspect(checkProfile({ access_token: 'visible' }, 1))).toContain('visible');
  });
});
