import fs from 'node:fs/promises';
import path from 'node:path';
import { TEMP_SUFFIX, writeFileAtomic } from './atomic-write.js';
import { StoreError } from './errors.js';
import { BREAK_LOCK_SUFFIX, DEFAULT_LOCK_TIMEOUT_MS, isDeadLeftover, withLock } from './lock.js';
import { withMaskedView } from './masked.js';
import { PROFILES_FILE } from './paths.js';
import { assert_profile_name, checkProfile, is_valid_profile_name, profileToRecord } from './profile.js';
import type { ProfileInput, StoredProfile } from './profile.js';
import { checkPrivateDirectory, isErrno, readPrivateFile, storeIoError } from './secure-fs.js';
import type { CredentialStore } from './types.js';

/** Format version written in `profiles.json`. */
export const FILE_FORMAT_VERSION = 1;

/** Tuning for the file store; the defaults suit real use. */
export interface FileStoreOptions {
  /** How long a save or delete waits for another writer's lock; default 5000 ms. */
  lock_timeout_ms?: number;
}

type ProfileMap = Map<string, StoredProfile>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function corrupt(file: string, what: string): StoreError {
  return new StoreError(
    'corrupt',
    `${file} ${what}; it holds saved credentials, so it is left untouched: repair it, or move it away and save your profiles again`,
    file,
  );
}

// The SyntaxError of JSON.parse is dropped on purpose: V8 quotes the text
// around the error, which here is a token.
function parseStoreText(text: string, file: string): ProfileMap {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw corrupt(file, 'is not valid JSON');
  }
  if (isRecord(data) && typeof data['version'] === 'number' && data['version'] > FILE_FORMAT_VERSION) {
    throw new StoreError(
      'corrupt',
      `${file} was written by a newer stakeql (format version ${data['version']}); upgrade stakeql to use it`,
      file,
    );
  }
  if (!isRecord(data) || data['version'] !== FILE_FORMAT_VERSION || !isRecord(data['profiles'])) {
    throw corrupt(file, `does not have the layout stakeql writes ({"version": ${FILE_FORMAT_VERSION}, "profiles": {...}})`);
  }
  const profiles: ProfileMap = new Map();
  for (const [name, raw] of Object.entries(data['profiles'])) {
    if (!is_valid_profile_name(name)) throw corrupt(file, 'holds a profile with an invalid name');
    try {
      profiles.set(name, checkProfile(raw, 0, true));
    } catch (error) {
      // Validation messages name the field and rule only, never the value.
      throw corrupt(file, `has an invalid profile "${name}" (${(error as Error).message})`);
    }
  }
  return profiles;
}

function serialise(profiles: ProfileMap): string {
  const names = [...profiles.keys()].sort();
  // Object.fromEntries defines own properties, so a profile named "__proto__" stays data.
  const body = Object.fromEntries(names.map((name) => [name, profileToRecord(profiles.get(name) as StoredProfile)]));
  return `${JSON.stringify({ version: FILE_FORMAT_VERSION, profiles: body }, null, 2)}\n`;
}

function masked(profile: StoredProfile): StoredProfile {
  return withMaskedView({ ...profile });
}

/**
 * The file store: every profile in one JSON file, `<dir>/profiles.json`.
 *
 * One file rather than one per profile: one permission check, one lock, and a
 * listing that is a single atomic read; profiles are a few kilobytes each.
 * The directory is created 0700 and the file 0600 at creation; both are
 * refused when open to group/others or owned by someone else. Writes are
 * atomic (temp file, fsync, rename, fsync dir) under an O_EXCL lock file, so
 * concurrent writers never lose each other's profiles and a crash never
 * leaves a torn file. Readers take no lock: a rename is seen whole or not at all.
 */
export function create_file_store(dir: string, options: FileStoreOptions = {}): CredentialStore {
  const file = path.join(dir, PROFILES_FILE);
  const lockPath = `${file}.lock`;
  const lockTimeout = options.lock_timeout_ms ?? DEFAULT_LOCK_TIMEOUT_MS;

  async function readAll(): Promise<ProfileMap | null> {
    if (!(await checkPrivateDirectory(dir))) return null;
    const text = await readPrivateFile(file);
    return text === null ? null : parseStoreText(text, file);
  }

  // Called with the lock held: only lock holders create temp files, so any
  // left now belong to a writer that was killed, and they hold secrets. The
  // lock's own drafts and asides (`profiles.json.lock.new-…`, `.stale-…`,
  // `.break.new-…`) go only once their owner is dead: others may be at work.
  async function removeLeftovers(): Promise<void> {
    const prefix = `${PROFILES_FILE}.`;
    const lockFiles = `${PROFILES_FILE}.lock.`;
    const breakLock = `${PROFILES_FILE}.lock${BREAK_LOCK_SUFFIX}`;
    for (const entry of await fs.readdir(dir)) {
      const full = path.join(dir, entry);
      const isTemp = entry.startsWith(prefix) && entry.endsWith(TEMP_SUFFIX);
      const isLockLeftover = entry.startsWith(lockFiles) && entry !== breakLock;
      if (isTemp || (isLockLeftover && (await isDeadLeftover(full)))) await fs.rm(full, { force: true });
    }
  }

  async function update(change: (profiles: ProfileMap) => boolean): Promise<boolean> {
    return withLock(lockPath, async () => {
      const profiles = (await readAll()) ?? new Map<string, StoredProfile>();
      if (!change(profiles)) return false;
      await removeLeftovers();
      await writeFileAtomic(file, serialise(profiles));
      return true;
    }, lockTimeout);
  }

  // A raw system error (EACCES, ENOTDIR, ...) leaves the store as a StoreError naming the directory.
  const io = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw storeIoError(error, dir);
    }
  };

  return {
    kind: 'file',
    location: file,

    save_profile: (name: string, input: ProfileInput): Promise<StoredProfile> => io(async () => {
      assert_profile_name(name);
      const profile = checkProfile(input, Math.floor(Date.now() / 1000));
      try {
        await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      } catch (error) {
        // An existing non-directory is reported by the check below.
        if (!isErrno(error, 'EEXIST')) throw error;
      }
      await checkPrivateDirectory(dir);
      await update((profiles) => {
        profiles.set(name, profile);
        return true;
      });
      return masked(profile);
    }),

    load_profile: (name: string): Promise<StoredProfile | null> => io(async () => {
      assert_profile_name(name);
      const profile = (await readAll())?.get(name);
      return profile ? masked(profile) : null;
    }),

    list_profiles: (): Promise<string[]> => io(async () => {
      const profiles = await readAll();
      return profiles ? [...profiles.keys()].sort() : [];
    }),

    delete_profile: (name: string): Promise<boolean> => io(async () => {
      assert_profile_name(name);
      if (!(await checkPrivateDirectory(dir))) return false;
      return update((profiles) => profiles.delete(name));
    }),
  };
}
