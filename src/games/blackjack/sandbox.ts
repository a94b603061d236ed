/**
 * Blackjack in the sandbox: its schema slice; the round (`blackjackBet`,
 * `blackjackNext`, `activeCasinoBet(game: blackjack)`) is played by
 * src/sandbox/casino.ts with the pure rules of ./rules.ts (two public guides
 * to Stake Originals Blackjack and the site's API; our choices where they are
 * silent: docs/round-rules.md).
 */
import type { SandboxGame } from '../../sandbox/game-port.js';

export const sandbox: SandboxGame = {
  name: 'blackjack',
  title: 'Blackjack',
  typename: 'CasinoGameBlackjack',
  sdl: `enum BlackjackNextActionInput { hit stand double split insurance noInsurance }
  type CasinoGameCard { rank: String! suit: String! }
  type CasinoGameBlackjackHand { value: Int! actions: [String!]! cards: [CasinoGameCard!]! }
  type CasinoGameBlackjack { player: [CasinoGameBlackjackHand!]! dealer: [CasinoGameBlackjackHand!]! }`,
  mutations: `blackjackBet(amount: Float!, currency: CurrencyEnum!, identifier: String!): CasinoBet!
    blackjackNext(action: BlackjackNextActionInput!, identifier: String!): CasinoBet!`,
};
