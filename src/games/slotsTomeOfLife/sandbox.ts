/**
 * Tome of Life in the sandbox's schema: its mutation and REST route, on slots'
 * `state` type (declared by src/games/slots/sandbox.ts, so no SDL here);
 * every bet is refused with the site's error shape, its table not public.
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { SiteRefusal } from '../../sandbox/refusals.js';
import { table_not_public } from '../kernel/live.js';

const refused = `The sandbox does not play slotsTomeOfLife: ${table_not_public('slotsTomeOfLife')}.`;

export const sandbox: SandboxGame = {
  name: 'slotsTomeOfLife',
  title: 'Tome of Life',
  typename: 'CasinoGameSlots',
  sdl: '',
  mutations: 'slotsTomeOfLifeBet(amount: Float!, currency: CurrencyEnum!, lines: Int!, identifier: String!): CasinoBet!',
  check: () => {
    throw new SiteRefusal('invalidArgument', refused);
  },
  rest: { path: 'slots-tome-of-life/bet', field: 'slotsTomeOfLifeBet' },
  refused: { reason: refused },
};
