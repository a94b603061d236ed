import { inspect } from 'node:util';
import { extract_credentials } from '../paste/credentials.js';
import { validateAccessToken, validateCookieValue, validateExpiresIn } from './validate.js';

/**
 * Seconds before the recorded expiry at which a token already counts as
 * expired, so a request never leaves with a token that dies in flight.
 */
export const TOKEN_EXPIRY_BUFFER_SECONDS = 300;

function nowSeconds(): number {
  // Read at every call (never cached) so fake timers move it.
  return Date.now() / 1000;
}

/** The masked view shown by `util.inspect`, `toJSON` and `toString`. */
interface MaskedAuthManager {
  access_token: '[set]' | null;
  session_cookie: '[set]' | null;
  _token_expires_at: number | null;
}

/**
 * Holds the access token (sent as `X-Access-Token`) and the `session` cookie,
 * knows when the token is about to expire, and reads both out of a cURL paste.
 * It performs no I/O: whoever fetches a new token stores it with
 * `set_access_token`. Inspecting or serialising a manager shows whether a
 * credential is set, never its value.
 */
export class AuthManager {
  #accessToken: string | null = null;
  #sessionCookie: string | null = null;
  #tokenExpiresAt: number | null = null;

  /**
   * @param access_token value for the `X-Access-Token` header; omitted or null for none.
   * @param session_cookie value of the cookie named `session`; omitted or null for none.
   * @throws TypeError / RangeError on a value the binding's bad-input table rejects.
   */
  constructor(access_token?: string | null, session_cookie?: string | null) {
    const token = access_token == null ? null : validateAccessToken(access_token);
    const cookie = session_cookie == null ? null : validateCookieValue(session_cookie);
    this.#accessToken = token;
    this.#sessionCookie = cookie;
  }

  /** The stored access token, or null. */
  get access_token(): string | null {
    return this.#accessToken;
  }

  /** The stored session cookie value, or null. */
  get session_cookie(): string | null {
    return this.#sessionCookie;
  }

  /** Unix time in seconds (may be fractional) at which the token expires; null = unknown. */
  get _token_expires_at(): number | null {
    return this.#tokenExpiresAt;
  }

  /** `{ "X-Access-Token": token }` when a token is set, else `{}`. Async for forward compatibility; no I/O. */
  async get_auth_headers(): Promise<Record<string, string>> {
    return this.#accessToken === null ? {} : { 'X-Access-Token': this.#accessToken };
  }

  /** `{ session: value }` when a session cookie is set, else `{}`. A fresh object each call. */
  get_cookies(): Record<string, string> {
    return this.#sessionCookie === null ? {} : { session: this.#sessionCookie };
  }

  /**
   * Replaces the token. With `expires_in` (seconds, 0 and negatives allowed)
   * the expiry becomes now + expires_in; without it the expiry becomes unknown,
   * because an earlier token's expiry says nothing about this one.
   */
  set_access_token(access_token: string, expires_in?: number | null): void {
    const token = validateAccessToken(access_token);
    const seconds = validateExpiresIn(expires_in);
    this.#accessToken = token;
    this.#tokenExpiresAt = seconds === null ? null : nowSeconds() + seconds;
  }

  /** Replaces the session cookie; the token and its expiry are untouched. */
  set_session_cookie(session_cookie: string): void {
    this.#sessionCookie = validateCookieValue(session_cookie);
  }

  /**
   * False when no expiry is known; otherwise true exactly when now is at or
   * past the expiry minus {@link TOKEN_EXPIRY_BUFFER_SECONDS}.
   */
  is_token_expired(): boolean {
    if (this.#tokenExpiresAt === null) return false;
    return nowSeconds() >= this.#tokenExpiresAt - TOKEN_EXPIRY_BUFFER_SECONDS;
  }

  /** Forgets the token, the cookie and the expiry. */
  clear_tokens(): void {
    this.#accessToken = null;
    this.#sessionCookie = null;
    this.#tokenExpiresAt = null;
  }

  /**
   * The `x-access-token` header of a cURL paste (any browser, any shell), or
   * null. Never throws on a string. Also reads the other DevTools formats that
   * `extract_credentials` reads.
   */
  static extract_access_token_from_curl(curl_command: string): string | null {
    return extract_credentials(curl_command).access_token;
  }

  /**
   * The value of the cookie named exactly `session` in a cURL paste, as written
   * (percent-encoding kept), or null. Never throws on a string.
   */
  static extract_session_from_curl(curl_command: string): string | null {
    return extract_credentials(curl_command).session_cookie;
  }

  /** Masked form: whether each credential is set, never its value. */
  toJSON(): MaskedAuthManager {
    return {
      access_token: this.#accessToken === null ? null : '[set]',
      session_cookie: this.#sessionCookie === null ? null : '[set]',
      _token_expires_at: this.#tokenExpiresAt,
    };
  }

  toString(): string {
    const m = this.toJSON();
    return `AuthManager(access_token: ${m.access_token ?? 'unset'}, session_cookie: ${m.session_cookie ?? 'unset'}, expired: ${this.is_token_expired()})`;
  }

  [inspect.custom](depth: number, options: object): string {
    return `AuthManager ${inspect(this.toJSON(), { ...options, depth })}`;
  }
}
