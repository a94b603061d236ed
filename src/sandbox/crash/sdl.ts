/**
 * Crash and Slide in the sandbox's schema, with the site's names
 * (site-coverage.md §2.6: `MultiplayerCrashBet`, `MultiplayerCrashCashout`,
 * `MultiplayerSlideBet`, the `Crash` and `slide` subscriptions,
 * `crashGameList`, `slideGameList`, `activeCrashBet`; a bet's `game { id seed
 * { id seed } hash { id hash number } }` as the share lookup reads it, and the
 * bets in `Bet.bet`'s union as the `houseBets` feed's fragment selects them,
 * operations.md §3.3). The event wrapper types (`MultiplayerCrashUpdate`,
 * `MultiplayerSlideUpdate`, the unions), `MultiplayerGameHash`,
 * `MultiplayerGameSeed`, `MultiplayerBetGame` and the two result enums are
 * ours: no source spells them.
 */

/** Types, queries and mutations (the User fields go through `extend type User`). */
export const MULTIPLAYER_SDL: string = /* GraphQL */ `
  type MultiplayerBetUser { id: String! name: String! activeCrashBet: MultiplayerCrashBet activeSlideBet: MultiplayerSlideBet }
  "number: rounds played on the chain before this one (the SHA-256 steps from its hash to the first round's)."
  type MultiplayerGameHash { id: String! hash: String! number: Int }
  type MultiplayerGameSeed { id: String! seed: String! }
  "A bet's round as the share lookup reads it: the salt (seed) and, once the round ended, its hash."
  type MultiplayerBetGame { id: String! seed: MultiplayerGameSeed! hash: MultiplayerGameHash }

  "A Crash bet's result: pending until the round settles it, autocashout (cashoutAt reached), cashout (manual), bust (the sandbox's loss value)."
  enum MultiplayerCrashBetResultEnum { pending autocashout cashout bust }
  "A Slide bet's result, as Crash's. Another type than Crash's: see MultiplayerSlideBet."
  enum MultiplayerSlideBetResultEnum { pending autocashout cashout bust }
  type MultiplayerCrashBet {
    id: String! user: MultiplayerBetUser! payoutMultiplier: Float! gameId: String! amount(currency: CurrencyEnum): Float!
    payout: Float! currency: CurrencyEnum! result: MultiplayerCrashBetResultEnum! updatedAt: String! cashoutAt: Float! game: MultiplayerBetGame
  }
  "result has another type than MultiplayerCrashBet's: every copy of the web app's MyBetList selects it as slideResult: result beside Crash's result (research/wire-conformance.md §3 #1), so one union selection of both unaliased is refused, as on the site."
  type MultiplayerSlideBet {
    id: String! user: MultiplayerBetUser! payoutMultiplier: Float! gameId: String! amount(currency: CurrencyEnum): Float!
    payout: Float! currency: CurrencyEnum! result: MultiplayerSlideBetResultEnum! updatedAt: String! cashoutAt: Float! game: MultiplayerBetGame
  }
  "status: pending (nextRoundIn ms left), in_progress, crash (multiplier = crashpoint; hash revealed)."
  type MultiplayerCrash {
    id: String! status: String! multiplier: Float! startTime: String! nextRoundIn: Int crashpoint: Float elapsed: Int!
    timestamp: String! hash: MultiplayerGameHash cashedIn: [MultiplayerCrashBet!]! cashedOut: [MultiplayerCrashBet!]!
  }
  "status: pending, result (multiplier = the round's point, numbers the strip; the sandbox's strip is just the point)."
  type MultiplayerSlide {
    id: String! status: String! multiplier: Float! startTime: String! nextRoundIn: Int elapsed: Int! timestamp: String!
    numbers: [Float!]! hash: MultiplayerGameHash cashedIn: [MultiplayerSlideBet!]!
  }
  "A finished Crash round (crashGameList)."
  type CrashGame { id: String! startTime: String! crashpoint: Float! hash: MultiplayerGameHash! }
  "A finished Slide round (slideGameList)."
  type SlideGame { id: String! startTime: String! multiplier: Float! hash: MultiplayerGameHash! }

  extend type User {
    "The user's bet in the Crash round now pending or running, or null."
    activeCrashBet: MultiplayerCrashBet
    "The user's bet in the Slide round now pending, or null."
    activeSlideBet: MultiplayerSlideBet
  }
  extend type Query {
    "Finished Crash rounds, newest first; limit 1 to 50 (default 10)."
    crashGameList(limit: Int, offset: Int): [CrashGame!]!
    "Finished Slide rounds, newest first; limit 1 to 50 (default 10)."
    slideGameList(limit: Int, offset: Int): [SlideGame!]!
  }
  extend type Mutation {
    multiplayerCrashBet(amount: Float!, currency: CurrencyEnum!, cashoutAt: Float!): MultiplayerCrashBet!
    multiplayerCrashCashout: MultiplayerCrashBet!
    multiplayerSlideBet(amount: Float!, currency: CurrencyEnum!, cashoutAt: Float!, identifier: String!): MultiplayerSlideBet!
  }
`;

/** The two subscriptions (appended to the realtime schema). */
export const MULTIPLAYER_SUBSCRIPTION_SDL: string = /* GraphQL */ `
  union MultiplayerCrashEvent = MultiplayerCrash | MultiplayerCrashBet
  union MultiplayerSlideEvent = MultiplayerSlide | MultiplayerSlideBet
  type MultiplayerCrashUpdate { event: MultiplayerCrashEvent! }
  type MultiplayerSlideUpdate { event: MultiplayerSlideEvent! }
  extend type Subscription {
    "Every Crash round change and every bet event (public)."
    crash: MultiplayerCrashUpdate!
    "Every Slide round change and every bet event (public)."
    slide: MultiplayerSlideUpdate!
  }
`;
