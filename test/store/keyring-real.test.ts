import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStoreForChildren } from './helpers/build-store.js';
import { profileFor } from './helpers/profile-for.mjs';
import { startSecretService, type SecretService } from './helpers/secret-service.js';
import { makeTempDir } from './helpers/temp-dir.js';

/*
 * The keyring store against a real Secret Service (gnome-keyring on a private
 * D-Bus session; see helpers/secret-service.ts). Every operation runs in a
 * fresh Node process, so what one process saved is read back by another, as
 * with `stakeql login` then `stakeql status`. The file skips, naming the
 * reason, only where no Secret Service can start (.ci/run installs one).
 */

const DRIVER = fileURLToPath(new URL('./helpers/keyring-driver.mjs', import.meta.url));
const DRIVER_TIMEOUT_MS = 20_000;

interface OpResult {
  value?: unknown;
  error?: { name: string; code: string | null; message: string };
}
interface DriverOutput {
  kind?: string;
  location?: string;
  open_error?: { name: string; code: string | null; message: string };
  results: OpResult[];
}
type Op = { op: 'save'; name: string; n: number } | { op: 'load' | 'delete'; name: string } | { op: 'list' };

// Set up at collection time, before the services below are started and seeded.
const config = await makeTempDir();
const storeEntry = await buildStoreForChildren();

function drive(ops: Op[], env: Record<string, string>): Promise<DriverOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DRIVER, storeEntry, JSON.stringify(ops)], {
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: config.dir, STAKEQL_CONFIG_DIR: config.dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: DRIVER_TIMEOUT_MS,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code !== 0) reject(new Error(`driver exited ${code ?? signal}: ${stderr}`));
      else resolve({ results: [], ...(JSON.parse(stdout) as Partial<DriverOutput>) });
    });
  });
}

const fields = (name: string, n: number): Record<string, unknown> => profileFor(name, n) as Record<string, unknown>;

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.join(entry.parentPath, entry.name));
  }
  return out;
}

// Started at collection time so the describe blocks know whether to skip.
const unlocked = await startSecretService('unlocked');
const locked = await startSecretService('locked', async (address) => {
  // Leave a profile in the keyring before it is locked.
  const seeded = await drive([{ op: 'save', name: 'seeded', n: 1 }], { STAKEQL_STORE: 'keyring', DBUS_SESSION_BUS_ADDRESS: address });
  if (seeded.results[0]?.error) throw new Error(`seeding the keyring failed: ${seeded.results[0].error.message}`);
});
if (unlocked.reason !== null) console.warn(`keyring tests skipped: ${unlocked.reason}`);

afterAll(async () => {
  await unlocked.service?.stop();
  await locked.service?.stop();
  await config.remove();
});

