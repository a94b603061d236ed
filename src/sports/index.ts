/**
 * `stakeql/sports`: the site's sportsbook. `new Sportsbook(client)` reads
 * sports, tournaments, fixtures, markets and odds, places singles,
 * accumulators and same-game multis with the client's money rules (every
 * leg re-read before the wire, exact odds by default, a lost answer looked
 * up through a settle period and never re-sent), and cashes slips out.
 */
export { Sportsbook } from './sportsbook.js';
export { SportsError, describe_reason, type SportsErrorReason, type SportsErrorInit } from './errors.js';
export { format_odds, type OddsFormat } from './odds.js';
export { MAX_LEGS, type SlipInput, type SlipOptions } from './bet.js';
export type { CashoutOffer, CashoutOptions, CashoutResult } from './cashout.js';
export {
  DEFAULT_SETTLE_MS, LOOKUP_POLL_MS, settle_period, type CashoutLookup, type LookupClock, type LookupOptions, type SlipKey, type SlipLookup,
} from './lookup.js';
export { DEFAULT_WATCH_INTERVAL_MS, MIN_WATCH_INTERVAL_MS, type FixtureChange, type WatchFixtureOptions } from './watch.js';
export { MAX_PAGE, DEFAULT_PAGE } from './check.js';
export type {
  BetsOptions, FinishedBetsOptions, FixtureOptions, FixturesOptions, ListOptions, SportsReadOptions, TournamentRef,
} from './read.js';
export type { OddsChange, PlacedSlip, Provider, SlipIntent, SlipLeg, SportBetType } from './types.js';
export * from './documents/read.js';
export * from './documents/bets.js';
