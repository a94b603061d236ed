/**
 * The sandbox's GraphQL schema text: a slice of the site's, with its names.
 * Every document the client sends (src/operations/documents) validates
 * against it; the realtime side builds its schema as this text plus a
 * `Subscription` type.
 *
 * Sources of names and shapes: shared/spec/site-api.md; the web app's
 * `BetLookup` (`bet(iid: String, betId: String) { id iid game { name slug }
 * bet { ... on CasinoBet { … } } }`) and `MyBetList` (`user { houseBetList(
 * offset: Int, limit: Int) }`) documents and `activeCasinoBet(game: mines)`,
 * as public clients send them (e.g. github.com/poky1084/Bomber_GUI); the
 * operations documents' own source notes. Type names that documents never
 * spell (`CasinoGameState`, `HouseBetGame`, `CasinoGameEnum`, `FiatCurrencyEnum`,
 * `CasinoSeedPair`, `InfoCurrency`, `VaultMovement`) are ours; `Bet` and its
 * union `BetBet` are the site's. Each game's enums, `state` type and
 * mutations come from its sandbox part (src/games/<game>/sandbox.ts).
 */
import { CURRENCIES } from './currencies.js';
import { SANDBOX_GAMES } from './games/registry.js';
import { FIAT_RATES } from './rates.js';
import { SPORTS_SDL } from './sports/sdl.js';
import { MULTIPLAYER_SDL } from './crash/sdl.js';

/** The full SDL of the sandbox (queries and mutations; no subscriptions). */
export const SANDBOX_SDL: string = /* GraphQL */ `
  enum CurrencyEnum { ${CURRENCIES.map((c) => c.name).join(' ')} }
  enum FiatCurrencyEnum { ${Object.keys(FIAT_RATES).join(' ')} }
  enum CasinoGameEnum { ${SANDBOX_GAMES.map((g) => g.name).join(' ')} }

  type Balance { amount: Float! currency: CurrencyEnum! }
  type UserBalance { available: Balance! vault: Balance! }

  type User {
    id: String!
    name: String!
    balances: [UserBalance!]!
    activeClientSeed: CasinoClientSeed!
    "Only its hash while active: seed is null."
    activeServerSeed: CasinoServerSeed!
    "The server seed rotated away last (revealed), null before the first rotation."
    previousServerSeed: CasinoServerSeed
    "The open round of a multi-step game, or null."
    activeCasinoBet(game: CasinoGameEnum!): CasinoBet
    "The user's own bets, newest first; limit 1 to 50 (default 10), offset >= 0."
    houseBetList(offset: Int, limit: Int): [Bet!]!
    rakeback: UserRakeback!
    flagProgress: FlagProgress
  }

  type CasinoClientSeed { id: String! seed: String! user: User! }

  type CasinoServerSeed {
    id: String!
    "Null until the pair it belongs to is rotated away."
    seed: String
    seedHash: String!
    "Bets placed under this seed so far (the nonce the next one takes, while active)."
    nonce: Int!
    "The hash of the seed that becomes active at the next rotation (on the active seed only)."
    nextSeedHash: String
  }

  type CasinoSeedPair { clientSeed: CasinoClientSeed! serverSeed: CasinoServerSeed! }

  "A currency as currencyConfiguration lists it (public clients read name and rates; none reads a precision)."
  type CurrencyConfig { name: CurrencyEnum! }
  type CurrencyConfiguration { currencies: [CurrencyConfig!]! }
  type InfoCurrency { name: CurrencyEnum! value(fiatCurrency: FiatCurrencyEnum!): Float! }
  type Info { currencies: [InfoCurrency!]! }

  ${SANDBOX_GAMES.map((g) => g.sdl).join('\n  ')}
  union CasinoGameState = ${[...new Set(SANDBOX_GAMES.map((g) => g.typename))].join(' | ')}

  type CasinoBet {
    id: String!
    active: Boolean!
    game: String!
    amount: Float!
    payout: Float!
    payoutMultiplier: Float!
    amountMultiplier: Float!
    currency: CurrencyEnum!
    createdAt: String!
    updatedAt: String!
    user: User!
    nonce: Int!
    clientSeed: CasinoClientSeed!
    serverSeed: CasinoServerSeed!
    state: CasinoGameState!
  }

  "A bet's game as Bet shows it (history, share links, the houseBets feed)."
  type HouseBetGame { name: String! slug: String icon: String }
  union BetBet = CasinoBet | MultiplayerCrashBet | MultiplayerSlideBet
  "A bet as history, share links and the houseBets feed show it; iid is house:N."
  type Bet { id: String! iid: String! type: String game: HouseBetGame! bet: BetBet! }

  type VaultMovement { id: String! amount: Float! currency: CurrencyEnum! user: User! }
  "Rakeback and VIP progress: test fixtures (sandbox.set_rakeback / set_vip), not the site's rules."
  type RakebackBalance { currency: CurrencyEnum! availableAmount: Float! }
  type UserRakeback { enabled: Boolean! balances: [RakebackBalance!]! }
  type FlagProgress { flag: String! progress: Float! }
  type RakebackClaim { id: String! currency: CurrencyEnum! amount: Float! }

  type Query {
    "The logged-in user; needs X-Access-Token. name: as sports clients send it (null: the caller)."
    user(name: String): User!
    "One bet by share id (house:N or casino:N) or by its id."
    bet(iid: String, betId: String): Bet!
    "Public: the currencies. isAcp: false on stake.com, true on stake.us (every public client passes it)."
    currencyConfiguration(isAcp: Boolean!): CurrencyConfiguration!
    "Public: currency values in fiat (sandbox fixtures, not market data)."
    info: Info!
  }

  type Mutation {
    ${SANDBOX_GAMES.map((g) => g.mutations).join('\n    ')}
    rotateSeedPair(seed: String!): CasinoSeedPair!
    createVaultDeposit(currency: CurrencyEnum!, amount: Float!): VaultMovement!
    createVaultWithdrawal(currency: CurrencyEnum!, amount: Float!, password: String, tfaToken: String, oauthToken: String): VaultMovement!
    claimRakeback: [RakebackClaim!]!
  }
${/* The sportsbook (src/sandbox/sports): its own types and extensions. */ SPORTS_SDL}
${/* Crash and Slide (src/sandbox/crash). */ MULTIPLAYER_SDL}
`;
