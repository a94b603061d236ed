/**
 * Tome of Life in the sandbox's schema: its mutation and REST route, on slots'
 * `state` type (declared by src/games/slots/sandbox.ts, so no SDL here);
 * every bet is refused with the site's error shape, its table not public.
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { refused_game } from '../../sandbox/refused-game.js';
import { route } from './rules.js';

export const sandbox: SandboxGame = refused_game({
  ...route.sandbox,
  title: 'Tome of Life',
  typename: 'CasinoGameSlots',
  sdl: '',
  mutations: 'slotsTomeOfLifeBet(amount: Float!, currency: CurrencyEnum!, lines: Int!, identifier: String!): CasinoBet!',
});
