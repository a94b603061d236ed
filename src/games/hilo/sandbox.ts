/**
 * Hilo in the sandbox: its schema slice; the round (`hiloBet`, `hiloNext`,
 * `hiloCashout`) is played by src/sandbox/casino.ts with the pure rules of
 * ./rules.ts (Stake's guide, https://stake.com/blog/how-to-play-hilo-on-stake,
 * and its 99 % return: docs/round-rules.md).
 */
import type { SandboxGame } from '../../sandbox/game-port.js';

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
};
