/**
 * The credential store: named profiles kept in the OS keyring or in a private
 * JSON file, and `load_credentials`, which merges them with `STAKE_*`
 * environment variables (environment first, per field).
 */
export { StoreError } from './errors.js';
export type { StoreErrorCode } from './errors.js';
export type { CredentialStore, StoreKind } from './types.js';
export type { ProfileInput, StoredProfile } from './profile.js';
export { DEFAULT_PROFILE, assert_profile_name, is_valid_profile_name } from './profile.js';
export { PROFILES_FILE, resolve_config_dir } from './paths.js';
export type { ConfigDirOptions } from './paths.js';
export { FILE_FORMAT_VERSION, create_file_store } from './file-store.js';
export type { FileStoreOptions } from './file-store.js';
export { KEYRING_SERVICE, create_keyring_store, import_keyring_module, probe_keyring } from './keyring-store.js';
export type { KeyringEntry, KeyringModule } from './keyring-store.js';
export { open_store } from './open-store.js';
export type { OpenStoreOptions } from './open-store.js';
export { CREDENTIAL_ENV_VARS, read_env_credentials } from './env.js';
export type { CredentialField, EnvCredentials } from './env.js';
export { load_credentials } from './resolve.js';
export type { CredentialSource, LoadCredentialsOptions, ResolvedCredentials } from './resolve.js';
