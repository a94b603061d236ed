import { validateAccessToken, validateCookieValue } from '../auth/validate.js';
import { validateBaseUrl, validateBrowserUrl, validateUnixSeconds, validateUserAgent } from './fields.js';

/**
 * One saved set of credentials, as the store keeps it. Every credential is
 * optional (null); `saved_at` is set by the store on every save.
 */
export interface StoredProfile {
  /** Value for the `X-Access-Token` header. */
  access_token: string | null;
  /** Value of the `session` cookie. */
  session_cookie: string | null;
  /** Value of the anti-bot `cf_clearance` cookie. */
  cf_clearance: string | null;
  /** The browser's User-Agent (the clearance cookie is bound to it). */
  user_agent: string | null;
  /** Origin to talk to, `scheme://host[:port]`; null means the client's default. */
  base_url: string | null;
  /** Unix seconds at which `access_token` expires (`AuthManager._token_expires_at`); null = unknown. */
  token_expires_at: number | null;
  /**
   * The DevTools URL (loopback) of the user's browser to send every request
   * through (`stakeql login --browser`); not a secret. Absent: the direct path
   * (a profile without one is written and read exactly as before it existed).
   */
  browser?: string;
  /** Unix seconds (whole) at which the store wrote this profile. */
  saved_at: number;
}

/**
 * What `save_profile` accepts: any subset of the credential fields (missing
 * means null). A `saved_at` given here is ignored: the store stamps the time.
 */
export type ProfileInput = Partial<StoredProfile>;

/** The profile used when none is named. */
export const DEFAULT_PROFILE = 'default';

const CREDENTIAL_FIELDS = ['access_token', 'session_cookie', 'cf_clearance', 'user_agent', 'base_url', 'token_expires_at'] as const;
// Fields added later: a profile written before them is read as null.
const LATER_FIELDS = ['browser'] as const;
const ALL_FIELDS: ReadonlySet<string> = new Set<string>([...CREDENTIAL_FIELDS, ...LATER_FIELDS, 'saved_at']);
const REQUIRED_STORED: ReadonlySet<string> = new Set<string>([...CREDENTIAL_FIELDS, 'saved_at']);

// Anchored, no nesting, and only ever run on a string of at most 64 characters.
const NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** True when `name` is a valid profile name: 1 to 64 of `A-Z a-z 0-9 . _ -`. */
export function is_valid_profile_name(name: unknown): name is string {
  return typeof name === 'string' && name.length >= 1 && name.length <= 64 && NAME_PATTERN.test(name);
}

/**
 * Throws TypeError when `name` is not a string and RangeError when it is not a
 * valid profile name. The name itself is not quoted: a misplaced argument could be a token.
 */
export function assert_profile_name(name: unknown): asserts name is string {
  if (typeof name !== 'string') throw new TypeError('profile name must be a string');
  if (!is_valid_profile_name(name)) {
    throw new RangeError('profile name must be 1 to 64 characters from A-Z a-z 0-9 . _ -');
  }
}

// Field names are quoted in messages only when they look like field names, so a
// corrupted file cannot put arbitrary text into an error message.
function describeKey(key: string): string {
  return /^[A-Za-z0-9_]{1,40}$/.test(key) ? `"${key}"` : 'with an unusual name';
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks every field as the AuthManager / client would and returns the
 * normalised profile (values trimmed, base URL reduced to its origin).
 * `stored` is true when reading back what the store wrote: then every field
 * must be present and `saved_at` is taken from the data; otherwise missing
 * fields mean null and `saved_at` is `savedAt`.
 * @throws TypeError / RangeError naming the field, never the value.
 */
export function checkProfile(input: unknown, savedAt: number, stored = false): StoredProfile {
  if (!isPlainRecord(input)) throw new TypeError('profile must be an object');
  for (const key of Object.keys(input)) {
    if (!ALL_FIELDS.has(key)) throw new TypeError(`profile has an unknown field ${describeKey(key)}`);
  }
  if (stored) {
    for (const key of REQUIRED_STORED) {
      if (!Object.hasOwn(input, key)) throw new TypeError(`profile lacks the field "${key}"`);
    }
  }
  const opt = <T>(key: string, check: (v: unknown, param: string) => T): T | null => {
    const v = input[key];
    return v === undefined || v === null ? null : check(v, key);
  };
  const profile: StoredProfile = {
    access_token: opt('access_token', validateAccessToken),
    session_cookie: opt('session_cookie', validateCookieValue),
    cf_clearance: opt('cf_clearance', validateCookieValue),
    user_agent: opt('user_agent', validateUserAgent),
    base_url: opt('base_url', validateBaseUrl),
    token_expires_at: opt('token_expires_at', validateUnixSeconds),
    saved_at: stored ? validateUnixSeconds(input['saved_at'], 'saved_at') : savedAt,
  };
  const browser = opt('browser', validateBrowserUrl);
  if (browser !== null) profile.browser = browser;
  // An expiry belongs to a token; alone it would later be applied to another one.
  if (profile.token_expires_at !== null && profile.access_token === null) {
    throw new RangeError('token_expires_at is set without access_token');
  }
  return profile;
}

/** The profile as a plain object with a fixed key order, for writing out. */
export function profileToRecord(profile: StoredProfile): Partial<Record<keyof StoredProfile, string | number | null>> {
  const browser = profile.browser === undefined ? {} : { browser: profile.browser };
  return {
    access_token: profile.access_token,
    session_cookie: profile.session_cookie,
    cf_clearance: profile.cf_clearance,
    user_agent: profile.user_agent,
    base_url: profile.base_url,
    token_expires_at: profile.token_expires_at,
    ...browser,
    saved_at: profile.saved_at,
  };
}
