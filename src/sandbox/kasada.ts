/**
 * The sandbox's emulation of Kasada, the bot protection stake.com puts in
 * front of `/_api/graphql` (2025–26: four `x-kpsdk-*` headers that only the
 * site's own script in a real page can make, valid minutes, 403 when stale).
 *
 * The mechanism, not Kasada's secret algorithm: the page's script asks
 * `/_kpsdk/tl` for a page token (`ct`) and its secret, and from then on adds to
 * every same-origin fetch `x-kpsdk-ct` and `x-kpsdk-cd` (the time and an
 * HMAC of `ct` and the time under the secret). The API refuses a request
 * whose headers are missing, forged or older than `kasada_ttl_ms`: a request
 * made by the page passes; the same headers copied out and replayed from
 * elsewhere pass only until they expire. A page cannot put headers on a
 * websocket, so the token fetch also sets the `KP_UIDz` cookie, which the
 * websocket upgrade needs, live.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { stringifySetCookie } from 'cookie';
import type { Answer } from './responses.js';

/** Path of the page script's token request (the real script's is a UUID path ending in `/tl`). */
export const KASADA_TOKEN_PATH = '/_kpsdk/tl';
/** The cookie the websocket upgrade needs (Kasada's own name). */
export const KASADA_COOKIE = 'KP_UIDz';
/** Default lifetime of a page's headers and cookie, in ms. */
export const DEFAULT_KASADA_TTL_MS = 60_000;

// Bounded: an old page token past this many newer ones is forgotten (its page has long fetched a new one).
const MAX_PAGE_TOKENS = 10_000;
// A clock a little ahead in the page is accepted (same machine here, but the check must not be exact-equal).
const FUTURE_SKEW_MS = 5_000;

/** One page token the sandbox issued. */
interface PageToken {
  readonly secret: Buffer;
}

/** The page tokens and websocket cookies of one sandbox, and the checks on them. */
export class KasadaGuard {
  readonly ttl_ms: number;
  readonly #tokens = new Map<string, PageToken>();
  readonly #cookies = new Map<string, number>();

  constructor(ttl_ms: number) {
    this.ttl_ms = ttl_ms;
  }

  /** A new page token: `ct`, its hex secret, and the `Set-Cookie` of a fresh websocket cookie. */
  issue(now: number = Date.now()): { ct: string; secret: string; ttl_ms: number; set_cookie: string } {
    const ct = randomBytes(24).toString('base64url');
    const secret = randomBytes(32);
    remember(this.#tokens, ct, { secret });
    const cookie = randomBytes(24).toString('base64url');
    remember(this.#cookies, cookie, now);
    const set_cookie = stringifySetCookie(KASADA_COOKIE, cookie, {
      encode: (v) => v,
      path: '/',
      maxAge: Math.max(1, Math.ceil(this.ttl_ms / 1000)),
      sameSite: 'lax',
    });
    return { ct, secret: secret.toString('hex'), ttl_ms: this.ttl_ms, set_cookie };
  }

  /** Whether a request's `x-kpsdk-ct` / `x-kpsdk-cd` were made by a page's script within the lifetime. */
  passes_headers(ct: string | string[] | undefined, cd: string | string[] | undefined, now: number = Date.now()): boolean {
    if (typeof ct !== 'string' || typeof cd !== 'string') return false;
    const token = this.#tokens.get(ct);
    if (token === undefined) return false;
    const dot = cd.indexOf('.');
    if (dot <= 0 || dot > 16) return false;
    const time = Number(cd.slice(0, dot));
    if (!Number.isSafeInteger(time) || time > now + FUTURE_SKEW_MS || now - time > this.ttl_ms) return false;
    const expected = createHmac('sha256', token.secret).update(`${ct}.${time}`).digest();
    const given = Buffer.from(cd.slice(dot + 1), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Whether a websocket upgrade's `KP_UIDz` cookie was issued within the lifetime. */
  passes_cookie(value: string | undefined, now: number = Date.now()): boolean {
    if (value === undefined) return false;
    const issued = this.#cookies.get(value);
    return issued !== undefined && now - issued <= this.ttl_ms;
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.set(key, value);
  if (map.size > MAX_PAGE_TOKENS) {
    const oldest = map.keys().next();
    if (oldest.done !== true) map.delete(oldest.value);
  }
}

/** Kasada's refusal: 403 with an `x-kpsdk-ct` header (what a client tells Kasada from Cloudflare by). */
export function kasadaRefusal(): Answer {
  return {
    status: 403,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-kpsdk-ct': randomBytes(24).toString('base64url') },
    body: JSON.stringify({ errors: [{ message: 'Request blocked.', errorType: 'kasada' }] }),
    cookies: [],
  };
}

/**
 * The page script: fetches a page token (again every half lifetime), then
 * wraps `window.fetch` so every same-origin request carries fresh headers.
 * Served inline in the page at `/`, as the site serves its own.
 */
export function kasadaPageScript(): string {
  return `(() => {
  const origFetch = window.fetch.bind(window);
  const enc = new TextEncoder();
  const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
  const bytes = (h) => new Uint8Array(h.match(/../g).map((x) => parseInt(x, 16)));
  let state = null;
  async function refresh() {
    const r = await origFetch(${JSON.stringify(KASADA_TOKEN_PATH)}, { method: 'POST', credentials: 'include' });
    const j = await r.json();
    const key = await crypto.subtle.importKey('raw', bytes(j.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    state = { ct: j.ct, key };
    setTimeout(() => { ready = refresh(); }, Math.max(500, j.ttl_ms / 2));
  }
  let ready = refresh();
  window.fetch = async function (input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.origin !== location.origin) return origFetch(input, init);
    await ready;
    const headers = new Headers((init && init.headers) || (input instanceof Request ? input.headers : undefined));
    const t = Date.now();
    const sig = await crypto.subtle.sign('HMAC', state.key, enc.encode(state.ct + '.' + t));
    headers.set('x-kpsdk-ct', state.ct);
    headers.set('x-kpsdk-cd', t + '.' + hex(sig));
    return origFetch(input, { ...(init || {}), headers });
  };
  window.__kpsdk_ready = () => ready;
})();`;
}
