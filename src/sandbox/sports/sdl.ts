/**
 * The sandbox sportsbook's slice of the schema, appended to the sandbox's
 * SDL (type extensions of `Query`, `Mutation`, `User` and the `BetBet` union).
 *
 * Names and shapes are the site's as public clients send them:
 * shared/research/site-coverage.md §1.1–1.4 (SLOT =
 * swqstake-bot/sportslots@05037ce src/api/queries.ts; KAS, ARB, MCS, LINE,
 * YUKI, PROBE as keyed there). Ours, where no document spells a name:
 * `SportMarketStatusEnum` (the values are the sourced `active suspended
 * deactivated`), `SportFixtureCompetitor`, `SportFixtureTeam`,
 * `SportFixtureEventStatusClock`, `SportFixturePeriodScore`, `SportGroup`,
 * `SportMarketTemplate`, `SportBetOutcome`, `SportBetAdjustment`,
 * `CustomBetOdds*`, `CustomPrice*`, `CustomSportBetSessionIdsInput`'s field.
 * Statuses stay `String` where no enum dump exists (site-coverage.md §5.2).
 */

/** Types, queries and mutations of the sportsbook (no subscription: see SPORTS_SUBSCRIPTION_SDL). */
export const SPORTS_SDL: string = /* GraphQL */ `
  enum SportSearchEnum { upcoming live active popular all }
  enum SportTypeEnum { sport esport }
  enum SportBetTypeEnum { sports esports }
  enum SportOddsChangeEnum { any higher none }
  enum SportMarketStatusEnum { active suspended deactivated }
  enum SportBetStatusEnum { settled settledManual settledPending cancelPending cancelled cashout cashoutPending }
  enum UserBetsSortEnum { placedTime }
  enum SportsbookOddsProviderEnum { betradar oddin }

  type Sport {
    id: String! name: String! slug: String!
    fixtureCount(type: SportSearchEnum): Int!
    allGroups: [SportGroup!]!
    categoryList(limit: Int, type: SportSearchEnum): [SportCategory!]!
  }
  type SportCategory {
    id: String! name: String! slug: String! cashoutEnabled: Boolean! sport: Sport!
    fixtureCount(type: SportSearchEnum): Int!
    tournamentList(limit: Int, type: SportSearchEnum): [SportTournament!]!
  }
  type SportTournament {
    id: String! name: String! slug: String! category: SportCategory!
    fixtureCount(type: SportSearchEnum): Int!
    fixtureList(type: SportSearchEnum!, limit: Int!, offset: Int): [SportFixture!]!
  }
  type SportFixtureCompetitor { name: String! defaultName: String extId: String countryCode: String abbreviation: String iconPath: String }
  type SportFixtureTeam { name: String! qualifier: String }
  type SportFixtureDataMatch { startTime: String! competitors: [SportFixtureCompetitor!]! teams: [SportFixtureTeam!]! }
  type SportFixtureDataOutright { name: String! startTime: String! endTime: String }
  union SportFixtureData = SportFixtureDataMatch | SportFixtureDataOutright
  type SportFixtureEventStatusClock { matchTime: String remainingTime: String }
  type SportFixturePeriodScore { homeScore: Int awayScore: Int matchStatus: String }
  type SportFixtureEventStatusData {
    homeScore: Int awayScore: Int matchStatus: String clock: SportFixtureEventStatusClock
    periodScores: [SportFixturePeriodScore!] currentTeamServing: String homeGameScore: String awayGameScore: String
  }
  type EsportFixtureEventStatus { matchStatus: String homeScore: Int awayScore: Int }
  union SportFixtureEventStatus = SportFixtureEventStatusData | EsportFixtureEventStatus
  type SportFixture {
    id: String! slug: String! name: String! status: String! provider: SportsbookOddsProviderEnum! extId: String
    marketCount(status: [SportMarketStatusEnum!]): Int!
    data: SportFixtureData!
    tournament: SportTournament!
    eventStatus: SportFixtureEventStatus
    groups(groups: [String!]!, status: [SportMarketStatusEnum!]): [SportGroup!]!
  }
  type SportGroup {
    id: String! name: String! translation: String! rank: Int!
    templates(limit: Int, includeEmpty: Boolean): [SportMarketTemplate!]!
  }
  type SportMarketTemplate { id: String! extId: String! rank: Int! name: String! markets(limit: Int): [SportMarket!]! }
  type SportMarket {
    id: String! name: String! status: SportMarketStatusEnum! extId: String! specifiers: String!
    customBetAvailable: Boolean! provider: SportsbookOddsProviderEnum!
    outcomes: [SportMarketOutcome!]!
    fixture: SportFixture!
  }
  type SportMarketOutcome { id: String! name: String! odds: Float! active: Boolean! customBetAvailable: Boolean! market: SportMarket! }

  type CustomBetCompatibleOutcome { conflict: Boolean! id: String! }
  type CustomBetCompatibleSelection { conflict: Boolean! marketId: String! specifiers: String! outcomes: [CustomBetCompatibleOutcome!]! }
  type CustomBetOdds { odds: Float! compatibleSelections: [CustomBetCompatibleSelection!]! }
  input CustomSportBetSessionIdsInput { sessionId: String }
  type CustomPricePromotion { id: String! name: String! }
  type CustomPrice { customOdds: Float! type: String! promotion: CustomPricePromotion }

  type SportBetOutcome { id: String! odds: Float! status: String! outcome: SportMarketOutcome! market: SportMarket! fixture: SportFixture! }
  type SportBetAdjustment { payoutMultiplier: Float! }
  type SportBet {
    id: String! active: Boolean! status: String! customBet: Boolean! cashoutDisabled: Boolean!
    amount: Float! currency: CurrencyEnum! payout: Float! potentialMultiplier: Float! payoutMultiplier: Float!
    cashoutMultiplier: Float! createdAt: String!
    bet: Bet! user: User! adjustments: [SportBetAdjustment!]! outcomes: [SportBetOutcome!]! customPrices: [CustomPrice!]!
  }
  "Multis as SLOT's PreviewCashout names them; the sandbox books none (every slip is a SportBet)."
  type SportsbookXMultiBet { id: String! cashoutMultiplier: Float! amount: Float! currency: CurrencyEnum! payout: Float! cashoutDisabled: Boolean! }
  type SwishBet { id: String! cashoutMultiplier: Float! amount: Float! currency: CurrencyEnum! payout: Float! cashoutDisabled: Boolean! }
  extend union BetBet = SportBet | SportsbookXMultiBet | SwishBet

  extend type User {
    "Open sport bets, newest first; limit 1 to 50."
    activeSportBets(limit: Int!, offset: Int!, sort: UserBetsSortEnum): [SportBet!]!
    activeSportBetCount: Int!
    "Finished sport bets (settled, cashed out, cancelled), newest first, as Bet wrappers; limit 1 to 50."
    sportBetList(limit: Int!, offset: Int!, status: [SportBetStatusEnum!]): [Bet!]!
  }

  extend type Query {
    sportList(type: SportSearchEnum!, limit: Int, offset: Int, liveRank: Boolean, sportType: SportTypeEnum): [Sport!]!
    slugSport(sport: String!): Sport!
    slugTournament(sport: String!, category: String!, tournament: String!): SportTournament!
    slugFixture(fixture: String!): SportFixture!
    fixtureCount(type: SportSearchEnum!, sportType: SportTypeEnum): Int!
    "limit 1 to 50 (numberLessEqual above). offset non-null: SLOT, its one source, always passes it as Int! (wire-corpus)."
    fixtureList(type: SportSearchEnum!, limit: Int!, offset: Int!, sportType: SportTypeEnum): [SportFixture!]!
    sportMarketOutcome(outcomeId: String!, provider: SportsbookOddsProviderEnum!): SportMarketOutcome!
    customBetOdds(selections: [String!]!): CustomBetOdds!
  }

  extend type Mutation {
    "betType non-null: SLOT, ARB and MCS all pass it, each as SportBetTypeEnum! (wire-corpus)."
    sportBet(
      amount: Float!, currency: CurrencyEnum!, outcomeIds: [String!]!, oddsChange: SportOddsChangeEnum!, identifier: String,
      betType: SportBetTypeEnum!, stakeShieldEnabled: Boolean, stakeShieldProtectionLevel: Int, stakeShieldOfferOdds: Float
    ): SportBet!
    customSportBet(
      amount: Float!, currency: CurrencyEnum!, outcomeIds: [String!]!, oddsChange: SportOddsChangeEnum!, identifier: String,
      sessionIds: [CustomSportBetSessionIdsInput!]
    ): SportBet!
    cashoutSportBet(betId: String!, multiplier: Float!): SportBet!
  }
`;

/** The `SportBets` subscription (YUKI; `[idx 20413227885]`): the user's own sport bets as they change. */
export const SPORTS_SUBSCRIPTION_SDL: string = /* GraphQL */ `
  extend type Subscription {
    "Each change of one of the logged-in user's sport bets (placed, settled, cashed out, cashout multiplier moved)."
    sportBets: SportBet!
  }
`;
