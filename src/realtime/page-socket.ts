/**
 * The realtime feed's websocket on the browser path: a WebSocket class, as
 * graphql-ws and the connection use one, whose socket is opened inside the
 * page of the user's browser (a page cannot set headers on a websocket: the
 * site's cookies go with it, as with the web app's own) and whose frames are
 * bridged over the DevTools protocol. Everything above it (reconnection,
 * keep-alive, resubscription, error mapping) is the direct path's.
 */
import { EventEmitter } from 'node:events';
import type { PageSocketHandle } from '../transport/browser/page-websocket.js';
import type { BrowserSession } from '../transport/browser/session.js';
import type { WebSocketClass, WebSocketClientInit } from './options.js';

interface CloseEventLike {
  readonly code: number;
  readonly reason: string;
  readonly wasClean: boolean;
  readonly target: unknown;
}

/** A WebSocket class whose sockets live in `session`'s page. */
export function page_socket_class(session: BrowserSession): WebSocketClass {
  class PageSocket extends EventEmitter {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;
    readyState = 0;
    protocol = '';
    readonly url: string;
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onclose: ((event: CloseEventLike) => void) | null = null;
    #handle: PageSocketHandle | null = null;
    /** close() asked for before the page's socket existed. */
    #close_requested: [number | undefined, string | undefined] | null = null;

    // The third argument (upgrade headers) has no use here: the page's cookies go with the upgrade.
    constructor(url: string | URL, protocols?: string | string[], _init?: WebSocketClientInit) {
      super();
      this.url = String(url);
      const protocol = Array.isArray(protocols) ? (protocols[0] ?? '') : (protocols ?? '');
      session
        .open_socket(this.url, protocol, {
          open: (chosen) => {
            if (this.readyState !== 0) return;
            this.readyState = 1;
            this.protocol = chosen;
            this.onopen?.({ type: 'open', target: this });
            this.emit('open');
          },
          message: (data) => {
            if (this.readyState !== 1) return;
            this.onmessage?.({ data });
            this.emit('message', data);
          },
          error: () => this.#error(new Error('The websocket in the browser tab failed')),
          close: (code, reason) => this.#closed(code, reason),
        })
        .then(
          (handle) => {
            this.#handle = handle;
            const requested = this.#close_requested;
            if (requested !== null) handle.close(requested[0], requested[1]);
          },
          (error: unknown) => {
            this.#error(error);
            this.#closed(1006, '');
          },
        );
    }

    send(data: string): void {
      if (this.readyState !== 1) throw new Error('WebSocket is not open');
      this.#handle?.send(data);
    }

    close(code?: number, reason?: string): void {
      if (this.readyState >= 2) return;
      this.readyState = 2;
      // A page's websocket accepts only 1000 and 3000-4999 as a close code.
      const usable = code === undefined || code === 1000 || (code >= 3000 && code <= 4999) ? code : 1000;
      if (this.#handle === null) this.#close_requested = [usable, reason];
      else this.#handle.close(usable, reason);
    }

    /** No close handshake from here: the page's socket is closed and this one reports 1006 at once, as `ws`'s terminate does. */
    terminate(): void {
      if (this.readyState === 3) return;
      this.#handle?.close(1000, 'terminated');
      if (this.#handle === null) this.#close_requested = [1000, 'terminated'];
      this.#closed(1006, '');
    }

    #error(error: unknown): void {
      if (this.readyState === 3) return;
      const event = { type: 'error', error, message: error instanceof Error ? error.message : String(error), target: this };
      this.onerror?.(event);
      if (this.listenerCount('error') > 0) this.emit('error', error);
    }

    #closed(code: number, reason: string): void {
      if (this.readyState === 3) return;
      this.readyState = 3;
      const event: CloseEventLike = { code, reason, wasClean: code !== 1006, target: this };
      this.onclose?.(event);
      this.emit('close', code, Buffer.from(reason));
    }
  }
  return PageSocket as unknown as WebSocketClass;
}
