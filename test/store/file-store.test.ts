import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { create_file_store, StoreError } from '../../src/store/index.js';
import type { CredentialStore } from '../../src/store/index.js';
import { makeTempDir, modeOf } from './helpers/temp-dir.js';

const CANARY = 'CANARY-e3b0c44298fc1c149afbf4c8';

let tmp: { dir: string; remove: () => Promise<void> };
let dir: string;
let file: string;
let store: CredentialStore;

beforeEach(async () => {
  tmp = await makeTempDir();
  dir = path.join(tmp.dir, 'config', 'stakeql');
  file = path.join(dir, 'profiles.json');
  store = create_file_store(dir);
});
afterEach(async () => {
  await tmp.remove();
});

const full = {
  access_token: 'tok-abc.DEF_123',
  session_cookie: 'sess%2Fvalue',
  cf_clearance: 'cf.clear-1',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
  base_url: 'https://stake.ac',
  token_expires_at: 1_767_225_600.25,
};

async function expectStoreError(p: Promise<unknown>, code: string): Promise<StoreError> {
  const error = await p.then(
    () => {
      throw new Error('expected a StoreError');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  expect((error as StoreError).code).toBe(code);
  expect((error as StoreError).message).not.toContain('\n');
  return error as StoreError;
}

describe('file store round trip', () => {
  it('saves, loads, lists and deletes profiles, expiry included', async () => {
    const before = Math.floor(Date.now() / 1000);
    const saved = await store.save_profile('default', full);
    const after = Math.floor(Date.now() / 1000);
    await store.save_profile('work', { access_token: 'other-token' });

    const loaded = await store.load_profile('default');
    expect(loaded).not.toBeNull();
    expect({ ...loaded }).toEqual({ ...full, saved_at: saved.saved_at });
    expect(loaded?.token_expires_at).toBe(1_767_225_600.25);
    expect(saved.saved_at).toBeGreaterThanOrEqual(before);
    expect(saved.saved_at).toBeLessThanOrEqual(after);

    expect({ ...(await store.load_profile('work')) }).toMatchObject({
      access_token: 'other-token',
      session_cookie: null,
      cf_clearance: null,
      user_agent: null,
      base_url: null,
      token_expires_at: null,
    });
    expect(await store.list_profiles()).toEqual(['default', 'work']);
    expect(await store.load_profile('missing')).toBeNull();

    expect(await store.delete_profile('work')).toBe(true);
    expect(await store.delete_profile('work')).toBe(false);
    expect(await store.list_profiles()).toEqual(['default']);
    expect(await store.load_profile('work')).toBeNull();
  });

  it('reports an empty store before the first save, without creating anything', async () => {
    expect(await store.list_profiles()).toEqual([]);
    expect(await store.load_profile('default')).toBeNull();
    expect(await store.delete_profile('default')).toBe(false);
    await expect(fs.stat(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('replaces a profile on save instead of merging fields', async () => {
    await store.save_profile('default', full);
    await store.save_profile('default', { session_cookie: 'only-cookie' });
    const loaded = await store.load_profile('default');
    expect(loaded?.access_token).toBeNull();
    expect(loaded?.token_expires_at).toBeNull();
    expect(loaded?.session_cookie).toBe('only-cookie');
  });

  it('stores trimmed values and the base URL as an origin', async () => {
    await store.save_profile('default', { access_token: '  tok  ', base_url: 'https://stake.com/' });
    const loaded = await store.load_profile('default');
    expect(loaded?.access_token).toBe('tok');
    expect(loaded?.base_url).toBe('https://stake.com');
  });

  it('keeps profiles named like Object.prototype members as plain data', async () => {
    await store.save_profile('__proto__', { access_token: 'proto-token' });
    await store.save_profile('constructor', { access_token: 'ctor-token' });
    expect(await store.list_profiles()).toEqual(['__proto__', 'constructor']);
    expect((await store.load_profile('__proto__'))?.access_token).toBe('proto-token');
    expect((await store.load_profile('constructor'))?.access_token).toBe('ctor-token');
    expect(await store.load_profile('toString')).toBeNull();
    const raw = JSON.parse(await fs.readFile(file, 'utf8')) as { profiles: Record<string, unknown> };
    expect(Object.keys(raw.profiles)).toEqual(['__proto__', 'constructor']);
  });

  it('writes the documented JSON layout', async () => {
    const saved = await store.save_profile('default', full);
    const raw: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    expect(raw).toEqual({ version: 1, profiles: { default: { ...full, saved_at: saved.saved_at } } });
  });

  it('creates the directory 0700 and the file 0600, and leaves no lock or temp file', async () => {
    await store.save_profile('default', full);
    expect(await modeOf(dir)).toBe(0o700);
    expect(await modeOf(file)).toBe(0o600);
    expect((await fs.readdir(dir)).sort()).toEqual(['profiles.json']);
  });

  it('rejects an invalid profile name before touching anything', async () => {
    for (const bad of ['', 'a b', '../x', 'a/b', 'x'.repeat(65), 'é', 'a\nb']) {
      await expect(store.save_profile(bad, full)).rejects.toThrow(RangeError);
      await expect(store.load_profile(bad)).rejects.toThrow(RangeError);
      await expect(store.delete_profile(bad)).rejects.toThrow(RangeError);
    }
    await expect(store.save_profile(42 as unknown as string, full)).rejects.toThrow(TypeError);
    await expect(fs.stat(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('rejects values the AuthManager would refuse and keeps the stored profile', async () => {
    await store.save_profile('default', full);
    const before = await fs.readFile(file, 'utf8');
    const bad: Array<[Record<string, unknown>, ErrorConstructor]> = [
      [{ access_token: `${CANARY}\r\nX-Evil: 1` }, RangeError],
      [{ access_token: '' }, RangeError],
      [{ access_token: 12345 }, TypeError],
      [{ session_cookie: `${CANARY}; admin=1` }, RangeError],
      [{ cf_clearance: `${CANARY} x` }, RangeError],
      [{ user_agent: `${CANARY}\nX-Evil: 1` }, RangeError],
      [{ base_url: `https://${CANARY}:pw@stake.com` }, RangeError],
      [{ base_url: 'ftp://stake.com' }, RangeError],
      [{ access_token: 't', token_expires_at: Number.NaN }, RangeError],
      [{ access_token: 't', token_expires_at: '1767225600' }, TypeError],
      [{ token_expires_at: 1 }, RangeError],
      [{ acess_token: CANARY }, TypeError],
    ];
    for (const [input, type] of bad) {
      const error = await store.save_profile('default', input).then(() => null, (e: unknown) => e);
      expect(error, JSON.stringify(Object.keys(input))).toBeInstanceOf(type);
      expect(String((error as Error).message)).not.toContain(CANARY);
    }
    expect(await fs.readFile(file, 'utf8')).toBe(before);
  });

  it('shows secrets masked when a loaded profile is inspected or serialised', async () => {
    await store.save_profile('default', { ...full, access_token: CANARY, session_cookie: CANARY, cf_clearance: CANARY });
    const loaded = await store.load_profile('default');
    expect(loaded?.access_token).toBe(CANARY);
    expect(inspect(loaded)).not.toContain(CANARY);
    expect(inspect(loaded)).toContain('[set]');
    expect(JSON.stringify(loaded)).not.toContain(CANARY);
    expect(JSON.parse(JSON.stringify(loaded))).toMatchObject({ access_token: '[set]', user_agent: full.user_agent });
  });
});

describe('file store permissions', () => {
  it.each([0o644, 0o640, 0o604, 0o660, 0o606])('refuses a file with mode %o and neither reads nor alters it', async (mode) => {
    await store.save_profile('default', full);
    await fs.chmod(file, mode);
    const before = await fs.readFile(file, 'utf8');
    const mtime = (await fs.stat(file)).mtimeMs;

    const error = await expectStoreError(store.load_profile('default'), 'insecure_permissions');
    expect(error.message).toContain(file);
    expect(error.message).toContain(`chmod 600 ${file}`);
    expect(error.path).toBe(file);
    await expectStoreError(store.list_profiles(), 'insecure_permissions');
    await expectStoreError(store.save_profile('default', { access_token: 'new' }), 'insecure_permissions');
    await expectStoreError(store.delete_profile('default'), 'insecure_permissions');

    expect(await fs.readFile(file, 'utf8')).toBe(before);
    expect(await modeOf(file)).toBe(mode);
    expect((await fs.stat(file)).mtimeMs).toBe(mtime);
  });

  it.each([0o755, 0o750, 0o705, 0o770])('refuses a directory with mode %o and neither reads nor alters it', async (mode) => {
    await store.save_profile('default', full);
    await fs.chmod(dir, mode);
    const before = await fs.readFile(file, 'utf8');

    const error = await expectStoreError(store.load_profile('default'), 'insecure_permissions');
    expect(error.message).toContain(`chmod 700 ${dir}`);
    expect(error.path).toBe(dir);
    await expectStoreError(store.save_profile('work', { access_token: 'new' }), 'insecure_permissions');
    await expectStoreError(store.delete_profile('default'), 'insecure_permissions');

    expect(await fs.readFile(file, 'utf8')).toBe(before);
    expect(await modeOf(dir)).toBe(mode);
    expect(await fs.readdir(dir)).toEqual(['profiles.json']);
  });

  it('refuses to create its file in an existing directory others can read', async () => {
    await fs.mkdir(dir, { recursive: true, mode: 0o755 });
    await fs.chmod(dir, 0o755);
    await expectStoreError(store.save_profile('default', full), 'insecure_permissions');
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('quotes a path with spaces in the suggested fix', async () => {
    const spaced = path.join(tmp.dir, 'Application Support', 'stakeql');
    const s = create_file_store(spaced);
    await s.save_profile('default', full);
    await fs.chmod(path.join(spaced, 'profiles.json'), 0o644);
    const error = await expectStoreError(s.load_profile('default'), 'insecure_permissions');
    expect(error.message).toContain(`chmod 600 '${path.join(spaced, 'profiles.json')}'`);
  });

  it.runIf(process.getuid?.() === 0)('refuses a file owned by another user', async () => {
    await store.save_profile('default', full);
    await fs.chown(file, 12345, 12345);
    const error = await expectStoreError(store.load_profile('default'), 'wrong_owner');
    expect(error.message).toContain(file);
    expect(error.message).toContain('uid 12345');
  });

  it('refuses a store path that is not a regular file', async () => {
    await fs.mkdir(file, { recursive: true, mode: 0o700 });
    await expectStoreError(store.load_profile('default'), 'not_a_file');
  });
});

describe('file store corruption', () => {
  async function writeRaw(text: string): Promise<void> {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    await fs.writeFile(file, text, { mode: 0o600 });
  }

  it('reports invalid JSON with the path, without quoting the content, and keeps the file', async () => {
    const text = `{"version":1,"profiles":{"default":{"access_token":"${CANARY}"`;
    await writeRaw(text);
    const error = await expectStoreError(store.load_profile('default'), 'corrupt');
    expect(error.message).toContain(file);
    expect(error.message).not.toContain(CANARY);
    expect(inspect(error)).not.toContain(CANARY);
    // A save must not silently replace what the user may still want.
    await expectStoreError(store.save_profile('default', full), 'corrupt');
    await expectStoreError(store.list_profiles(), 'corrupt');
    expect(await fs.readFile(file, 'utf8')).toBe(text);
  });

  it('reports a stored value that fails validation, naming profile and field but not the value', async () => {
    const profile = { ...full, access_token: `${CANARY}\u0000x`, saved_at: 1 };
    await writeRaw(JSON.stringify({ version: 1, profiles: { work: profile } }));
    const error = await expectStoreError(store.load_profile('work'), 'corrupt');
    expect(error.message).toContain('"work"');
    expect(error.message).toContain('access_token');
    expect(error.message).not.toContain(CANARY);
  });

  it('reports a missing field, an unknown layout and a newer format', async () => {
    const { saved_at: _drop, ...noSavedAt } = { ...full, saved_at: 1 };
    await writeRaw(JSON.stringify({ version: 1, profiles: { default: noSavedAt } }));
    expect((await expectStoreError(store.load_profile('default'), 'corrupt')).message).toContain('saved_at');

    await writeRaw(JSON.stringify([CANARY]));
    expect((await expectStoreError(store.list_profiles(), 'corrupt')).message).not.toContain(CANARY);

    await writeRaw(JSON.stringify({ version: 2, profiles: {} }));
    expect((await expectStoreError(store.list_profiles(), 'corrupt')).message).toContain('newer stakeql');

    await writeRaw(JSON.stringify({ version: 1, profiles: { 'bad name': { ...full, saved_at: 1 } } }));
    await expectStoreError(store.list_profiles(), 'corrupt');
  });
});

describe('file store locking', () => {
  it('serialises concurrent saves in one process without losing any profile', async () => {
    const names = Array.from({ length: 16 }, (_, i) => `p${i}`);
    await Promise.all(names.map((name) => store.save_profile(name, { access_token: `tok-${name}` })));
    expect(await store.list_profiles()).toEqual([...names].sort());
    for (const name of names) expect((await store.load_profile(name))?.access_token).toBe(`tok-${name}`);
  });

  it('waits for a live lock holder, then gives up with a clear error and changes nothing', async () => {
    await store.save_profile('default', full);
    const before = await fs.readFile(file, 'utf8');
    const lock = `${file}.lock`;
    await fs.writeFile(lock, JSON.stringify({ pid: process.pid, host: os.hostname(), nonce: 'held' }), { mode: 0o600 });
    const quick = create_file_store(dir, { lock_timeout_ms: 150 });
    const error = await expectStoreError(quick.save_profile('default', { access_token: 'new' }), 'locked');
    expect(error.message).toContain(lock);
    expect(await fs.readFile(file, 'utf8')).toBe(before);
    expect(await fs.readFile(lock, 'utf8')).toContain('held');
    // Readers take no lock.
    expect((await quick.load_profile('default'))?.access_token).toBe(full.access_token);
  });

  it('takes over a lock whose owner process is gone', async () => {
    await store.save_profile('default', full);
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    const lock = `${file}.lock`;
    await fs.writeFile(lock, JSON.stringify({ pid: dead, host: os.hostname(), nonce: 'dead' }), { mode: 0o600 });
    await store.save_profile('default', { access_token: 'after-crash' });
    expect((await store.load_profile('default'))?.access_token).toBe('after-crash');
    expect(await fs.readdir(dir)).toEqual(['profiles.json']);
  });

  it('removes temp files a killed writer left behind on the next save', async () => {
    await store.save_profile('default', full);
    const leftover = `${file}.99999-abcdef.tmp`;
    await fs.writeFile(leftover, `{"half": "${CANARY}`, { mode: 0o600 });
    expect((await store.load_profile('default'))?.access_token).toBe(full.access_token);
    await store.save_profile('work', { access_token: 'w' });
    expect((await fs.readdir(dir)).sort()).toEqual(['profiles.json']);
  });
});
