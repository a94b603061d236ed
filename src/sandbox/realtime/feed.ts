/**
 * Fans the sandbox's events out to websocket subscriptions, and records,
 * per balance event, how many subscriptions were live when it was published
 * and how many `next` messages carried it: what the tests compare with what
 * a client received.
 */
import type { GraphQLError } from 'graphql';
import { graphql } from './graphql.js';
import type { BalanceEvent, HouseBetEvent, SandboxEvents, VaultEvent } from '../events.js';
import { Channel } from './channel.js';
import { SportBetsFeed } from '../sports/feed.js';
import { MultiplayerFeed } from '../crash/feed.js';

/** One websocket connection, as the feed sees it. */
export interface FeedConnection {
  readonly id: number;
  /** The user whose token `connection_init` carried; null for an anonymous connection. */
  readonly user_id: string | null;
  /** Set by a drop: from then on nothing more is published to it. */
  dropped: boolean;
}

/** What became of one balance event (see `Sandbox.websocket_stats`). */
export interface BalanceDelivery {
  readonly identifier: string;
  readonly user_id: string;
  readonly feed: 'availableBalances' | 'vaultBalances';
  /** Subscriptions of this user to this feed, on connections not dropped, when the event was published. */
  live: number;
  /** `next` messages the server sent with it. */
  sent: number;
}

type BalanceFeed = 'availableBalances' | 'vaultBalances';

// A sandbox left running for days must not grow without bound.
const MAX_DELIVERIES = 100_000;

/** The subscriptions of one sandbox's websocket server. */
export class RealtimeFeed {
  readonly #events: SandboxEvents;
  readonly #balances = new Map<string, Set<{ conn: FeedConnection; channel: Channel<unknown>; feed: BalanceFeed }>>();
  readonly #houseBets = new Set<{ conn: FeedConnection; channel: Channel<unknown> }>();
  #deliveries = new Map<string, BalanceDelivery>();
  #published = 0;
  readonly #onBalance = (event: BalanceEvent): void => this.#publishBalance('availableBalances', event, event.identifier);
  readonly #onVault = (event: VaultEvent): void => this.#publishBalance('vaultBalances', event, null);
  readonly #onHouseBet = (event: HouseBetEvent): void => this.#publishHouseBet(event);
  readonly #sportBets: SportBetsFeed;
  readonly #multiplayer: MultiplayerFeed;

  constructor(events: SandboxEvents) {
    this.#events = events;
    this.#sportBets = new SportBetsFeed(events);
    this.#multiplayer = new MultiplayerFeed(events);
    events.on('balance', this.#onBalance);
    events.on('vault', this.#onVault);
    events.on('house_bet', this.#onHouseBet);
  }

  /** Subscriptions live now (all feeds, connections not dropped). */
  get live_subscriptions(): number {
    let n = 0;
    for (const subs of this.#balances.values()) for (const s of subs) if (!s.conn.dropped) n++;
    for (const s of this.#houseBets) if (!s.conn.dropped) n++;
    return n + this.#sportBets.live + this.#multiplayer.live;
  }

  /** Balance events published (with or without a subscriber). */
  get published(): number {
    return this.#published;
  }

  /** The root resolvers of the `Subscription` type (graphql-ws `roots.subscription`). */
  roots(): Record<string, (args: unknown, conn: FeedConnection) => AsyncIterableIterator<unknown> | GraphQLError> {
    return {
      availableBalances: (_args, conn) => this.#subscribeBalances(conn, 'availableBalances'),
      vaultBalances: (_args, conn) => this.#subscribeBalances(conn, 'vaultBalances'),
      houseBets: (_args, conn) => {
        const entry = { conn, channel: new Channel<unknown>(() => this.#houseBets.delete(entry)) };
        this.#houseBets.add(entry);
        return entry.channel;
      },
      sportBets: (_args, conn) => this.#sportBets.subscribe(conn),
      crash: (_args, conn) => this.#multiplayer.subscribe(conn, 'crash'),
      slide: (_args, conn) => this.#multiplayer.subscribe(conn, 'slide'),
    };
  }

  /** Counts a `next` message that carried the balance event with this identifier. */
  record_sent(identifier: string): void {
    const delivery = this.#deliveries.get(identifier);
    if (delivery !== undefined) delivery.sent++;
  }

  /** A copy of the delivery records, oldest first. */
  deliveries(): BalanceDelivery[] {
    return [...this.#deliveries.values()].map((d) => ({ ...d }));
  }

  /** Stops listening to the sandbox's events and ends every subscription. */
  close(): void {
    this.#events.off('balance', this.#onBalance);
    this.#events.off('vault', this.#onVault);
    this.#events.off('house_bet', this.#onHouseBet);
    this.#sportBets.close();
    this.#multiplayer.close();
    for (const subs of [...this.#balances.values()]) for (const s of [...subs]) s.channel.end();
    for (const s of [...this.#houseBets]) s.channel.end();
  }

  #subscribeBalances(conn: FeedConnection, feed: BalanceFeed): AsyncIterableIterator<unknown> | GraphQLError {
    const userId = conn.user_id;
    // The site's answer to a logged-out caller, with its errorType.
    if (userId === null) {
      return new graphql.GraphQLError('You must be logged in to do that.', { extensions: { errorType: 'notAuthenticated' } });
    }
    let subs = this.#balances.get(userId);
    if (subs === undefined) {
      subs = new Set();
      this.#balances.set(userId, subs);
    }
    const set = subs;
    const entry = {
      conn,
      feed,
      channel: new Channel<unknown>(() => {
        set.delete(entry);
        if (set.size === 0 && this.#balances.get(userId) === set) this.#balances.delete(userId);
      }),
    };
    set.add(entry);
    return entry.channel;
  }

  #publishBalance(feed: BalanceFeed, event: BalanceEvent | VaultEvent, identifier: string | null): void {
    this.#published++;
    const payload = {
      [feed]: {
        amount: event.amount,
        identifier,
        balance: { amount: event.balance, currency: event.currency },
      },
    };
    let live = 0;
    for (const s of this.#balances.get(event.user_id) ?? []) {
      if (s.feed !== feed || s.conn.dropped) continue;
      live++;
      s.channel.push(payload);
    }
    if (identifier === null) return;
    const known = this.#deliveries.get(identifier);
    if (known !== undefined) {
      known.live += live;
      return;
    }
    if (this.#deliveries.size >= MAX_DELIVERIES) {
      // Keep the newer half in one go: deleting the oldest entry one at a time leaves
      // V8's Map a growing run of holes to skip at every eviction.
      this.#deliveries = new Map([...this.#deliveries].slice(MAX_DELIVERIES / 2));
    }
    this.#deliveries.set(identifier, { identifier, user_id: event.user_id, feed, live, sent: 0 });
  }

  #publishHouseBet(event: HouseBetEvent): void {
    const payload = {
      houseBets: {
        id: event.id,
        iid: event.iid,
        game: { name: event.game, icon: null },
        bet: {
          __typename: 'CasinoBet',
          id: event.id,
          active: false,
          game: event.game,
          amount: event.amount,
          payout: event.payout,
          payoutMultiplier: event.payoutMultiplier,
          amountMultiplier: 1,
          currency: event.currency,
          createdAt: event.updatedAt,
          updatedAt: event.updatedAt,
          // Another player's balances are never shown; seeds and `state` are not part of this feed in the sandbox.
          user: { id: event.user.id, name: event.user.name, balances: [] },
        },
      },
    };
    for (const s of this.#houseBets) if (!s.conn.dropped) s.channel.push(payload);
  }
}
