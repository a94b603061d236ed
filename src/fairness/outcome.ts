/**
 * `outcome(game, …)`: the table of games the site publishes a translation for,
 * and the one function that draws the floats and translates them.
 */
import { blackjack, hilo, videoPoker, type CardsOutcome } from '../games/kernel/cards.js';
import { diamonds, type DiamondsOutcome } from '../games/diamonds/outcome.js';
import type { DiceOutcome } from '../games/dice/outcome.js';
import type { KenoOutcome } from '../games/keno/outcome.js';
import type { LimboOutcome } from '../games/limbo/outcome.js';
import type { MinesOutcome, MinesParams } from '../games/mines/outcome.js';
import type { PlinkoOutcome, PlinkoParams } from '../games/plinko/outcome.js';
import type { PumpOutcome, PumpParams } from '../games/pump/outcome.js';
import type { RouletteOutcome } from '../games/roulette/outcome.js';
import type { GameDefinition } from '../games/kernel/definition.js';
import { GAMES as REGISTRY } from '../games/registry.js';
import type { WheelOutcome, WheelParams } from '../games/wheel/outcome.js';
import { check_seed_input, check_server_seed, draw_floats, type SeedInput } from './rng.js';

/** Each game's parameters beyond the seeds, named as the site names them. */
export interface GameParams {
  dice: object;
  limbo: object;
  mines: MinesParams;
  keno: object;
  plinko: PlinkoParams;
  roulette: object;
  wheel: WheelParams;
  blackjack: object;
  hilo: object;
  baccarat: object;
  videoPoker: object;
  diamonds: object;
  pump: PumpParams;
}

/** Each game's outcome, in the site's field names where the site has them. */
export interface GameOutcomes {
  dice: DiceOutcome;
  limbo: LimboOutcome;
  mines: MinesOutcome;
  keno: KenoOutcome;
  plinko: PlinkoOutcome;
  roulette: RouletteOutcome;
  wheel: WheelOutcome;
  blackjack: CardsOutcome;
  hilo: CardsOutcome;
  baccarat: CardsOutcome;
  videoPoker: CardsOutcome;
  diamonds: DiamondsOutcome;
  pump: PumpOutcome;
}

/** A game `outcome` knows (the site's `CasinoBet.game` value). */
export type GameName = keyof GameOutcomes;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyGame = GameDefinition<any, any>;

/** The registry's games that have a translation. */
type RegisteredOutcome = Exclude<keyof GameOutcomes, 'blackjack' | 'hilo' | 'videoPoker' | 'diamonds'>;

// The registry's games first (their translations live with their rules), then those the registry does not play yet.
const GAMES: Record<GameName, AnyGame> = {
  // A registry game with no public translation (outcome null: the live-only games) is not one `outcome` knows.
  ...(Object.fromEntries(Object.values(REGISTRY).flatMap((game) => (game.outcome === null ? [] : [[game.name, game.outcome]]))) as Record<RegisteredOutcome, AnyGame>),
  blackjack, hilo, videoPoker, diamonds,
};

/** Every game `outcome` can compute, in a stable order. */
export const GAMES_SUPPORTED: readonly GameName[] = Object.freeze(Object.keys(GAMES) as GameName[]);

/** Whether `game` is one `outcome` knows. */
export function is_game(game: unknown): game is GameName {
  return typeof game === 'string' && Object.hasOwn(GAMES, game);
}

/** The definition of `game` (formula, source, float count); throws RangeError for an unknown game. */
export function game_definition(game: string): AnyGame {
  if (!is_game(game)) throw new RangeError(`unknown game ${JSON.stringify(game)}; known: ${GAMES_SUPPORTED.join(', ')}`);
  return GAMES[game];
}

/** Checks the seeds of an outcome: the triple, and a server seed the site could have revealed (hex). */
function check_outcome_input(input: SeedInput): void {
  check_seed_input(input);
  check_server_seed(input.server_seed);
}

/**
 * The outcome the seeds produce for one bet of `game`: pure and synchronous.
 * Throws TypeError/RangeError naming the field for bad input, including a
 * server seed that is empty or not lower-case hex (the site reveals 64 hex
 * digits; anything else would still hash, to an outcome no bet ever had).
 */
export function outcome<G extends GameName>(game: G, input: SeedInput & GameParams[G]): GameOutcomes[G] {
  const definition = game_definition(game);
  check_outcome_input(input);
  const params = definition.params(input as unknown as Record<string, unknown>);
  const floats = draw_floats(input, 0, definition.float_count(params));
  return definition.translate(floats, params) as GameOutcomes[G];
}

/** Like {@link outcome}, also returning the floats it drew: what the verifier page shows. */
export function outcome_steps<G extends GameName>(
  game: G,
  input: SeedInput & GameParams[G],
): { floats: number[]; formula: string; source: string; outcome: GameOutcomes[G] } {
  const definition = game_definition(game);
  check_outcome_input(input);
  const params = definition.params(input as unknown as Record<string, unknown>);
  const floats = draw_floats(input, 0, definition.float_count(params));
  return { floats, formula: definition.formula, source: definition.source, outcome: definition.translate(floats, params) as GameOutcomes[G] };
}
