/**
 * Slots in the sandbox's schema, so the bet history's `state` selection
 * and the game's mutation and REST route exist there; every bet of it is refused
 * with the site's error shape, saying its pay table is not public (the
 * sandbox pays only by public tables). Field types beyond the names the
 * sources give are the sandbox's reading (`difficulty` is a String in every
 * state type: one type, so the history's union selection merges).
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { refused_game } from '../../sandbox/refused-game.js';
import { route } from './rules.js';

export const sandbox: SandboxGame = refused_game({
  ...route.sandbox,
  title: 'Slots',
  typename: 'CasinoGameSlots',
  sdl: `type CasinoGameSlotsPayline { payline: Int hits: [Int!] multiplier: Float symbol: String } type CasinoGameSlotsRound { offsets: [Int!] paylines: [CasinoGameSlotsPayline!] scatterMultiplier: Float roundMultiplier: Float totalMultiplier: Float bonusRemaining: Int bonusTotal: Int }
  type CasinoGameSlots { lines: Int rounds: [CasinoGameSlotsRound!] }`,
  mutations: 'slotsBet(amount: Float!, currency: CurrencyEnum!, lines: Int!, identifier: String!): CasinoBet!',
});
