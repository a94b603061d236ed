/**
 * The sandbox's web pages, so a real browser can stand in for a user of the
 * site: `/` (the site's page: with `protection: 'kasada'` it carries the
 * script that adds the `x-kpsdk-*` headers), `/login?user=NAME` (logs the
 * browser in as that sandbox user and redirects to `/`), the page
 * script's token request, and the marker (marker.ts), by which a client
 * tells the sandbox from the site (a loopback address alone does not: a
 * local proxy to the live site is loopback too).
 */
import type { IncomingMessage } from 'node:http';
import { stringifySetCookie } from 'cookie';
import type { AuthRegistry } from './auth.js';
import { KASADA_TOKEN_PATH, kasadaPageScript, type KasadaGuard } from './kasada.js';
import type { Ledger } from './ledger.js';
import { SANDBOX_MARKER, SANDBOX_MARKER_PATH } from './marker.js';
import { errorAnswer, jsonAnswer, type Answer } from './responses.js';

const MAX_NAME_LENGTH = 64;

/** What the pages need of their sandbox. */
export interface PageDeps {
  readonly auth: AuthRegistry;
  readonly ledger: Ledger;
  readonly kasada: KasadaGuard | null;
  /** Sandbox user ids by name, shared with `sandbox.login(name)`: `/login` logs in as the user of that name. */
  readonly users_by_name: Map<string, string>;
  /** Lifetime of a token, in seconds: the `session` cookie lasts as long (a persistent cookie, as the site's). */
  readonly session_max_age_s: number;
}

/** The answer for a page path, or undefined when `path` is not one of the pages. */
export function pageAnswer(deps: PageDeps, req: IncomingMessage, path: string, query: URLSearchParams): Answer | undefined {
  if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) return sitePage(deps.kasada !== null);
  if (path === '/login' && req.method === 'GET') return login(deps, query.get('user'));
  if (path === SANDBOX_MARKER_PATH && req.method === 'GET') return jsonAnswer(200, SANDBOX_MARKER);
  if (path === KASADA_TOKEN_PATH && deps.kasada !== null) {
    if (req.method !== 'POST') return errorAnswer(405, 'Method not allowed: use POST.', undefined, { allow: 'POST' });
    const issued = deps.kasada.issue();
    return jsonAnswer(200, { ct: issued.ct, secret: issued.secret, ttl_ms: issued.ttl_ms }, {}, [issued.set_cookie]);
  }
  return undefined;
}

function sitePage(kasada: boolean): Answer {
  const script = kasada ? `<script>${kasadaPageScript()}</script>` : '';
  const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>stakeql sandbox</title>${script}</head>` +
    '<body><h1>stakeql sandbox</h1><p>A local stand-in for the site. Log in with <code>/login?user=NAME</code>.</p></body></html>';
  return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body, cookies: [] };
}

/**
 * Logs the browser in: a token for the user named `name` (made when no user
 * has that name), set as the `session` cookie the page can read, as the
 * site's session cookie holds the token its userscripts send as `x-access-token`.
 */
function login(deps: PageDeps, name: string | null): Answer {
  if (name === null || name.length === 0 || name.length > MAX_NAME_LENGTH) {
    return errorAnswer(400, `The user parameter must be 1 to ${MAX_NAME_LENGTH} characters.`);
  }
  let userId = deps.users_by_name.get(name);
  if (userId === undefined || deps.ledger.user(userId) === undefined) {
    userId = deps.ledger.createUser(name).id;
    deps.users_by_name.set(name, userId);
  }
  const token = deps.auth.issueToken(userId);
  deps.auth.adoptSession(token, userId);
  // Not HttpOnly: the site's own userscripts read `session` from document.cookie.
  const cookie = stringifySetCookie('session', token, {
    encode: (v) => v,
    path: '/',
    sameSite: 'lax',
    maxAge: Math.max(1, Math.floor(deps.session_max_age_s)),
  });
  return { status: 302, headers: { location: '/', 'cache-control': 'no-store' }, body: '', cookies: [cookie] };
}
