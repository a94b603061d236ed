import type { ProfileInput, StoredProfile } from './profile.js';

/** Where profiles live: the OS keyring, or one private JSON file. */
export type StoreKind = 'file' | 'keyring';

/**
 * A place that keeps named credential profiles. Every method validates the
 * profile name first (TypeError / RangeError) and never writes to stdout/stderr.
 * Returned profiles print masked (`util.inspect`, `JSON.stringify`).
 */
export interface CredentialStore {
  /** Which back end this is. */
  readonly kind: StoreKind;
  /** The file path, or `keyring:<service>`: for messages and `status`. */
  readonly location: string;
  /**
   * Validates `profile` as the AuthManager would (TypeError / RangeError, store
   * untouched), stamps `saved_at` and stores it under `name`, replacing any
   * profile of that name. Resolves to what was stored.
   */
  save_profile(name: string, profile: ProfileInput): Promise<StoredProfile>;
  /** The profile saved under `name`, or null when there is none. */
  load_profile(name: string): Promise<StoredProfile | null>;
  /** Names of the saved profiles, sorted. */
  list_profiles(): Promise<string[]>;
  /** Removes the profile; true when it existed. */
  delete_profile(name: string): Promise<boolean>;
}
