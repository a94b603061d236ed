import type { AuthManager } from '../auth/index.js';
import { validateAccessToken, validateCookieValue, validateExpiresIn } from '../auth/validate.js';
import { AuthenticationError } from './errors/index.js';

/** What a refresh callback may resolve to: new credentials, or nothing when it stored them itself. */
export type RefreshResult = {
  readonly access_token: string;
  readonly expires_in?: number | null;
  readonly session_cookie?: string;
} | void;

/**
 * Obtains fresh credentials (however the program does it: a login flow, a
 * browser, a secret store). The client calls it before a request when the
 * token is about to expire, and once after the server refuses a token.
 */
export type RefreshCallback = (auth: AuthManager) => Promise<RefreshResult>;

/**
 * Runs the refresh callback at most once at a time: every request that needs
 * a refresh while one is running waits for that same one, and a failure
 * rejects all of them with one {@link AuthenticationError} whose `cause` is
 * the callback's error.
 */
export class SingleFlightRefresh {
  readonly #callback: RefreshCallback;
  readonly #auth: AuthManager;
  readonly #redact: (text: string) => string;
  #running: Promise<void> | null = null;
  #runs = 0;

  constructor(callback: RefreshCallback, auth: AuthManager, redact: (text: string) => string) {
    this.#callback = callback;
    this.#auth = auth;
    this.#redact = redact;
  }

  /** How many times the callback has been started. */
  get runs(): number {
    return this.#runs;
  }

  /** Refreshes now, or joins the refresh already running. */
  run(): Promise<void> {
    if (this.#running !== null) return this.#running;
    this.#runs += 1;
    const running = this.#refresh().finally(() => {
      if (this.#running === running) this.#running = null;
    });
    this.#running = running;
    return running;
  }

  /**
   * After the server refused `sent_token`: joins a running refresh, does
   * nothing when the token was already replaced since it was sent (another
   * request refreshed it), else refreshes.
   */
  after_refusal(sent_token: string | null): Promise<void> {
    if (this.#running !== null) return this.#running;
    if (this.#auth.access_token !== sent_token) return Promise.resolve();
    return this.run();
  }

  async #refresh(): Promise<void> {
    let result: unknown;
    try {
      result = await this.#callback(this.#auth);
    } catch (error) {
      throw this.#failure('the refresh callback failed', error);
    }
    if (result === undefined || result === null) return;
    try {
      store(this.#auth, result);
    } catch (error) {
      throw this.#failure('the refresh callback returned unusable credentials', error);
    }
  }

  #failure(what: string, error: unknown): AuthenticationError {
    const why = error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
    return new AuthenticationError({ message: `Could not refresh the credentials: ${what} (${this.#redact(why)})`, cause: error });
  }
}

/** Checks every value before storing any, so a bad result changes nothing. */
function store(auth: AuthManager, result: unknown): void {
  if (typeof result !== 'object' || result === null) {
    throw new TypeError('refresh must resolve to { access_token, expires_in?, session_cookie? } or undefined');
  }
  const r = result as { access_token?: unknown; expires_in?: unknown; session_cookie?: unknown };
  const token = validateAccessToken(r.access_token);
  const expires = validateExpiresIn(r.expires_in);
  const session = r.session_cookie === undefined || r.session_cookie === null ? null : validateCookieValue(r.session_cookie);
  auth.set_access_token(token, expires);
  if (session !== null) auth.set_session_cookie(session);
}
