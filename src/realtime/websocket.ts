/**
 * The WebSocket class handed to graphql-ws: the configured one (default
 * `ws`'s), constructed with the upgrade headers of the moment (`Cookie`,
 * `User-Agent`, `Origin`), remembering how the server refused an upgrade
 * (status, Cloudflare's `cf-mitigated`) so the failure can be told apart:
 * a challenge is not retried, a network error is.
 */
import type { IncomingMessage, ClientRequest } from 'node:http';
import type { WebSocketClass } from './options.js';

/** How the server answered an upgrade it refused. */
export interface UpgradeRefusal {
  readonly status: number;
  /** `cf-mitigated: challenge` was on the answer. */
  readonly challenge: boolean;
  /** A Kasada `x-kpsdk-*` header was on the answer. */
  readonly kasada: boolean;
}

/** What one connection attempt sends in its upgrade request. */
export interface UpgradeHeaders {
  readonly headers: Readonly<Record<string, string>>;
}

/** Hooks of the class: where headers come from and where answers go. */
export interface SocketHooks {
  /** The headers of the attempt being made (set just before graphql-ws constructs the socket). */
  take_headers(): Readonly<Record<string, string>>;
  /** Headers of the server's answer to the upgrade, accepted or not (for `Set-Cookie`). */
  on_answer(headers: IncomingMessage['headers']): void;
  /**
   * Bound on the opening handshake (ws's `handshakeTimeout`): a server that
   * accepts TCP and never answers the upgrade would otherwise hold the
   * attempt forever, since graphql-ws's ack timer starts only once the socket is open.
   */
  readonly handshake_timeout_ms: number;
}

const REFUSALS = new WeakMap<object, UpgradeRefusal>();

/** The refusal recorded on a socket (the `target` of an error event), if its upgrade was refused. */
export function refusal_of(socket: unknown): UpgradeRefusal | undefined {
  return typeof socket === 'object' && socket !== null ? REFUSALS.get(socket) : undefined;
}

/** A subclass of `base` whose constructor takes graphql-ws's `(url, protocol)` and adds the upgrade headers. */
export function socket_class(base: WebSocketClass, hooks: SocketHooks): WebSocketClass {
  class RealtimeSocket extends base {
    constructor(url: string | URL, protocols?: string | string[]) {
      // followRedirects stays off (ws's default): a redirect would carry the cookies elsewhere.
      super(url, protocols, { headers: { ...hooks.take_headers() }, handshakeTimeout: hooks.handshake_timeout_ms });
      this.on('upgrade', (res: IncomingMessage) => hooks.on_answer(res.headers));
      this.on('unexpected-response', (req: ClientRequest, res: IncomingMessage) => {
        hooks.on_answer(res.headers);
        const mitigated = res.headers['cf-mitigated'];
        REFUSALS.set(this, {
          status: res.statusCode ?? 0,
          challenge: typeof mitigated === 'string' && mitigated.trim().toLowerCase() === 'challenge',
          kasada: Object.keys(res.headers).some((name) => name.startsWith('x-kpsdk-')),
        });
        res.resume();
        // What ws does itself when nobody listens: the socket errors, then closes (1006).
        req.destroy(new Error(`Unexpected server response: ${res.statusCode ?? 0}`));
      });
    }
  }
  return RealtimeSocket as WebSocketClass;
}
