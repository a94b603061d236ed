/**
 * The network half of the registry, one line per game: each game's document
 * and history selection (src/games/<game>/site.ts). `client.play` and the
 * bet history's `MyBetList` read it; `stakeql/fairness` never does (it reads
 * only src/games/registry.ts and the games' pure files).
 */
import type { GameSite } from '../operations/game-site.js';
import type { RegistryGame } from './registry.js';
import { site as baccarat } from './baccarat/site.js';
import { site as dice } from './dice/site.js';
import { site as keno } from './keno/site.js';
import { site as limbo } from './limbo/site.js';
import { site as mines } from './mines/site.js';
import { site as plinko } from './plinko/site.js';
import { site as bars } from './bars/site.js';
import { site as cases } from './cases/site.js';
import { site as chicken } from './chicken/site.js';
import { site as darts } from './darts/site.js';
import { site as diamonds } from './diamonds/site.js';
import { site as drill } from './drill/site.js';
import { site as dragonTower } from './dragonTower/site.js';
import { site as flip } from './flip/site.js';
import { site as moles } from './moles/site.js';
import { site as packs } from './packs/site.js';
import { site as primediceX } from './primediceX/site.js';
import { site as rockPaperScissors } from './rockPaperScissors/site.js';
import { site as slots } from './slots/site.js';
import { site as slotsTomeOfLife } from './slotsTomeOfLife/site.js';
import { site as snakes } from './snakes/site.js';
import { site as tarot } from './tarot/site.js';
import { site as pump } from './pump/site.js';
import { site as roulette } from './roulette/site.js';
import { site as wheel } from './wheel/site.js';

/** Every game of the registry on the wire (each entry keeps its input and state types: PlayInputs and PlayStates read them). */
export const SITES = Object.freeze({
  dice, limbo, mines, keno, plinko, baccarat, pump, roulette, wheel,
  bars, cases, chicken, darts, diamonds, dragonTower, drill, flip, moles, packs, primediceX, rockPaperScissors, slots, slotsTomeOfLife, snakes, tarot,
} satisfies Record<RegistryGame, GameSite>);

type Sites = typeof SITES;

/** Each game's input for `client.play` (amount, currency, identifier and the game's variables), read from its site's type. */
export type PlayInputs = { [G in keyof Sites]: Sites[G] extends GameSite<infer I, unknown> ? I : never };

/** Each game's `state`, as the site returns it, read from its site's type. */
export type PlayStates = { [G in keyof Sites]: Sites[G] extends GameSite<unknown, infer S> ? S : never };
