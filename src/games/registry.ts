/**
 * Every single-request game stakeql plays, one import and one entry each:
 * what the facade, the sandbox, the simulator, autobet, history, `verify`,
 * `scan`, `games` and the CLI read instead of naming games. Pure (see
 * kernel/rules.ts): `stakeql/fairness` reads it too. Adding a game is its
 * folder, an entry here, and its network and sandbox halves in
 * src/games/sites.ts and src/sandbox/games/registry.ts (the checklist:
 * docs/design.md, "Adding a game"); round games are in round-games.ts.
 */
import type { Scannable } from './kernel/rules.js';
import { baccarat } from './baccarat/rules.js';
import { dice } from './dice/rules.js';
import { keno } from './keno/rules.js';
import { limbo } from './limbo/rules.js';
import { mines } from './mines/rules.js';
import { plinko } from './plinko/rules.js';
import { bars } from './bars/rules.js';
import { cases } from './cases/rules.js';
import { chicken } from './chicken/rules.js';
import { darts } from './darts/rules.js';
import { diamonds } from './diamonds/rules.js';
import { drill } from './drill/rules.js';
import { dragonTower } from './dragonTower/rules.js';
import { flip } from './flip/rules.js';
import { moles } from './moles/rules.js';
import { packs } from './packs/rules.js';
import { primediceX } from './primediceX/rules.js';
import { pump } from './pump/rules.js';
import { rockPaperScissors } from './rockPaperScissors/rules.js';
import { roulette } from './roulette/rules.js';
import { slots } from './slots/rules.js';
import { slotsTomeOfLife } from './slotsTomeOfLife/rules.js';
import { snakes } from './snakes/rules.js';
import { tarot } from './tarot/rules.js';
import { wheel } from './wheel/rules.js';

/** The registry, in the order games are listed. */
export const GAMES = Object.freeze({
  dice, limbo, keno, plinko, mines, baccarat, pump, roulette, wheel,
  // Played live only: no public pay table (src/games/kernel/live.ts).
  bars, cases, chicken, darts, diamonds, dragonTower, drill, flip, moles, packs, primediceX, rockPaperScissors, slots, slotsTomeOfLife, snakes, tarot,
});

/** A game of the registry. */
export type RegistryGame = keyof typeof GAMES;

/** The registry's games, in order. */
export const REGISTRY_GAMES: readonly RegistryGame[] = Object.freeze(Object.keys(GAMES) as RegistryGame[]);

/** Whether `name` is a game of the registry. */
export function is_registry_game(name: unknown): name is RegistryGame {
  return typeof name === 'string' && Object.hasOwn(GAMES, name);
}

/** The registry's games the scanner knows (their rules have a `scan`). */
export type ScannedGame = { [G in RegistryGame]: (typeof GAMES)[G] extends Scannable ? G : never }[RegistryGame];

/** A game's checked input (without amount, currency and identifier). */
export type ParamsOf<G extends RegistryGame> = ReturnType<(typeof GAMES)[G]['check']>;
/** A game's `state` as the site returns it. */
export type StateOf<G extends RegistryGame> = ReturnType<(typeof GAMES)[G]['settle']>['state'];
