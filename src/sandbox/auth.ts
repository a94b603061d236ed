/**
 * Access tokens and `session` cookies the sandbox issued, and the verdict on
 * the credentials a request carries. Time is read with `Date.now()` at every
 * check so fake clocks (`vi.setSystemTime`) move it.
 */
import { isAccessTokenShape, newAccessToken, newSessionValue } from './random-values.js';

/** What the credentials of one request amount to. */
export type AuthVerdict =
  /** Token valid (and session, when one was sent, live and the same user's). */
  | { readonly kind: 'ok'; readonly userId: string }
  /** No usable token: none sent, unknown, revoked, or a session that is not live. */
  | { readonly kind: 'not_authenticated' }
  /** A token the sandbox issued, past its lifetime. */
  | { readonly kind: 'expired' }
  /** A token header that is not the shape the sandbox issues (answered with 401). */
  | { readonly kind: 'malformed' };

interface TokenRecord {
  readonly userId: string;
  readonly issuedAtMs: number;
  revoked: boolean;
}

interface SessionRecord {
  readonly userId: string;
  /** When a rotation replaced it; null while it is the current one. */
  retiredAtMs: number | null;
}

// Rotation makes a session per request; retired ones are swept when the map
// doubles past its size after the last sweep (amortised constant per rotation).
const MIN_SWEEP_THRESHOLD = 1024;

/** The tokens and sessions of one sandbox. */
export class AuthRegistry {
  readonly #tokens = new Map<string, TokenRecord>();
  readonly #sessions = new Map<string, SessionRecord>();
  readonly #ttlMs: number;
  readonly #graceMs: number;
  #sessionsIssued = 0;
  #sweepThreshold = MIN_SWEEP_THRESHOLD;

  constructor(tokenTtlSeconds: number, sessionGraceSeconds: number) {
    this.#ttlMs = tokenTtlSeconds * 1000;
    this.#graceMs = sessionGraceSeconds * 1000;
  }

  /** Issues a token for the user; its lifetime starts now. */
  issueToken(userId: string): string {
    const token = newAccessToken();
    this.#tokens.set(token, { userId, issuedAtMs: Date.now(), revoked: false });
    return token;
  }

  /** Issues a session for the user. Every other session is percent-encoded (`%3D`), the first one included. */
  issueSession(userId: string): string {
    const value = newSessionValue(this.#sessionsIssued++ % 2 === 0);
    this.#sessions.set(value, { userId, retiredAtMs: null });
    return value;
  }

  /**
   * Makes `value` (a token `/login` issued) also a live session of the user:
   * the site's `session` cookie holds the token itself.
   */
  adoptSession(value: string, userId: string): void {
    this.#sessions.set(value, { userId, retiredAtMs: null });
  }

  /** Revokes a token; unknown tokens are ignored. */
  revokeToken(token: string): void {
    const record = this.#tokens.get(token);
    if (record !== undefined) record.revoked = true;
  }

  /**
   * Judges a request's `X-Access-Token` header and `session` cookie. An empty
   * header counts as absent (a logged-out browser sends one). A token expires
   * once `token_ttl_seconds` have passed since it was issued (at that instant
   * included), so a TTL of 0 is expired at once.
   */
  judge(tokenHeader: string | undefined, session: string | undefined): AuthVerdict {
    if (tokenHeader === undefined || tokenHeader === '') return { kind: 'not_authenticated' };
    if (!isAccessTokenShape(tokenHeader)) return { kind: 'malformed' };
    const token = this.#tokens.get(tokenHeader);
    if (token === undefined || token.revoked) return { kind: 'not_authenticated' };
    if (Date.now() >= token.issuedAtMs + this.#ttlMs) return { kind: 'expired' };
    if (session !== undefined && !this.#sessionIsLive(session, token.userId)) return { kind: 'not_authenticated' };
    return { kind: 'ok', userId: token.userId };
  }

  /**
   * Replaces the user's session: the one the request carried (if it was the
   * current one) keeps working for the grace period, then stops.
   */
  rotateSession(old: string | undefined, userId: string): string {
    if (old !== undefined) {
      const record = this.#sessions.get(old);
      if (record !== undefined && record.userId === userId && record.retiredAtMs === null) {
        record.retiredAtMs = Date.now();
      }
    }
    if (this.#sessions.size >= this.#sweepThreshold) this.#sweep();
    return this.issueSession(userId);
  }

  #sessionIsLive(value: string, userId: string): boolean {
    const record = this.#sessions.get(value);
    if (record === undefined || record.userId !== userId) return false;
    return record.retiredAtMs === null || Date.now() < record.retiredAtMs + this.#graceMs;
  }

  #sweep(): void {
    const now = Date.now();
    for (const [value, record] of this.#sessions) {
      if (record.retiredAtMs !== null && now >= record.retiredAtMs + this.#graceMs) this.#sessions.delete(value);
    }
    this.#sweepThreshold = Math.max(MIN_SWEEP_THRESHOLD, this.#sessions.size * 2);
  }
}
