/**
 * What the browser transport runs inside the page, as source text (sent over
 * the DevTools protocol; text, not functions, so no transpiler helper ends
 * up in code that runs in the page).
 */

/**
 * Every expression first checks, in the document it runs in, that this
 * document is of the site: the check and the work run in one task of one
 * document, so a navigation between the transport's own check of `page.url()`
 * and the evaluation cannot move the work to another origin (`location` is
 * unforgeable: no page script can redefine it).
 */
function on_site(origin: string): string {
  return `location.origin === ${JSON.stringify(origin)}`;
}

/**
 * One GraphQL request as the page's own `fetch` (whatever the site's scripts
 * wrap around it applies), `credentials: 'include'`. The page's `session`
 * cookie is sent as `x-access-token`, as the site's userscripts do: no token
 * of the client's is ever handed to the page. Resolves to a plain value: the
 * answer, or why there is none (`elsewhere`: the tab is not on the site, nothing ran).
 */
export function page_fetch_expression(origin: string, arg: { url: string; headers: Record<string, string>; body: string }): string {
  return `(async (a) => {
  if (!(${on_site(origin)})) return { kind: 'elsewhere' };
  const headers = a.headers;
  const pair = document.cookie.split('; ').find((c) => c.startsWith('session='));
  const token = pair === undefined ? '' : decodeURIComponent(pair.slice(8));
  if (token === '') return { kind: 'no_token' };
  headers['x-access-token'] = token;
  let r;
  try {
    r = await fetch(a.url, { method: 'POST', headers, body: a.body, credentials: 'include', redirect: 'manual' });
  } catch (e) {
    return { kind: 'network', message: String(e && e.message || e) };
  }
  const status = r.type === 'opaqueredirect' ? 302 : r.status;
  let text;
  try {
    text = await r.text();
  } catch (e) {
    return { kind: 'broken', status, message: String(e && e.message || e) };
  }
  return { kind: 'ok', status, headers: Array.from(r.headers), text, token };
})(${JSON.stringify(arg)})`;
}

/** What {@link page_fetch_expression} resolves to. */
export type PageFetchResult =
  | { readonly kind: 'elsewhere' }
  | { readonly kind: 'no_token' }
  | { readonly kind: 'network'; readonly message: string }
  | { readonly kind: 'broken'; readonly status: number; readonly message: string }
  | { readonly kind: 'ok'; readonly status: number; readonly headers: Array<[string, string]>; readonly text: string; readonly token: string };

/**
 * Opens a websocket in the page. Its events (`['open', protocol]`,
 * `['message', data]`, `['error']`, `['close', code, reason]`) queue in the
 * page until {@link socket_poll_expression} takes them: one DevTools round
 * trip carries every event that arrived meanwhile, so a burst costs a few
 * round trips, not one per frame (and nothing waits on a timer a background
 * tab would throttle).
 */
export function socket_open_expression(origin: string, id: string, url: string, protocol: string): string {
  return `(() => {
  if (!(${on_site(origin)})) return false;
  const sockets = (window.__stakeql_sockets ||= new Map());
  const entry = { ws: null, queue: [], wake: null };
  const push = (event) => {
    entry.queue.push(event);
    const wake = entry.wake;
    entry.wake = null;
    if (wake) wake();
  };
  sockets.set(${JSON.stringify(id)}, entry);
  try {
    entry.ws = new WebSocket(${JSON.stringify(url)}, ${JSON.stringify(protocol)});
  } catch (e) {
    push(['error']);
    push(['close', 1006, '']);
    return true;
  }
  entry.ws.onopen = () => push(['open', entry.ws.protocol]);
  entry.ws.onmessage = (e) => push(['message', typeof e.data === 'string' ? e.data : '']);
  entry.ws.onerror = () => push(['error']);
  entry.ws.onclose = (e) => push(['close', e.code, e.reason]);
  return true;
})()`;
}

/** Resolves, as soon as there is one, to every event queued for the socket (a socket unknown to the page is closed). */
export function socket_poll_expression(origin: string, id: string): string {
  return `(async () => {
  if (!(${on_site(origin)})) return [['close', 1006, '']];
  const sockets = window.__stakeql_sockets;
  const entry = sockets && sockets.get(${JSON.stringify(id)});
  if (!entry) return [['close', 1006, '']];
  if (entry.queue.length === 0) await new Promise((resolve) => { entry.wake = resolve; });
  const events = entry.queue;
  entry.queue = [];
  if (events.some((e) => e[0] === 'close')) sockets.delete(${JSON.stringify(id)});
  return events;
})()`;
}

/** Sends one frame on a websocket of the page. */
export function socket_send_expression(origin: string, id: string, data: string): string {
  return `${on_site(origin)} && window.__stakeql_sockets?.get(${JSON.stringify(id)})?.ws?.send(${JSON.stringify(data)})`;
}

/** Closes a websocket of the page (a code the page refuses closes it with 1000). */
export function socket_close_expression(origin: string, id: string, code: number | undefined, reason: string | undefined): string {
  const args = code === undefined ? '' : reason === undefined ? String(code) : `${code}, ${JSON.stringify(reason)}`;
  return `(() => { if (!(${on_site(origin)})) return; const e = window.__stakeql_sockets?.get(${JSON.stringify(id)}); if (e && e.ws) { try { e.ws.close(${args}); } catch { e.ws.close(); } } })()`;
}
