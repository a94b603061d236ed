/**
 * A websocket opened in the site's page (the realtime feed's, on the browser
 * way): its events are fetched in batches by a long poll of the page, and
 * the tab closing or navigating ends it as a dropped connection does (1006).
 */
import type { Page } from 'playwright-core';
import { socket_close_expression, socket_open_expression, socket_poll_expression, socket_send_expression } from './page-scripts.js';

/** Where a websocket of the page reports. */
export interface SocketSink {
  open(protocol: string): void;
  message(data: string): void;
  error(): void;
  close(code: number, reason: string): void;
}

/** A websocket opened in the page. */
export interface PageSocketHandle {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Opens the websocket `id` in `page` (whose origin must be `origin`); null when the tab left the site first (nothing was sent). */
export async function open_page_websocket(page: Page, origin: string, id: string, url: string, protocol: string, sink: SocketSink): Promise<PageSocketHandle | null> {
  if ((await page.evaluate(socket_open_expression(origin, id, url, protocol))) !== true) return null;
  const evaluate = (expression: string): void => {
    page.evaluate(expression).catch(() => {
      // The page is gone: the poll below ends the socket.
    });
  };
  void poll(page, socket_poll_expression(origin, id), sink);
  return {
    send: (data) => evaluate(socket_send_expression(origin, id, data)),
    close: (code, reason) => evaluate(socket_close_expression(origin, id, code, reason)),
  };
}

async function poll(page: Page, expression: string, sink: SocketSink): Promise<void> {
  for (;;) {
    let events: unknown;
    try {
      events = await page.evaluate(expression);
    } catch {
      sink.close(1006, '');
      return;
    }
    if (!Array.isArray(events)) continue;
    for (const event of events as unknown[]) {
      if (deliver(sink, event)) return;
    }
  }
}

/** Hands one event of the page's socket to its sink; true when it was the last (the socket closed). */
function deliver(sink: SocketSink, event: unknown): boolean {
  if (!Array.isArray(event)) return false;
  const [type, a, b] = event as [unknown, unknown, unknown];
  if (type === 'open') sink.open(typeof a === 'string' ? a : '');
  else if (type === 'message') sink.message(typeof a === 'string' ? a : '');
  else if (type === 'error') sink.error();
  else if (type === 'close') {
    sink.close(typeof a === 'number' ? a : 1006, typeof b === 'string' ? b : '');
    return true;
  }
  return false;
}
