import fs from 'node:fs/promises';
import path from 'node:path';
import { StoreError } from './errors.js';
import { create_file_store } from './file-store.js';
import type { FileStoreOptions } from './file-store.js';
import { create_keyring_store, import_keyring_module, probe_keyring } from './keyring-store.js';
import type { KeyringModule } from './keyring-store.js';
import { PROFILES_FILE, resolve_config_dir } from './paths.js';
import type { CredentialStore, StoreKind } from './types.js';

/** Options of `open_store`. */
export interface OpenStoreOptions extends FileStoreOptions {
  /**
   * Which store: `'file'`, `'keyring'`, or `'auto'`. Default: the
   * `STAKEQL_STORE` environment variable, else `'auto'`.
   */
  kind?: StoreKind | 'auto';
  /** Environment to read (`STAKEQL_STORE`, config dir variables); default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Directory of the file store; default `resolve_config_dir({ env })`. */
  config_dir?: string;
  /** Loads the keyring binding; default a dynamic import of `@napi-rs/keyring`. For tests and embedders. */
  load_keyring?: () => Promise<KeyringModule | null>;
}

function readKind(options: OpenStoreOptions, env: NodeJS.ProcessEnv): StoreKind | 'auto' {
  if (options.kind !== undefined) {
    if (options.kind !== 'file' && options.kind !== 'keyring' && options.kind !== 'auto') {
      throw new RangeError("open_store: kind must be 'file', 'keyring' or 'auto'");
    }
    return options.kind;
  }
  const fromEnv = env['STAKEQL_STORE'];
  if (fromEnv === undefined) return 'auto';
  const value = fromEnv.trim().toLowerCase();
  if (value === 'file' || value === 'keyring' || value === 'auto') return value;
  throw new RangeError("STAKEQL_STORE must be 'file', 'keyring' or 'auto'");
}

async function exists(p: string): Promise<boolean> {
  try {
    await fs.lstat(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens the credential store. Secrets live in exactly one place:
 * - `'file'`: the private JSON file in the config directory.
 * - `'keyring'`: the OS keyring (macOS Keychain, Windows Credential Manager,
 *   Secret Service on Linux); throws StoreError `unavailable` when it cannot be used.
 * - `'auto'`: the file store when `profiles.json` already exists (profiles
 *   saved there never silently disappear from view), else the keyring when it
 *   is usable, else the file store (Linux without a Secret Service, CI, containers).
 * Opening writes nothing; the file store creates its directory on first save.
 */
export async function open_store(options: OpenStoreOptions = {}): Promise<CredentialStore> {
  const env = options.env ?? process.env;
  const kind = readKind(options, env);
  const dir = options.config_dir ?? resolve_config_dir({ env });
  const fileStore = (): CredentialStore => create_file_store(dir, options);
  if (kind === 'file') return fileStore();
  if (kind === 'auto' && (await exists(path.join(dir, PROFILES_FILE)))) return fileStore();

  const load = options.load_keyring ?? import_keyring_module;
  const mod = await load().catch(() => null);
  if (mod && (await probe_keyring(mod))) return create_keyring_store(mod);
  if (kind === 'keyring') {
    throw new StoreError(
      'unavailable',
      mod
        ? 'the keyring store was asked for, but the OS keyring cannot be reached (on Linux a Secret Service such as gnome-keyring must be running on D-Bus); start one, or use the file store (STAKEQL_STORE=file)'
        : 'the keyring store was asked for, but the optional package @napi-rs/keyring is not installed or does not load here; install it, or use the file store (STAKEQL_STORE=file)',
      null,
    );
  }
  return fileStore();
}
