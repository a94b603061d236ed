/**
 * Server-sent events to the open pages: each topic's latest value is kept,
 * sent whole to a page when it connects and to every page when it changes.
 * Values are whole snapshots (bounded in size by the views that make them),
 * so a page that missed an event only ever needs the next one.
 */
import type { ServerResponse } from 'node:http';

/** How many pages may listen at once: a tab left open per run, not a crowd. */
const MAX_CLIENTS = 32;
/** A comment line this often keeps proxies and the browser from timing the stream out. */
const HEARTBEAT_MS = 15_000;

export class EventHub {
  readonly #clients = new Set<ServerResponse>();
  readonly #latest = new Map<string, string>();
  readonly #heartbeat: NodeJS.Timeout;

  constructor() {
    this.#heartbeat = setInterval(() => {
      for (const res of this.#clients) res.write(': ping\n\n');
    }, HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** Publishes `value` (JSON) under `topic`, unless it is what was sent last. */
  publish(topic: string, value: unknown): void {
    const data = JSON.stringify(value);
    if (this.#latest.get(topic) === data) return;
    this.#latest.set(topic, data);
    const frame = `event: ${topic}\ndata: ${data}\n\n`;
    for (const res of this.#clients) res.write(frame);
  }

  /** Adopts `res` as an event stream; false (nothing written) when too many pages listen already. */
  attach(res: ServerResponse, headers: Readonly<Record<string, string>>): boolean {
    if (this.#clients.size >= MAX_CLIENTS) return false;
    res.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
    res.write('retry: 2000\n\n');
    for (const [topic, data] of this.#latest) res.write(`event: ${topic}\ndata: ${data}\n\n`);
    this.#clients.add(res);
    res.on('close', () => this.#clients.delete(res));
    return true;
  }

  /** Ends every stream. */
  close(): void {
    clearInterval(this.#heartbeat);
    for (const res of this.#clients) res.end();
    this.#clients.clear();
  }
}
