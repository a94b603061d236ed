import fs from 'node:fs/promises';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  create_file_store,
  create_keyring_store,
  import_keyring_module,
  KEYRING_SERVICE,
  open_store,
  probe_keyring,
  StoreError,
} from '../../src/store/index.js';
import type { KeyringModule } from '../../src/store/index.js';
import { fakeKeyring } from './helpers/fake-keyring.js';
import { makeTempDir } from './helpers/temp-dir.js';

const CANARY = 'CANARY-18ac3e7343f016890c510e93';

let tmp: { dir: string; remove: () => Promise<void> };
let configDir: string;

beforeEach(async () => {
  tmp = await makeTempDir();
  configDir = path.join(tmp.dir, 'stakeql');
});
afterEach(async () => {
  await tmp.remove();
});

const noKeyring = (): Promise<KeyringModule | null> => Promise.resolve(null);
const mustNotLoad = (): Promise<KeyringModule | null> => Promise.reject(new Error('keyring module was loaded'));

describe('open_store selection', () => {
  it('STAKEQL_STORE=file gives the file store without loading the keyring module', async () => {
    const store = await open_store({ env: { STAKEQL_STORE: 'file', STAKEQL_CONFIG_DIR: configDir }, load_keyring: mustNotLoad });
    expect(store.kind).toBe('file');
    expect(store.location).toBe(path.join(configDir, 'profiles.json'));
  });

  it('falls back to the file store when the keyring module is missing', async () => {
    const store = await open_store({ env: { STAKEQL_CONFIG_DIR: configDir }, load_keyring: noKeyring });
    expect(store.kind).toBe('file');
    const failing = await open_store({ env: { STAKEQL_CONFIG_DIR: configDir }, load_keyring: mustNotLoad });
    expect(failing.kind).toBe('file');
  });

  it('falls back to the file store when the OS has no keyring service', async () => {
    const { mod } = fakeKeyring({ unavailable: true });
    const store = await open_store({ env: { STAKEQL_CONFIG_DIR: configDir }, load_keyring: () => Promise.resolve(mod) });
    expect(store.kind).toBe('file');
  });

  it('uses the keyring when it works and no profiles file exists', async () => {
    const { mod } = fakeKeyring();
    const store = await open_store({ env: { STAKEQL_CONFIG_DIR: configDir }, load_keyring: () => Promise.resolve(mod) });
    expect(store.kind).toBe('keyring');
    expect(store.location).toBe('keyring:stakeql');
  });

  it('keeps using an existing profiles file in auto mode, even with a working keyring', async () => {
    await create_file_store(configDir).save_profile('default', { access_token: 't' });
    const { mod } = fakeKeyring();
    const store = await open_store({ env: { STAKEQL_CONFIG_DIR: configDir }, load_keyring: () => Promise.resolve(mod) });
    expect(store.kind).toBe('file');
    expect((await store.load_profile('default'))?.access_token).toBe('t');
  });

  it('STAKEQL_STORE=keyring fails clearly instead of falling back', async () => {
    const missing = await open_store({ env: { STAKEQL_STORE: 'keyring', STAKEQL_CONFIG_DIR: configDir }, load_keyring: noKeyring }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(StoreError);
    expect((missing as StoreError).code).toBe('unavailable');
    expect((missing as StoreError).message).toContain('@napi-rs/keyring');

    const { mod } = fakeKeyring({ unavailable: true });
    const noService = await open_store({ env: { STAKEQL_STORE: 'keyring' }, load_keyring: () => Promise.resolve(mod) }).catch((e: unknown) => e);
    expect((noService as StoreError).code).toBe('unavailable');
    expect((noService as StoreError).message).toContain('Secret Service');
    await expect(fs.stat(configDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('STAKEQL_STORE=keyring uses the keyring even when a profiles file exists', async () => {
    await create_file_store(configDir).save_profile('default', { access_token: 't' });
    const { mod } = fakeKeyring();
    const store = await open_store({ env: { STAKEQL_STORE: 'Keyring', STAKEQL_CONFIG_DIR: configDir }, load_keyring: () => Promise.resolve(mod) });
    expect(store.kind).toBe('keyring');
  });

  it('lets the kind option override STAKEQL_STORE', async () => {
    const store = await open_store({ kind: 'file', env: { STAKEQL_STORE: 'keyring', STAKEQL_CONFIG_DIR: configDir }, load_keyring: mustNotLoad });
    expect(store.kind).toBe('file');
  });

  it('refuses an unknown STAKEQL_STORE or kind', async () => {
    for (const value of ['', 'files', 'memory']) {
      await expect(open_store({ env: { STAKEQL_STORE: value }, load_keyring: mustNotLoad })).rejects.toThrow(/STAKEQL_STORE/);
    }
    await expect(open_store({ kind: 'memory' as 'file', env: {} })).rejects.toThrow(RangeError);
  });

  it('writes nothing when opening', async () => {
    await open_store({ env: { STAKEQL_CONFIG_DIR: configDir }, load_keyring: noKeyring });
    await expect(fs.stat(configDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('the real @napi-rs/keyring on this machine', () => {
  it('loads as a module', async () => {
    const mod = await import_keyring_module();
    expect(mod).not.toBeNull();
    expect(typeof mod?.AsyncEntry).toBe('function');
  });

  it.runIf(process.platform === 'linux' && !process.env['DBUS_SESSION_BUS_ADDRESS'])(
    'is reported unavailable without a Secret Service, so auto picks the file store',
    async () => {
      const mod = await import_keyring_module();
      expect(await probe_keyring(mod as KeyringModule)).toBe(false);
      const store = await open_store({ env: { STAKEQL_CONFIG_DIR: configDir } });
      expect(store.kind).toBe('file');
    },
  );
});

describe('keyring store logic (in-memory stand-in for the binding)', () => {
  it('keeps each profile as one JSON password under service stakeql, account = name', async () => {
    const { mod, entries, constructed } = fakeKeyring();
    const store = create_keyring_store(mod, 'linux');
    const saved = await store.save_profile('work', { access_token: ' tok ', token_expires_at: 1_800_000_000 });
    expect(entries.size).toBe(1);
    const stored = JSON.parse(entries.get(`${KEYRING_SERVICE}\u0000work`) as string) as Record<string, unknown>;
    expect(stored).toEqual({
      access_token: 'tok',
      session_cookie: null,
      cf_clearance: null,
      user_agent: null,
      base_url: null,
      token_expires_at: 1_800_000_000,
      saved_at: saved.saved_at,
    });
    // Pinned to the Secret Service: the kernel keyring fallback forgets everything at reboot.
    expect(constructed.every((c) => JSON.stringify(c.options) === '{"linux":{"store":"secret-service"}}')).toBe(true);
    expect(constructed.every((c) => c.service === 'stakeql')).toBe(true);
  });

  it('passes no Linux options on other platforms', async () => {
    const { mod, constructed } = fakeKeyring();
    await create_keyring_store(mod, 'darwin').save_profile('default', { access_token: 't' });
    expect(constructed[0]?.options).toBeUndefined();
  });

  it('round-trips, lists (without the probe entry) and deletes', async () => {
    const { mod } = fakeKeyring();
    expect(await probe_keyring(mod, 'linux')).toBe(true);
    const store = create_keyring_store(mod, 'linux');
    await store.save_profile('b', { session_cookie: 'sb' });
    await store.save_profile('a', { access_token: 'ta', user_agent: 'UA' });
    expect(await store.list_profiles()).toEqual(['a', 'b']);
    expect((await store.load_profile('a'))?.user_agent).toBe('UA');
    expect(await store.load_profile('c')).toBeNull();
    expect(await store.delete_profile('a')).toBe(true);
    expect(await store.delete_profile('a')).toBe(false);
    expect(await store.list_profiles()).toEqual(['b']);
  });

  it('writes nothing to the config directory (secrets in one place only)', async () => {
    const { mod } = fakeKeyring();
    const store = await open_store({ env: { STAKEQL_CONFIG_DIR: configDir }, load_keyring: () => Promise.resolve(mod) });
    await store.save_profile('default', { access_token: 't' });
    await expect(fs.stat(configDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('validates names and values like the file store', async () => {
    const { mod, entries } = fakeKeyring();
    const store = create_keyring_store(mod, 'linux');
    await expect(store.save_profile('a b', { access_token: 't' })).rejects.toThrow(RangeError);
    await expect(store.save_profile('a', { session_cookie: `${CANARY}; x=1` })).rejects.toThrow(RangeError);
    expect(entries.size).toBe(0);
  });

  it('reports a corrupted entry without quoting it, and masks loaded secrets', async () => {
    const { mod, entries } = fakeKeyring();
    const store = create_keyring_store(mod, 'linux');
    entries.set(`stakeql\u0000bad`, `{"access_token":"${CANARY}"`);
    const error = await store.load_profile('bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('corrupt');
    expect((error as StoreError).message).toContain('keyring:stakeql/bad');
    expect((error as StoreError).message).not.toContain(CANARY);

    await store.save_profile('good', { access_token: CANARY });
    const loaded = await store.load_profile('good');
    expect(loaded?.access_token).toBe(CANARY);
    expect(inspect(loaded)).not.toContain(CANARY);
  });

  it('wraps a failing keyring operation in a StoreError', async () => {
    const { mod } = fakeKeyring();
    const broken: KeyringModule = {
      ...mod,
      findCredentialsAsync: () => Promise.reject(new Error('keyring is locked')),
    };
    await expect(create_keyring_store(broken, 'linux').list_profiles()).rejects.toMatchObject({
      code: 'keyring_failed',
      message: expect.stringContaining('keyring is locked'),
    });
  });
});
