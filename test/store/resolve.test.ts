import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { create_file_store, load_credentials, StoreError } from '../../src/store/index.js';
import type { CredentialStore } from '../../src/store/index.js';
import { makeTempDir } from './helpers/temp-dir.js';

const CANARY = 'CANARY-fcde2b2edba56bf408601fb7';

let tmp: { dir: string; remove: () => Promise<void> };
let configDir: string;
let store: CredentialStore;

const profileValues = {
  access_token: 'profile-token',
  session_cookie: 'profile-session',
  cf_clearance: 'profile-cf',
  user_agent: 'Profile-UA/1.0',
  base_url: 'https://stake.ac',
  token_expires_at: 1_800_000_000,
};

const allEnv = {
  STAKE_ACCESS_TOKEN: 'env-token',
  STAKE_SESSION_COOKIE: 'env-session',
  STAKE_CF_CLEARANCE: 'env-cf',
  STAKE_USER_AGENT: 'Env-UA/2.0',
  STAKE_BASE_URL: 'https://stake.bet',
};

beforeEach(async () => {
  tmp = await makeTempDir();
  configDir = path.join(tmp.dir, 'stakeql');
  store = create_file_store(configDir);
});
afterEach(async () => {
  await tmp.remove();
});

/** A store that must not be read. */
const untouchable: CredentialStore = {
  kind: 'file',
  location: '/nowhere',
  save_profile: () => Promise.reject(new Error('store was written')),
  load_profile: () => Promise.reject(new Error('store was read')),
  list_profiles: () => Promise.reject(new Error('store was read')),
  delete_profile: () => Promise.reject(new Error('store was written')),
};

describe('load_credentials precedence', () => {
  it('takes each field from the environment first, then from the profile', async () => {
    await store.save_profile('default', profileValues);
    const resolved = await load_credentials({ env: { STAKE_SESSION_COOKIE: 'env-session', STAKE_BASE_URL: 'https://stake.bet/' }, store });
    expect({ ...resolved }).toEqual({
      access_token: 'profile-token',
      session_cookie: 'env-session',
      cf_clearance: 'profile-cf',
      user_agent: 'Profile-UA/1.0',
      base_url: 'https://stake.bet',
      token_expires_at: 1_800_000_000,
      sources: {
        access_token: 'profile',
        session_cookie: 'env',
        cf_clearance: 'profile',
        user_agent: 'profile',
        base_url: 'env',
        token_expires_at: 'profile',
      },
      profile: 'default',
      profile_found: true,
      store_location: path.join(configDir, 'profiles.json'),
    });
  });

  it("never pairs the profile's expiry with a token from the environment", async () => {
    await store.save_profile('default', profileValues);
    const bare = await load_credentials({ env: { STAKE_ACCESS_TOKEN: 'env-token' }, store });
    expect(bare.access_token).toBe('env-token');
    expect(bare.token_expires_at).toBeNull();
    expect(bare.sources.token_expires_at).toBeNull();

    const withExpiry = await load_credentials({ env: { STAKE_ACCESS_TOKEN: 'env-token', STAKE_TOKEN_EXPIRES_AT: '1900000000' }, store });
    expect(withExpiry.token_expires_at).toBe(1_900_000_000);
    expect(withExpiry.sources.token_expires_at).toBe('env');
  });

  it('reads a named profile instead of default', async () => {
    await store.save_profile('default', profileValues);
    await store.save_profile('work', { access_token: 'work-token' });
    const resolved = await load_credentials({ profile: 'work', env: {}, store });
    expect(resolved.access_token).toBe('work-token');
    expect(resolved.session_cookie).toBeNull();
    expect(resolved.sources.session_cookie).toBeNull();
    expect(resolved.profile).toBe('work');
  });

  it('gives nulls when neither the environment nor a default profile has anything', async () => {
    const resolved = await load_credentials({ env: {}, store });
    expect(resolved.access_token).toBeNull();
    expect(resolved.base_url).toBeNull();
    expect(Object.values(resolved.sources)).toEqual([null, null, null, null, null, null]);
    expect(resolved.profile_found).toBe(false);
  });

  it('refuses a named profile that does not exist', async () => {
    const error = await load_credentials({ profile: 'wrok', env: allEnv, store }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('profile_not_found');
    expect((error as StoreError).message).toContain('"wrok"');
  });

  it('does not read the store when the environment sets every field', async () => {
    const resolved = await load_credentials({ env: allEnv, store: untouchable });
    expect(resolved.access_token).toBe('env-token');
    expect(resolved.base_url).toBe('https://stake.bet');
    expect(Object.values(resolved.sources).filter((s) => s === 'env')).toHaveLength(5);
    expect(resolved.profile_found).toBeNull();
    expect(resolved.store_location).toBeNull();
  });

  it('opens the store named by the environment when none is given', async () => {
    await store.save_profile('default', profileValues);
    const resolved = await load_credentials({ env: { STAKEQL_CONFIG_DIR: configDir, STAKEQL_STORE: 'file' } });
    expect(resolved.access_token).toBe('profile-token');
    expect(resolved.store_location).toBe(path.join(configDir, 'profiles.json'));
  });

  it('passes store options through to open_store', async () => {
    await store.save_profile('default', profileValues);
    const resolved = await load_credentials({ env: {}, store: { kind: 'file', config_dir: configDir } });
    expect(resolved.cf_clearance).toBe('profile-cf');
  });
});

describe('load_credentials errors and secrecy', () => {
  it('refuses an empty variable even when the profile has the field', async () => {
    await store.save_profile('default', profileValues);
    const error = await load_credentials({ env: { STAKE_ACCESS_TOKEN: '' }, store }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toContain('STAKE_ACCESS_TOKEN');
  });

  it('never shows a bad variable value in the error', async () => {
    const error = await load_credentials({ env: { STAKE_SESSION_COOKIE: `${CANARY}; admin=1` }, store }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toContain('STAKE_SESSION_COOKIE');
    expect((error as Error).message).not.toContain(CANARY);
  });

  it('refuses an invalid profile name', async () => {
    await expect(load_credentials({ profile: 'no/slash', env: {}, store })).rejects.toThrow(RangeError);
    await expect(load_credentials({ profile: 5 as unknown as string, env: {}, store })).rejects.toThrow(TypeError);
  });

  it('lets store errors through unchanged', async () => {
    const failing: CredentialStore = { ...untouchable, load_profile: () => Promise.reject(new StoreError('corrupt', 'bad file', '/x')) };
    await expect(load_credentials({ env: {}, store: failing })).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('masks secrets when the result is inspected or serialised', async () => {
    await store.save_profile('default', { ...profileValues, cf_clearance: CANARY });
    const resolved = await load_credentials({ env: { STAKE_ACCESS_TOKEN: CANARY, STAKE_SESSION_COOKIE: CANARY }, store });
    expect(resolved.access_token).toBe(CANARY);
    expect(resolved.cf_clearance).toBe(CANARY);
    expect(inspect(resolved, { depth: 5 })).not.toContain(CANARY);
    expect(JSON.stringify(resolved)).not.toContain(CANARY);
    expect(JSON.parse(JSON.stringify(resolved))).toMatchObject({ access_token: '[set]', user_agent: 'Profile-UA/1.0', sources: { access_token: 'env' } });
  });
});
