/**
 * The dashboard's HTTP routes. Every request first passes the `Host` check;
 * the page, its data and its event stream need the token in the query
 * (`?token=`, as printed). Every state-changing request (`POST /api/stop`,
 * `/api/command`, `/api/preview`, `/api/start`) needs it in the
 * `X-Stakeql-Token` header, which a page of another origin cannot send
 * without a CORS preflight that is never granted, the page's CSRF token
 * (`X-Stakeql-Csrf`, bound to the dashboard session its cookie names;
 * security.ts), and a JSON body.
 *
 * | route | answer |
 * |---|---|
 * | `GET /?token=T` | the page |
 * | `GET /assets/…` | uPlot and the page's script and stylesheet (public code, no token) |
 * | `GET /api/state?token=T` | every panel's latest data, as JSON |
 * | `GET /api/events?token=T` | the same as server-sent events, then each change |
 * | `POST /api/stop` | `{ "session": ID }`: ask that running session to stop after its bet in flight |
 * | `POST /api/command` | `{ "session": ID, "command": …, "bets"?, "limits"? }`: a command for the running session (control-routes.ts) |
 * | `POST /api/preview` | a run or simulation to start: the lines to confirm, and a token bound to them |
 * | `POST /api/start` | the same request with that token: starts it |
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Asset } from './assets.js';
import { COMMON_HEADERS, send, send_json } from './http.js';
import { PAGE_HTML } from './page/html.js';
import { allowed_host, same_token, session_cookie_name, type CsrfGuard } from './security.js';
import type { EventHub } from './sse.js';

/** What a stop request came to. */
export type StopOutcome = 'stopping' | 'not_running' | 'no_database';

/** An answer of a control route: its status and JSON body. */
export interface ControlAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** The control routes (control-routes.ts), when the dashboard was given controls. */
export interface ControlRoutes {
  command(body: unknown): Promise<ControlAnswer>;
  preview(sid: string, body: unknown): Promise<ControlAnswer>;
  start(sid: string, body: unknown): Promise<ControlAnswer>;
}

/** What the routes need from the running dashboard. */
export interface RouteDeps {
  readonly port: () => number;
  readonly token: string;
  readonly hub: EventHub;
  readonly assets: ReadonlyMap<string, Asset>;
  /** Every topic's latest value. */
  readonly state: () => Readonly<Record<string, unknown>>;
  readonly request_stop: (session: number) => StopOutcome;
  readonly csrf: CsrfGuard;
  readonly controls: ControlRoutes | null;
}

/** The header a write carries the token in. */
export const TOKEN_HEADER = 'x-stakeql-token';
/** The header a write carries the page's CSRF token in. */
export const CSRF_HEADER = 'x-stakeql-csrf';
/** Largest body of a write. */
const MAX_BODY = 4096;
/** The routes that change something: POST only, each behind the token, the origin, the CSRF token and a JSON body. */
const WRITES = new Set(['/api/stop', '/api/command', '/api/preview', '/api/start']);

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}

/** The session id of a stop body `{ "session": N }`, or null. */
function sessionOf(body: unknown): number | null {
  const id = typeof body === 'object' && body !== null ? (body as { session?: unknown }).session : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function parsed(text: string | null): { value: unknown } | null {
  if (text === null) return null;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** The checks every write passes, then the route. */
async function write(path: string, req: IncomingMessage, res: ServerResponse, deps: RouteDeps): Promise<void> {
  const header = req.headers[TOKEN_HEADER];
  if (!same_token(typeof header === 'string' ? header : null, deps.token)) {
    send_json(res, 403, { error: 'forbidden: the token is missing or wrong (open the URL stakeql dashboard printed)' });
    return;
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !allowed_host(origin.replace(/^http:\/\//, ''), deps.port())) {
    send_json(res, 403, { error: 'forbidden: another origin' });
    return;
  }
  const sid = deps.csrf.session_of(req.headers.cookie, deps.port());
  const csrf = req.headers[CSRF_HEADER];
  if (sid === null || !deps.csrf.check(sid, typeof csrf === 'string' ? csrf : undefined)) {
    send_json(res, 403, { error: 'forbidden: no CSRF token of this page (reload the page)' });
    return;
  }
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    send_json(res, 415, { error: 'the body must be application/json' });
    return;
  }
  const body = parsed(await readBody(req));
  if (path === '/api/stop') {
    const session = sessionOf(body?.value);
    if (session === null) {
      send_json(res, 400, { error: 'the body must be { "session": ID }' });
      return;
    }
    const outcome = deps.request_stop(session);
    if (outcome === 'stopping') send_json(res, 200, { session, stopping: true });
    else if (outcome === 'not_running') send_json(res, 409, { session, error: `session ${session} is not running` });
    else send_json(res, 404, { error: 'no database' });
    return;
  }
  if (deps.controls === null) {
    send_json(res, 404, { error: 'this dashboard was started without controls' });
    return;
  }
  if (body === null) {
    send_json(res, 400, { error: 'the body must be JSON' });
    return;
  }
  const answer = path === '/api/command' ? await deps.controls.command(body.value)
    : path === '/api/preview' ? await deps.controls.preview(sid, body.value)
    : await deps.controls.start(sid, body.value);
  send_json(res, answer.status, answer.body);
}

/** The page, with a new dashboard session: its cookie, and its CSRF token written into the page. */
function page(res: ServerResponse, deps: RouteDeps): void {
  const { sid, csrf } = deps.csrf.issue();
  send(res, 200, PAGE_HTML.replace('__CSRF__', csrf), 'text/html; charset=utf-8', {
    'set-cookie': `${session_cookie_name(deps.port())}=${sid}; Path=/; HttpOnly; SameSite=Strict`,
  });
}

/** The request handler of a dashboard. */
export function dashboard_handler(deps: RouteDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (!allowed_host(req.headers.host, deps.port())) {
      send(res, 403, 'forbidden: this dashboard answers only to 127.0.0.1 and localhost on its own port\n');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const asset = deps.assets.get(url.pathname);
    const method = req.method ?? 'GET';
    if (WRITES.has(url.pathname)) {
      if (method !== 'POST') {
        send(res, 405, 'method not allowed\n', undefined, { allow: 'POST' });
        return;
      }
      void write(url.pathname, req, res, deps).catch(() => {
        if (!res.headersSent) send_json(res, 500, { error: 'the dashboard failed to answer' });
      });
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      send(res, 405, 'method not allowed\n', undefined, { allow: 'GET, HEAD' });
      return;
    }
    if (asset !== undefined) {
      send(res, 200, asset.body, asset.type);
      return;
    }
    if (url.pathname !== '/' && url.pathname !== '/api/state' && url.pathname !== '/api/events') {
      send(res, 404, 'not found\n');
      return;
    }
    if (!same_token(url.searchParams.get('token'), deps.token)) {
      send(res, 403, 'forbidden: open the URL stakeql dashboard printed (with its token)\n');
      return;
    }
    if (url.pathname === '/') page(res, deps);
    else if (url.pathname === '/api/state') send_json(res, 200, deps.state());
    else if (!deps.hub.attach(res, COMMON_HEADERS)) send(res, 503, 'too many pages are listening\n');
  };
}
