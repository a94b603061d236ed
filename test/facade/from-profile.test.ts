import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { StoreError, open_store } from '../../src/store/index.js';

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await start_sandbox();
  dir = await mkdtemp(join(tmpdir(), 'stakeql-from-profile-'));
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

const storeOptions = () => ({ kind: 'file' as const, config_dir: join(dir, 'config') });

describe('StakeClient.from_profile', () => {
  it('builds a working client from a stored profile and restores the token expiry', async () => {
    const login = sandbox.login('alice');
    const store = await open_store(storeOptions());
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    await store.save_profile('alice', {
      access_token: login.access_token,
      session_cookie: login.session_cookie,
      base_url: sandbox.url,
      token_expires_at: expiresAt,
    });
    await using client = await StakeClient.from_profile('alice', { env: {}, store: storeOptions() });
    expect(client._auth_manager.access_token).toBe(login.access_token);
    expect(client._auth_manager.session_cookie).toBe(login.session_cookie);
    expect(Math.abs((client._auth_manager._token_expires_at ?? 0) - expiresAt)).toBeLessThan(1);
    expect(client._auth_manager.is_token_expired()).toBe(false);
    expect(client.base_url).toBe(sandbox.url);
    expect((await client.current_user()).name).toBe('alice');
  });

  it('an expired stored token reads as expired after a restart', async () => {
    const login = sandbox.login('bob');
    const store = await open_store(storeOptions());
    await store.save_profile('bob', { access_token: login.access_token, base_url: sandbox.url, token_expires_at: Math.floor(Date.now() / 1000) + 60 });
    await using client = await StakeClient.from_profile('bob', { env: {}, store: storeOptions() });
    expect(client._auth_manager.is_token_expired()).toBe(true);
  });

  it('environment variables win field by field, and explicit options win over both', async () => {
    const login = sandbox.login('carol');
    const env = { STAKE_ACCESS_TOKEN: login.access_token, STAKE_SESSION_COOKIE: login.session_cookie, STAKE_BASE_URL: sandbox.url };
    await using fromEnv = await StakeClient.from_profile('alice', { env, store: storeOptions() });
    expect((await fromEnv.current_user()).name).toBe('carol');
    expect(fromEnv._auth_manager._token_expires_at).toBeNull(); // a profile's expiry never goes with an env token
    await using overridden = await StakeClient.from_profile('alice', { env, store: storeOptions(), access_token: 'explicit-token' });
    expect(overridden._auth_manager.access_token).toBe('explicit-token');
  });

  it('rejects a profile that does not exist with a StoreError', async () => {
    await expect(StakeClient.from_profile('nobody', { env: {}, store: storeOptions() })).rejects.toBeInstanceOf(StoreError);
  });
});
