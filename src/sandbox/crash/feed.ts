/**
 * The `crash` and `slide` subscriptions of the sandbox's websocket: every
 * round frame and bet event of the game, public as on the site. A frame is
 * turned into its view when emitted, so a subscriber reading late still gets
 * the round as it was then.
 */
import type { MultiplayerEvent, SandboxEvents } from '../events.js';
import { Channel } from '../realtime/channel.js';
import { frameView } from './views.js';

interface Connection {
  dropped: boolean;
}

/** The `crash` / `slide` subscribers of one sandbox. */
export class MultiplayerFeed {
  readonly #events: SandboxEvents;
  readonly #subscribers = new Set<{ conn: Connection; game: 'crash' | 'slide'; channel: Channel<unknown> }>();
  readonly #onFrame = (event: MultiplayerEvent): void => {
    let view: unknown = null;
    for (const s of this.#subscribers) {
      if (s.conn.dropped || s.game !== event.game) continue;
      view ??= frameView(event.game, event.frame);
      s.channel.push({ [event.game]: { event: view } });
    }
  };

  constructor(events: SandboxEvents) {
    this.#events = events;
    events.on('multiplayer', this.#onFrame);
  }

  /** Subscriptions live now, on connections not dropped. */
  get live(): number {
    let n = 0;
    for (const s of this.#subscribers) if (!s.conn.dropped) n++;
    return n;
  }

  subscribe(conn: Connection, game: 'crash' | 'slide'): Channel<unknown> {
    const entry = { conn, game, channel: new Channel<unknown>(() => this.#subscribers.delete(entry)) };
    this.#subscribers.add(entry);
    return entry.channel;
  }

  close(): void {
    this.#events.off('multiplayer', this.#onFrame);
    for (const s of [...this.#subscribers]) s.channel.end();
  }
}