describe.skipIf(unlocked.service === null)(`the keyring store on a real Secret Service${unlocked.reason ? ` (skipped: ${unlocked.reason})` : ''}`, () => {
  const env = (): Record<string, string> => ({ STAKEQL_STORE: 'keyring', DBUS_SESSION_BUS_ADDRESS: (unlocked.service as SecretService).address });

  it('saves in one process and reads back in another, nothing on disk in clear', async () => {
    const saved = await drive([{ op: 'save', name: 'main', n: 1 }], env());
    expect(saved).toMatchObject({ kind: 'keyring', location: 'keyring:stakeql' });
    expect(saved.results[0]).toEqual({ value: fields('main', 1) });

    const read = await drive([{ op: 'load', name: 'main' }, { op: 'load', name: 'never-saved' }], env());
    expect(read.results).toEqual([{ value: fields('main', 1) }, { value: null }]);

    // No profiles.json, and the token is in no file of the config dir or of
    // the keyring's HOME (gnome-keyring encrypts its keyring file).
    const service = unlocked.service as SecretService;
    expect((await fs.readdir(config.dir)).includes('profiles.json')).toBe(false);
    const files = [...(await filesUnder(config.dir)), ...(await filesUnder(service.home))];
    expect(files.some((f) => f.endsWith('.keyring'))).toBe(true);
    for (const file of files) expect((await fs.readFile(file)).includes('tok-main-1'), file).toBe(false);
  });

  it('keeps two profiles apart, replaces one on save, lists and forgets (logout)', async () => {
    const first = await drive(
      [
        { op: 'save', name: 'work', n: 1 },
        { op: 'save', name: 'play', n: 2 },
        { op: 'save', name: 'work', n: 3 },
      ],
      env(),
    );
    expect(first.results.every((r) => r.error === undefined)).toBe(true);

    const read = await drive([{ op: 'load', name: 'work' }, { op: 'load', name: 'play' }, { op: 'list' }], env());
    expect(read.results[0]).toEqual({ value: fields('work', 3) });
    expect(read.results[1]).toEqual({ value: fields('play', 2) });
    expect(read.results[2]?.value).toEqual(expect.arrayContaining(['play', 'work']));
    // The probe entry the store uses to test the keyring is not a profile.
    expect(read.results[2]?.value).not.toContain('stakeql:probe');

    const forget = await drive([{ op: 'delete', name: 'play' }, { op: 'delete', name: 'play' }], env());
    expect(forget.results).toEqual([{ value: true }, { value: false }]);
    const after = await drive([{ op: 'load', name: 'play' }, { op: 'load', name: 'work' }, { op: 'list' }], env());
    expect(after.results[0]).toEqual({ value: null });
    expect(after.results[1]).toEqual({ value: fields('work', 3) });
    expect(after.results[2]?.value).not.toContain('play');
  });

  it('is what auto chooses when there is no profiles.json', async () => {
    const auto = await drive([{ op: 'list' }], { ...env(), STAKEQL_STORE: 'auto' });
    expect(auto.kind).toBe('keyring');
  });
});

describe('a Secret Service that is absent', () => {
  // A bus address where nothing listens: the binding fails at once.
  const env = (): Record<string, string> => ({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${path.join(config.dir, 'no-bus')}` });

  it.skipIf(unlocked.reason?.includes('@napi-rs/keyring') ?? false)('refuses STAKEQL_STORE=keyring with a clear error, and auto falls back to the file', async () => {
    const keyring = await drive([{ op: 'list' }], { ...env(), STAKEQL_STORE: 'keyring' });
    expect(keyring.open_error).toMatchObject({ name: 'StoreError', code: 'unavailable' });
    expect(keyring.open_error?.message).toContain('Secret Service');
    expect(keyring.open_error?.message).toContain('STAKEQL_STORE=file');

    const auto = await drive([{ op: 'save', name: 'fallback', n: 7 }, { op: 'load', name: 'fallback' }], { ...env(), STAKEQL_STORE: 'auto' });
    expect(auto.kind).toBe('file');
    expect(auto.location).toBe(path.join(config.dir, 'profiles.json'));
    expect(auto.results[1]).toEqual({ value: fields('fallback', 7) });
    await fs.rm(path.join(config.dir, 'profiles.json'));
  });
});

describe.skipIf(locked.service === null)(`a Secret Service whose keyring is locked${locked.reason ? ` (skipped: ${locked.reason})` : ''}`, () => {
  const env = (): Record<string, string> => ({ STAKEQL_STORE: 'keyring', DBUS_SESSION_BUS_ADDRESS: (locked.service as SecretService).address });

  it('fails saves and reads (of an entry saved while it was unlocked) with an error that says it is locked and what to do', async () => {
    const out = await drive([{ op: 'save', name: 'main', n: 2 }, { op: 'load', name: 'seeded' }], env());
    expect(out.kind).toBe('keyring');
    for (const result of out.results) {
      expect(result.error).toMatchObject({ name: 'StoreError', code: 'keyring_failed' });
      expect(result.error?.message).toContain('the keyring is locked');
      expect(result.error?.message).toContain('STAKEQL_STORE=file');
      expect(result.error?.message).not.toContain('tok-');
    }
  });

  it('is not swapped for the file under auto: secrets stay out of files unless asked (STAKEQL_STORE=file)', async () => {
    const out = await drive([{ op: 'save', name: 'main', n: 3 }], { ...env(), STAKEQL_STORE: 'auto' });
    expect(out.kind).toBe('keyring');
    expect(out.results[0]?.error?.message).toContain('the keyring is locked');
    expect((await fs.readdir(config.dir)).includes('profiles.json')).toBe(false);
  });
});
