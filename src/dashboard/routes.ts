/**
 * The dashboard's HTTP routes. Every request first passes the `Host` check;
 * the page, its data and its event stream need the token in the query
 * (`?token=`, as printed); the one state-changing request, `POST /api/stop`,
 * needs it in the `X-Stakeql-Token` header, which a page of another origin
 * cannot send without a CORS preflight that is never granted, and a JSON body.
 *
 * | route | answer |
 * |---|---|
 * | `GET /?token=T` | the page |
 * | `GET /assets/…` | uPlot and the page's script and stylesheet (public code, no token) |
 * | `GET /api/state?token=T` | every panel's latest data, as JSON |
 * | `GET /api/events?token=T` | the same as server-sent events, then each change |
 * | `POST /api/stop` | `{ "session": ID }`: ask that running session to stop after its bet in flight |
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Asset } from './assets.js';
import { COMMON_HEADERS, send, send_json } from './http.js';
import { PAGE_HTML } from './page/html.js';
import { allowed_host, same_token } from './security.js';
import type { EventHub } from './sse.js';

/** What a stop request came to. */
export type StopOutcome = 'stopping' | 'not_running' | 'no_database';

/** What the routes need from the running dashboard. */
export interface RouteDeps {
  readonly port: () => number;
  readonly token: string;
  readonly hub: EventHub;
  readonly assets: ReadonlyMap<string, Asset>;
  /** Every topic's latest value. */
  readonly state: () => Readonly<Record<string, unknown>>;
  readonly request_stop: (session: number) => StopOutcome;
}

/** The header a stop request carries the token in. */
export const TOKEN_HEADER = 'x-stakeql-token';
/** Largest body of a stop request. */
const MAX_BODY = 1024;

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
function sessionOf(body: string | null): number | null {
  if (body === null) return null;
  try {
    const id = (JSON.parse(body) as { session?: unknown } | null)?.session;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

async function stop(req: IncomingMessage, res: ServerResponse, deps: RouteDeps): Promise<void> {
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
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    send_json(res, 415, { error: 'the body must be application/json' });
    return;
  }
  const session = sessionOf(await readBody(req));
  if (session === null) {
    send_json(res, 400, { error: 'the body must be { "session": ID }' });
    return;
  }
  const outcome = deps.request_stop(session);
  if (outcome === 'stopping') send_json(res, 200, { session, stopping: true });
  else if (outcome === 'not_running') send_json(res, 409, { session, error: `session ${session} is not running` });
  else send_json(res, 404, { error: 'no database' });
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
    if (url.pathname === '/api/stop') {
      if (method !== 'POST') {
        send(res, 405, 'method not allowed\n', undefined, { allow: 'POST' });
        return;
      }
      void stop(req, res, deps);
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
    if (url.pathname === '/') send(res, 200, PAGE_HTML, 'text/html; charset=utf-8');
    else if (url.pathname === '/api/state') send_json(res, 200, deps.state());
    else if (!deps.hub.attach(res, COMMON_HEADERS)) send(res, 503, 'too many pages are listening\n');
  };
}
