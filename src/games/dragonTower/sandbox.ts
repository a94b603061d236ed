/**
 * Dragon Tower in the sandbox's schema, so the bet history's `state` selection
 * and the game's mutation and REST route exist there; every bet of it is refused
 * with the site's error shape, saying its pay table is not public (the
 * sandbox pays only by public tables). Field types beyond the names the
 * sources give are the sandbox's reading (`difficulty` is a String in every
 * state type: one type, so the history's union selection merges).
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { refused_game } from '../../sandbox/refused-game.js';
import { DRAGON_TOWER_DIFFICULTIES } from './rules.js';
import { route } from './rules.js';

export const sandbox: SandboxGame = refused_game({
  ...route.sandbox,
  title: 'Dragon Tower',
  typename: 'CasinoGameDragonTower',
  sdl: `enum DragonTowerDifficultyEnum { ${DRAGON_TOWER_DIFFICULTIES.join(' ')} }
  type CasinoGameDragonTower { currentRound: Int playedRounds: Int difficulty: String rounds: [[Int!]!] tilesSelected: [Int!] }`,
  mutations: 'dragonTowerBet(amount: Float!, currency: CurrencyEnum!, difficulty: DragonTowerDifficultyEnum!, eggs: [Int!]!, identifier: String): CasinoBet!',
});
