/**
 * The network half of the registry, one line per game: each game's document
 * and history selection (src/games/<game>/site.ts). `client.play` and the
 * bet history's `MyBetList` read it; `stakeql/fairness` never does (it reads
 * only src/games/registry.ts and the games' pure files).
 */
import type { GameSite } from '../operations/game-site.js';
import type { RegistryGame } from './registry.js';
import { site as dice } from './dice/site.js';
import { site as keno } from './keno/site.js';
import { site as limbo } from './limbo/site.js';
import { site as mines } from './mines/site.js';
import { site as plinko } from './plinko/site.js';

/** Every game of the registry on the wire. */
export const SITES: Readonly<Record<RegistryGame, GameSite>> = Object.freeze({ dice, limbo, mines, keno, plinko });
