/**
 * Video poker in the sandbox: its schema slice only. The site's pay table is
 * in no public source we found (research/site-coverage.md, pay-tables.json,
 * and a search of public pages and code, 2026-11-27, found only other
 * casinos' Jacks-or-Better tables), so every video poker mutation is refused
 * and the game is played live only.
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { RULES_NOT_PUBLIC } from '../round-games.js';

export const sandbox: SandboxGame = {
  name: 'videoPoker',
  title: 'Video Poker',
  typename: 'CasinoGameVideoPoker',
  sdl: `input VideoPokerNextHeldInput { rank: String! suit: String! }
  type CasinoGameVideoPoker { playerHand: [CasinoGameCard!]! initialHand: [CasinoGameCard!]! handResult: String }`,
  mutations: `videoPokerBet(amount: Float!, currency: CurrencyEnum!): CasinoBet!
    videoPokerNext(held: [VideoPokerNextHeldInput]!, identifier: String!): CasinoBet!`,
  refused: {
    fields: ['videoPokerBet', 'videoPokerNext'],
    reason: `The sandbox does not play video poker: ${RULES_NOT_PUBLIC['videoPoker']}. It is played live only.`,
  },
};
