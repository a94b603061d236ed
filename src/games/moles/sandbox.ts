/**
 * Moles in the sandbox's schema, so the bet history's `state` selection
 * and the game's REST route exist there; every bet of it is refused
 * with the site's error shape, saying its pay table is not public (the
 * sandbox pays only by public tables). `molesCount: Int` is the sandbox's
 * reading of the one field LOOKUP names.
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { refused_game } from '../../sandbox/refused-game.js';
import { route } from './rules.js';

export const sandbox: SandboxGame = refused_game({
  ...route.sandbox,
  title: 'Moles',
  typename: 'CasinoGameMoles',
  sdl: `type CasinoGameMoles { molesCount: Int }`,
  mutations: '',
});
