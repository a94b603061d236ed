/**
 * What the browser transport runs inside the page, as source text (sent over
 * the DevTools protocol; text, not functions, so no transpiler helper ends
 * up in code that runs in the page).
 */

/** Name of the binding the page's websockets report their events through. */
export const SOCKET_BINDING = '__stakeql_ws_event';

/**
 * One GraphQL request as the page's own `fetch` (whatever the site's scripts
 * wrap around it applies), `credentials: 'include'`. Without a token the
 * page's `session` cookie is sent as `x-access-token`, as the site's
 * userscripts do. Resolves to a plain value: the answer, or why there is none.
 */
export function page_fetch_expression(arg: { url: string; headers: Record<string, string>; body: string; want_token: boolean }): string {
  return `(async (a) => {
  const headers = a.headers;
  if (a.want_token) {
    const pair = document.cookie.split('; ').find((c) => c.startsWith('session='));
    const token = pair === undefined ? '' : decodeURIComponent(pair.slice(8));
    if (token === '') return { kind: 'no_token' };
    headers['x-access-token'] = token;
  }
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
  return { kind: 'ok', status, headers: Array.from(r.headers), text, token: headers['x-access-token'] || null };
})(${JSON.stringify(arg)})`;
}

/** What {@link page_fetch_expression} resolves to. */
export type PageFetchResult =
  | { readonly kind: 'no_token' }
  | { readonly kind: 'network'; readonly message: string }
  | { readonly kind: 'broken'; readonly status: number; readonly message: string }
  | { readonly kind: 'ok'; readonly status: number; readonly headers: Array<[string, string]>; readonly text: string; readonly token: string | null };

/** Opens a websocket in the page; its events go to the binding as `[id, type, a, b]` JSON. */
export function socket_open_expression(id: string, url: string, protocol: string): string {
  return `(() => {
  const id = ${JSON.stringify(id)};
  const map = (window.__stakeql_sockets ||= new Map());
  const emit = (type, a, b) => window[${JSON.stringify(SOCKET_BINDING)}](JSON.stringify([id, type, a, b]));
  let ws;
  try {
    ws = new WebSocket(${JSON.stringify(url)}, ${JSON.stringify(protocol)});
  } catch (e) {
    emit('error');
    emit('close', 1006, '');
    return;
  }
  map.set(id, ws);
  ws.onopen = () => emit('open', ws.protocol);
  ws.onmessage = (e) => emit('message', typeof e.data === 'string' ? e.data : '');
  ws.onerror = () => emit('error');
  ws.onclose = (e) => { map.delete(id); emit('close', e.code, e.reason); };
})()`;
}

/** Sends one frame on a websocket of the page. */
export function socket_send_expression(id: string, data: string): string {
  return `window.__stakeql_sockets?.get(${JSON.stringify(id)})?.send(${JSON.stringify(data)})`;
}

/** Closes a websocket of the page. */
export function socket_close_expression(id: string, code: number | undefined, reason: string | undefined): string {
  const args = code === undefined ? '' : reason === undefined ? String(code) : `${code}, ${JSON.stringify(reason)}`;
  return `(() => { const ws = window.__stakeql_sockets?.get(${JSON.stringify(id)}); if (ws) ws.close(${args}); })()`;
}
