/**
 * The games the sandbox serves, one line each (the registry's games with
 * their sandbox part, src/games/<game>/sandbox.ts): the schema's enums,
 * state types and mutations, the views and `Casino.play` are built from it.
 */
import { sandbox as baccarat } from '../../games/baccarat/sandbox.js';
import { sandbox as dice } from '../../games/dice/sandbox.js';
import { sandbox as keno } from '../../games/keno/sandbox.js';
import { sandbox as limbo } from '../../games/limbo/sandbox.js';
import { sandbox as mines } from '../../games/mines/sandbox.js';
import { sandbox as plinko } from '../../games/plinko/sandbox.js';
import { sandbox as pump } from '../../games/pump/sandbox.js';
import { sandbox as roulette } from '../../games/roulette/sandbox.js';
import { sandbox as wheel } from '../../games/wheel/sandbox.js';
import type { SandboxGame } from '../game-port.js';

/** The games, in the order the schema lists them. */
export const SANDBOX_GAMES: readonly SandboxGame[] = Object.freeze([dice, limbo, mines, keno, plinko, baccarat, pump, roulette, wheel]);

/** The sandbox part of `name`, or undefined for a game it does not serve. */
export function sandbox_game(name: string): SandboxGame | undefined {
  return SANDBOX_GAMES.find((g) => g.name === name);
}
