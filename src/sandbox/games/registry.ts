/**
 * The games the sandbox serves, one line each (the registry's games with
 * their sandbox part, src/games/<game>/sandbox.ts): the schema's enums,
 * state types and mutations, the views and `Casino.play` are built from it.
 */
import { sandbox as blackjack } from '../../games/blackjack/sandbox.js';
import { sandbox as baccarat } from '../../games/baccarat/sandbox.js';
import { sandbox as dice } from '../../games/dice/sandbox.js';
import { sandbox as hilo } from '../../games/hilo/sandbox.js';
import { sandbox as keno } from '../../games/keno/sandbox.js';
import { sandbox as limbo } from '../../games/limbo/sandbox.js';
import { sandbox as mines } from '../../games/mines/sandbox.js';
import { sandbox as plinko } from '../../games/plinko/sandbox.js';
import { sandbox as bars } from '../../games/bars/sandbox.js';
import { sandbox as cases } from '../../games/cases/sandbox.js';
import { sandbox as chicken } from '../../games/chicken/sandbox.js';
import { sandbox as darts } from '../../games/darts/sandbox.js';
import { sandbox as diamonds } from '../../games/diamonds/sandbox.js';
import { sandbox as dragonTower } from '../../games/dragonTower/sandbox.js';
import { sandbox as flip } from '../../games/flip/sandbox.js';
import { sandbox as moles } from '../../games/moles/sandbox.js';
import { sandbox as packs } from '../../games/packs/sandbox.js';
import { sandbox as slots } from '../../games/slots/sandbox.js';
import { sandbox as slotsTomeOfLife } from '../../games/slotsTomeOfLife/sandbox.js';
import { sandbox as snakes } from '../../games/snakes/sandbox.js';
import { sandbox as tarot } from '../../games/tarot/sandbox.js';
import { sandbox as videoPoker } from '../../games/videopoker/sandbox.js';
import { sandbox as pump } from '../../games/pump/sandbox.js';
import { sandbox as roulette } from '../../games/roulette/sandbox.js';
import { sandbox as wheel } from '../../games/wheel/sandbox.js';
import type { SandboxGame } from '../game-port.js';

/** The games, in the order the schema lists them. */
export const SANDBOX_GAMES: readonly SandboxGame[] = Object.freeze([
  dice, limbo, mines, keno, plinko, baccarat, pump, roulette, wheel,
  // Rounds played by casino.ts with their pure rules (blackjack first: its SDL declares CasinoGameCard).
  blackjack, hilo,
  // Refused (their tables or rules are not public); here for their `state` types, mutations and routes.
  bars, cases, chicken, darts, diamonds, dragonTower, flip, moles, packs, slots, slotsTomeOfLife, snakes, tarot,
  videoPoker,
]);

/** The sandbox part of `name`, or undefined for a game it does not serve. */
export function sandbox_game(name: string): SandboxGame | undefined {
  return SANDBOX_GAMES.find((g) => g.name === name);
}
