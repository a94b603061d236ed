/**
 * Blackjack in the sandbox: its schema slice only. The site's table rules
 * (dealer on soft 17, doubles, splits, insurance) and payouts are in no
 * public source we found (research/site-coverage.md, pay-tables.json, and a
 * search of public pages and code, 2026-11-27, found only generic casino
 * rules), so every blackjack mutation is refused and the game is played
 * live only.
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { RULES_NOT_PUBLIC } from '../round-games.js';

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
  refused: {
    fields: ['blackjackBet', 'blackjackNext'],
    reason: `The sandbox does not play blackjack: ${RULES_NOT_PUBLIC['blackjack']}. It is played live only.`,
  },
};
