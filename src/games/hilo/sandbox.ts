/**
 * Hilo in the sandbox: its schema slice only. The rule that sets each
 * guess's multiplier is in no public source we found (research/site-
 * coverage.md, pay-tables.json, and a search of public pages and code,
 * 2026-11-27), so every hilo mutation is refused and the game is played live
 * only.
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { RULES_NOT_PUBLIC } from '../round-games.js';

export const sandbox: SandboxGame = {
  name: 'hilo',
  title: 'Hilo',
  typename: 'CasinoGameHilo',
  sdl: `enum CasinoGameHiloGuessEnum { higher lower equal higherEqual lowerEqual skip }
  input HiloBetStartCardInput { rank: String! suit: String! }
  type CasinoGameHiloRound { card: CasinoGameCard! guess: CasinoGameHiloGuessEnum! payoutMultiplier: Float! }
  type CasinoGameHilo { startCard: CasinoGameCard! rounds: [CasinoGameHiloRound!]! }`,
  mutations: `hiloBet(amount: Float!, currency: CurrencyEnum!, startCard: HiloBetStartCardInput!): CasinoBet!
    hiloNext(guess: CasinoGameHiloGuessEnum!): CasinoBet!
    hiloCashout(identifier: String!): CasinoBet!`,
  refused: {
    fields: ['hiloBet', 'hiloNext', 'hiloCashout'],
    reason: `The sandbox does not play hilo: ${RULES_NOT_PUBLIC['hilo']}. It is played live only.`,
  },
};
