import { read_env_credentials } from './env.js';
import type { CredentialField } from './env.js';
import { StoreError } from './errors.js';
import { withMaskedView } from './masked.js';
import { open_store } from './open-store.js';
import type { OpenStoreOptions } from './open-store.js';
import { assert_profile_name, DEFAULT_PROFILE } from './profile.js';
import type { StoredProfile } from './profile.js';
import type { CredentialStore } from './types.js';

/** Where a resolved field came from: a `STAKE_*` variable, the profile, or nowhere. */
export type CredentialSource = 'env' | 'profile' | null;

/** The credentials to use, each with its origin, for the client and the CLI's `status`. */
export interface ResolvedCredentials extends Omit<StoredProfile, 'saved_at'> {
  /** Origin of each field. */
  sources: Record<CredentialField, CredentialSource>;
  /** The profile name that applies (given, or `default`). */
  profile: string;
  /** Whether that profile exists; null when it was not read (the environment set every field). */
  profile_found: boolean | null;
  /** The store that was read (`CredentialStore.location`); null when none was. */
  store_location: string | null;
}

/** Options of `load_credentials`. */
export interface LoadCredentialsOptions {
  /** Profile to read; default `default`. A profile named here must exist. */
  profile?: string | null;
  /** Environment to read; default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** An opened store, or options for `open_store` (its `env` defaults to the one above). */
  store?: CredentialStore | OpenStoreOptions;
}

// The fields that stand alone; token_expires_at follows access_token.
const INDEPENDENT_FIELDS = ['access_token', 'session_cookie', 'cf_clearance', 'user_agent', 'base_url'] as const;

function isStore(value: LoadCredentialsOptions['store']): value is CredentialStore {
  return typeof value === 'object' && value !== null && typeof (value as CredentialStore).load_profile === 'function';
}

/**
 * Resolves the credentials to use. Precedence, per field: the `STAKE_*`
 * environment variable, then the profile (default `default`), then null.
 * The expiry always comes from where the token came from: a profile's expiry
 * describes the profile's token, never a token from the environment.
 *
 * The store is read only when a field is still missing or a profile was named,
 * so a fully configured environment works without any store. Throws RangeError
 * for an empty or invalid variable (named, value never shown), StoreError
 * `profile_not_found` for a named profile that does not exist, and the store's
 * errors (permissions, corruption) as they are.
 */
export async function load_credentials(options: LoadCredentialsOptions = {}): Promise<ResolvedCredentials> {
  const env = options.env ?? process.env;
  const named = options.profile !== undefined && options.profile !== null;
  const name = named ? options.profile : DEFAULT_PROFILE;
  assert_profile_name(name);
  const fromEnv = read_env_credentials(env);

  let profile: StoredProfile | null = null;
  let found: boolean | null = null;
  let location: string | null = null;
  if (named || INDEPENDENT_FIELDS.some((field) => fromEnv[field] === undefined)) {
    const store = isStore(options.store) ? options.store : await open_store({ env, ...options.store });
    location = store.location;
    profile = await store.load_profile(name);
    found = profile !== null;
    if (named && profile === null) {
      throw new StoreError('profile_not_found', `no profile named "${name}" in ${location}`, location);
    }
  }

  const sources = {} as Record<CredentialField, CredentialSource>;
  const values: Record<string, string | null> = {};
  for (const field of INDEPENDENT_FIELDS) {
    const envValue = fromEnv[field];
    const profileValue = profile?.[field] ?? null;
    values[field] = envValue ?? profileValue;
    sources[field] = envValue !== undefined ? 'env' : profileValue !== null ? 'profile' : null;
  }
  let expiresAt: number | null = null;
  if (sources.access_token === 'env') expiresAt = fromEnv.token_expires_at ?? null;
  else if (sources.access_token === 'profile') expiresAt = profile?.token_expires_at ?? null;
  sources.token_expires_at = expiresAt === null ? null : sources.access_token;

  return withMaskedView<ResolvedCredentials>({
    access_token: values['access_token'] ?? null,
    session_cookie: values['session_cookie'] ?? null,
    cf_clearance: values['cf_clearance'] ?? null,
    user_agent: values['user_agent'] ?? null,
    base_url: values['base_url'] ?? null,
    token_expires_at: expiresAt,
    // Not from the environment: STAKE_BROWSER is read by the command line, over the profile's.
    ...(profile?.browser === undefined ? {} : { browser: profile.browser }),
    sources,
    profile: name,
    profile_found: found,
    store_location: location,
  });
}
