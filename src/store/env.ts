import { validateAccessToken, validateCookieValue } from '../auth/validate.js';
import { validateBaseUrl, validateUnixSeconds, validateUserAgent } from './fields.js';

/** The environment variable that supplies each credential field. */
export const CREDENTIAL_ENV_VARS = {
  access_token: 'STAKE_ACCESS_TOKEN',
  session_cookie: 'STAKE_SESSION_COOKIE',
  cf_clearance: 'STAKE_CF_CLEARANCE',
  user_agent: 'STAKE_USER_AGENT',
  base_url: 'STAKE_BASE_URL',
  token_expires_at: 'STAKE_TOKEN_EXPIRES_AT',
} as const;

/** A credential field that can come from the environment or a profile. */
export type CredentialField = keyof typeof CREDENTIAL_ENV_VARS;

/** The fields the environment sets; an absent key means the variable is unset. */
export interface EnvCredentials {
  access_token?: string;
  session_cookie?: string;
  cf_clearance?: string;
  user_agent?: string;
  base_url?: string;
  token_expires_at?: number;
}

// Anchored and bounded: at most 20 digits, an optional fraction of at most 9.
const SECONDS_PATTERN = /^-?[0-9]{1,20}(\.[0-9]{1,9})?$/;

function parseSeconds(value: unknown, param: string): number {
  if (typeof value !== 'string' || !SECONDS_PATTERN.test(value.trim())) {
    throw new RangeError(`${param} must be a Unix time in seconds, such as 1767225600`);
  }
  return validateUnixSeconds(Number(value.trim()), param);
}

const CHECKS: { [F in CredentialField]: (value: unknown, param: string) => NonNullable<EnvCredentials[F]> } = {
  access_token: validateAccessToken,
  session_cookie: validateCookieValue,
  cf_clearance: validateCookieValue,
  user_agent: validateUserAgent,
  base_url: validateBaseUrl,
  token_expires_at: parseSeconds,
};

/**
 * Reads the `STAKE_*` credential variables. A variable that is set but empty
 * (or only whitespace) is a configuration mistake and throws RangeError, as
 * does a value the AuthManager would refuse; the message names the variable,
 * never its value. `STAKE_TOKEN_EXPIRES_AT` (Unix seconds) describes
 * `STAKE_ACCESS_TOKEN`, so it is refused without it.
 */
export function read_env_credentials(env: NodeJS.ProcessEnv = process.env): EnvCredentials {
  const out: EnvCredentials = {};
  for (const field of Object.keys(CREDENTIAL_ENV_VARS) as CredentialField[]) {
    const name = CREDENTIAL_ENV_VARS[field];
    const raw = env[name];
    if (raw === undefined) continue;
    if (raw.trim() === '') throw new RangeError(`${name} is set but empty; unset it or give it a value`);
    (out as Record<string, unknown>)[field] = CHECKS[field](raw, name);
  }
  if (out.token_expires_at !== undefined && out.access_token === undefined) {
    throw new RangeError(`${CREDENTIAL_ENV_VARS.token_expires_at} is set without ${CREDENTIAL_ENV_VARS.access_token}`);
  }
  return out;
}
