/**
 * The `sportBets` subscription of the sandbox's websocket: each change of
 * one of the logged-in user's sport bets, published by the book as a
 * `sport_bet` event. Mounted by the realtime feed (../realtime/feed.ts).
 */
import type { SandboxEvents, SportBetEvent } from '../events.js';
import { Channel } from '../realtime/channel.js';
import { graphql } from '../realtime/graphql.js';

/** What the feed needs of a websocket connection. */
interface Connection {
  readonly user_id: string | null;
  dropped: boolean;
}

/** The `sportBets` subscribers of one sandbox. */
export class SportBetsFeed {
  readonly #events: SandboxEvents;
  readonly #subscribers = new Set<{ conn: Connection; channel: Channel<unknown> }>();
  readonly #onSportBet = (event: SportBetEvent): void => {
    for (const s of this.#subscribers) if (!s.conn.dropped && s.conn.user_id === event.user_id) s.channel.push({ sportBets: event.bet });
  };

  constructor(events: SandboxEvents) {
    this.#events = events;
    events.on('sport_bet', this.#onSportBet);
  }

  /** Subscriptions live now, on connections not dropped. */
  get live(): number {
    let n = 0;
    for (const s of this.#subscribers) if (!s.conn.dropped) n++;
    return n;
  }

  /** A subscription of `conn`'s user; refused as the site refuses a logged-out caller. */
  subscribe(conn: Connection): Channel<unknown> | InstanceType<typeof graphql.GraphQLError> {
    if (conn.user_id === null) {
      return new graphql.GraphQLError('You must be logged in to do that.', { extensions: { errorType: 'notAuthenticated' } });
    }
    const entry = { conn, channel: new Channel<unknown>(() => this.#subscribers.delete(entry)) };
    this.#subscribers.add(entry);
    return entry.channel;
  }

  close(): void {
    this.#events.off('sport_bet', this.#onSportBet);
    for (const s of [...this.#subscribers]) s.channel.end();
  }
}
