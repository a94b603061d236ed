/**
 * The network half of the registry, one line per game: each game's document
 * and history selection (src/games/<game>/site.ts). `client.play` and the
 * bet history's `MyBetList` read it; `stakeql/fairness` never does (it reads
 * only src/games/registry.ts and the games' pure files).
 */
import type { GameSite } from '../operations/game-site.js';
import type { RegistryGame } from './registry.js';
import { site as baccarat, type BaccaratInput, type BaccaratState } from './baccarat/site.js';
import { site as dice, type DiceInput, type DiceState } from './dice/site.js';
import { site as keno, type KenoInput, type KenoState } from './keno/site.js';
import { site as limbo, type LimboInput, type LimboState } from './limbo/site.js';
import { site as mines, type MinesPlayInput, type MinesState } from './mines/site.js';
import { site as plinko, type PlinkoInput, type PlinkoState } from './plinko/site.js';
import { site as pump, type PumpInput, type PumpState } from './pump/site.js';
import { site as roulette, type RouletteInput, type RouletteState } from './roulette/site.js';
import { site as wheel, type WheelInput, type WheelState } from './wheel/site.js';

/** Each game's input for `client.play` (amount, currency, identifier and the game's variables). */
export interface PlayInputs {
  dice: DiceInput;
  limbo: LimboInput;
  keno: KenoInput;
  plinko: PlinkoInput;
  mines: MinesPlayInput;
  baccarat: BaccaratInput;
  pump: PumpInput;
  roulette: RouletteInput;
  wheel: WheelInput;
}

/** Each game's `state`, as the site returns it. */
export interface PlayStates {
  dice: DiceState;
  limbo: LimboState;
  keno: KenoState;
  plinko: PlinkoState;
  mines: MinesState;
  baccarat: BaccaratState;
  pump: PumpState;
  roulette: RouletteState;
  wheel: WheelState;
}

/** Every game of the registry on the wire. */
export const SITES: Readonly<Record<RegistryGame, GameSite>> = Object.freeze({ dice, limbo, mines, keno, plinko, baccarat, pump, roulette, wheel });
