/**
 * Packs in the sandbox's schema, so the bet history's `state` selection
 * and the game's REST route exist there; every bet of it is refused
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
  title: 'Packs',
  typename: 'CasinoGamePacks',
  sdl: `type CasinoGamePacksCard { id: String! isNew: Boolean! multiplier: Float! }
  type CasinoGamePacks { cards: [CasinoGamePacksCard!] cardsCollected: Int }`,
  mutations: '',
});
