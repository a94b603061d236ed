/**
 * The realtime feed: `client.subscribe(...)`, `client.watch_balances()` and
 * their kin over the site's `graphql-transport-ws` websocket. The client
 * methods are the entry points; this module exports their types and the
 * site's subscription documents.
 */
export type { RealtimeOptions, WebSocketClass } from './options.js';
export type { RealtimeStateEvent } from './connection.js';
export type { SubscribeOptions, SubscriptionDocument } from './client-feed.js';
export { full_jitter_delay } from './backoff.js';
export {
  AVAILABLE_BALANCES_SUBSCRIPTION,
  HOUSE_BETS_SUBSCRIPTION,
  VAULT_BALANCES_SUBSCRIPTION,
  type AvailableBalancesData,
  type BalanceUpdate,
  type HouseBetsData,
  type HouseBet as RealtimeHouseBet,
  type VaultBalancesData,
} from './documents.js';
export { CRASH_SUBSCRIPTION, SLIDE_SUBSCRIPTION, type MultiplayerBetFrame, type MultiplayerFrame, type MultiplayerRoundFrame } from './multiplayer.js';
