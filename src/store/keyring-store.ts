import { StoreError } from './errors.js';
import { withMaskedView } from './masked.js';
import { assert_profile_name, checkProfile, is_valid_profile_name, profileToRecord } from './profile.js';
import type { ProfileInput, StoredProfile } from './profile.js';
import type { CredentialStore } from './types.js';

/** Keyring service name under which every profile is kept (account = profile name). */
export const KEYRING_SERVICE = 'stakeql';

/** The slice of `@napi-rs/keyring`'s `AsyncEntry` the store uses. */
export interface KeyringEntry {
  getPassword(): Promise<string | null>;
  setPassword(password: string): Promise<void>;
  deletePassword(): Promise<boolean>;
}

/** The slice of the `@napi-rs/keyring` module the store uses. */
export interface KeyringModule {
  AsyncEntry: new (service: string, account: string, options?: { linux?: { store?: 'secret-service' | 'keyutils' } }) => KeyringEntry;
  findCredentialsAsync(service: string): Promise<Array<{ account: string; password: string }>>;
}

/**
 * Loads `@napi-rs/keyring`, an optional dependency: null when it is not
 * installed or its native part does not load on this platform.
 */
export async function import_keyring_module(): Promise<KeyringModule | null> {
  // A variable specifier keeps tsc from needing the package's types, so the
  // project still builds where the optional dependency failed to install.
  const specifier = '@napi-rs/keyring';
  try {
    const mod = (await import(specifier)) as Partial<KeyringModule> & { default?: Partial<KeyringModule> };
    const api = typeof mod.AsyncEntry === 'function' ? mod : mod.default;
    if (api && typeof api.AsyncEntry === 'function' && typeof api.findCredentialsAsync === 'function') {
      return api as KeyringModule;
    }
    return null;
  } catch {
    return null;
  }
}

// On Linux the binding silently falls back to the kernel keyring when there is
// no Secret Service; that keyring lives in memory and is gone after a reboot,
// so saved credentials would vanish. Pinning makes that case "unavailable"
// and the file store is used instead.
function entryOptions(platform: NodeJS.Platform): { linux?: { store: 'secret-service' } } | undefined {
  return platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined;
}

// A locked Secret Service collection passes the probe (looking up an absent
// entry needs no unlock) and fails only when an entry is written or read: the
// daemon asks its prompter to unlock, which fails at once where no desktop
// session can show it ("unlock prompt was dismissed", seen with gnome-keyring
// 42 through @napi-rs/keyring 2.1). Say what to do rather than quote only that.
function lockedHint(reason: string): string {
  const lower = reason.toLowerCase();
  const locked = lower.includes('unlock') || lower.includes('locked') || lower.includes('prompt');
  return locked
    ? ' (the keyring is locked: unlock it, e.g. by logging in to the desktop or with `gnome-keyring-daemon --unlock`, or use the file store: STAKEQL_STORE=file)'
    : '';
}

function keyringError(operation: string, name: string | null, error: unknown): StoreError {
  const where = name === null ? `keyring:${KEYRING_SERVICE}` : `keyring:${KEYRING_SERVICE}/${name}`;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreError('keyring_failed', `the OS keyring could not ${operation} ${where}: ${reason}${lockedHint(reason)}`, where, { cause: error });
}

/**
 * True when the keyring can be used: an entry can be created and read (the
 * read of an absent entry resolves null; no Secret Service, a refused D-Bus or
 * a broken native module throws).
 */
export async function probe_keyring(mod: KeyringModule, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  try {
    const entry = new mod.AsyncEntry(KEYRING_SERVICE, 'stakeql:probe', entryOptions(platform));
    await entry.getPassword();
    return true;
  } catch {
    return false;
  }
}

/**
 * The keyring store: each profile is one keyring entry (service `stakeql`,
 * account = profile name, password = the profile as JSON). Nothing is written
 * to disk. Listing uses `findCredentialsAsync`; on Linux it reaches the Secret
 * Service whenever `probe_keyring` passed, the only case this store is used.
 */
export function create_keyring_store(mod: KeyringModule, platform: NodeJS.Platform = process.platform): CredentialStore {
  const entry = (name: string): KeyringEntry => new mod.AsyncEntry(KEYRING_SERVICE, name, entryOptions(platform));

  return {
    kind: 'keyring',
    location: `keyring:${KEYRING_SERVICE}`,

    async save_profile(name: string, input: ProfileInput): Promise<StoredProfile> {
      assert_profile_name(name);
      const profile = checkProfile(input, Math.floor(Date.now() / 1000));
      try {
        await entry(name).setPassword(JSON.stringify(profileToRecord(profile)));
      } catch (error) {
        throw keyringError('save', name, error);
      }
      return withMaskedView({ ...profile });
    },

    async load_profile(name: string): Promise<StoredProfile | null> {
      assert_profile_name(name);
      let text: string | null;
      try {
        text = await entry(name).getPassword();
      } catch (error) {
        throw keyringError('read', name, error);
      }
      if (text === null) return null;
      const where = `keyring:${KEYRING_SERVICE}/${name}`;
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        throw new StoreError('corrupt', `${where} is not valid JSON; delete that keyring entry and save the profile again`, where);
      }
      try {
        return withMaskedView(checkProfile(data, 0, true));
      } catch (error) {
        throw new StoreError('corrupt', `${where} is not a valid profile (${(error as Error).message})`, where);
      }
    },

    async list_profiles(): Promise<string[]> {
      let found: Array<{ account: string }>;
      try {
        found = await mod.findCredentialsAsync(KEYRING_SERVICE);
      } catch (error) {
        throw keyringError('list', null, error);
      }
      return [...new Set(found.map((c) => c.account).filter((a) => is_valid_profile_name(a)))].sort();
    },

    async delete_profile(name: string): Promise<boolean> {
      assert_profile_name(name);
      try {
        return await entry(name).deletePassword();
      } catch (error) {
        throw keyringError('delete', name, error);
      }
    },
  };
}
