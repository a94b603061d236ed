import { describe, expect, it } from 'vitest';
import { CREDENTIAL_ENV_VARS, read_env_credentials } from '../../src/store/index.js';

const CANARY = 'CANARY-2c26b46b68ffc68ff99b453c';

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a throw');
}

describe('read_env_credentials', () => {
  it('reads every STAKE_* variable into its field, trimmed', () => {
    expect(
      read_env_credentials({
        STAKE_ACCESS_TOKEN: ' tok ',
        STAKE_SESSION_COOKIE: 'sess%3D1',
        STAKE_CF_CLEARANCE: 'cf.1-2',
        STAKE_USER_AGENT: 'Mozilla/5.0 (Macintosh)',
        STAKE_BASE_URL: 'https://stake.bet/',
        STAKE_TOKEN_EXPIRES_AT: ' 1767225600.5 ',
        UNRELATED: 'x',
      }),
    ).toEqual({
      access_token: 'tok',
      session_cookie: 'sess%3D1',
      cf_clearance: 'cf.1-2',
      user_agent: 'Mozilla/5.0 (Macintosh)',
      base_url: 'https://stake.bet',
      token_expires_at: 1_767_225_600.5,
    });
  });

  it('leaves unset variables out', () => {
    expect(read_env_credentials({ STAKE_SESSION_COOKIE: 's' })).toEqual({ session_cookie: 's' });
    expect(read_env_credentials({})).toEqual({});
  });

  it.each(Object.values(CREDENTIAL_ENV_VARS))('refuses %s set but empty, naming it', (name) => {
    for (const empty of ['', '   ', '\t']) {
      const env: NodeJS.ProcessEnv = { STAKE_ACCESS_TOKEN: 'tok', [name]: empty };
      const error = errorOf(() => read_env_credentials(env));
      expect(error).toBeInstanceOf(RangeError);
      expect(error.message).toContain(name);
      expect(error.message).toContain('empty');
    }
  });

  it.each<[string, string]>([
    ['STAKE_ACCESS_TOKEN', `${CANARY}\r\nX-Evil: 1`],
    ['STAKE_ACCESS_TOKEN', `${CANARY}\u00e9`],
    ['STAKE_SESSION_COOKIE', `${CANARY}; admin=1`],
    ['STAKE_CF_CLEARANCE', `${CANARY} x`],
    ['STAKE_USER_AGENT', `${CANARY}\nX`],
    ['STAKE_BASE_URL', `https://stake.com/${CANARY}`],
    ['STAKE_TOKEN_EXPIRES_AT', CANARY],
    ['STAKE_TOKEN_EXPIRES_AT', '1e10'],
    ['STAKE_TOKEN_EXPIRES_AT', 'Infinity'],
  ])('refuses an invalid %s, naming the variable, never the value', (name, value) => {
    const error = errorOf(() => read_env_credentials({ STAKE_ACCESS_TOKEN: 'tok', [name]: value }));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toContain(name);
    expect(error.message).not.toContain(CANARY);
  });

  it('refuses an expiry without a token from the environment', () => {
    const error = errorOf(() => read_env_credentials({ STAKE_TOKEN_EXPIRES_AT: '1767225600' }));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toContain('STAKE_ACCESS_TOKEN');
  });

  it('reads the real process environment by default', () => {
    const saved = process.env['STAKE_USER_AGENT'];
    process.env['STAKE_USER_AGENT'] = 'from-process-env';
    try {
      expect(read_env_credentials().user_agent).toBe('from-process-env');
    } finally {
      if (saved === undefined) delete process.env['STAKE_USER_AGENT'];
      else process.env['STAKE_USER_AGENT'] = saved;
    }
  });
});
