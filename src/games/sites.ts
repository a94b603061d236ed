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
import { site as bars, type BarsInput, type BarsState } from './bars/site.js';
import { site as cases, type CasesInput, type CasesState } from './cases/site.js';
import { site as chicken, type ChickenInput, type ChickenState } from './chicken/site.js';
import { site as darts, type DartsInput, type DartsState } from './darts/site.js';
import { site as diamonds, type DiamondsInput, type DiamondsState } from './diamonds/site.js';
import { site as drill, type DrillInput, type DrillState } from './drill/site.js';
import { site as dragonTower, type DragonTowerInput, type DragonTowerState } from './dragonTower/site.js';
import { site as flip, type FlipInput, type FlipState } from './flip/site.js';
import { site as moles, type MolesInput, type MolesState } from './moles/site.js';
import { site as packs, type PacksInput, type PacksState } from './packs/site.js';
import { site as primediceX, type PrimediceXInput, type PrimediceXState } from './primediceX/site.js';
import { site as rockPaperScissors, type RockPaperScissorsInput, type RockPaperScissorsState } from './rockPaperScissors/site.js';
import { site as slots, type SlotsInput, type SlotsState } from './slots/site.js';
import { site as slotsTomeOfLife, type SlotsTomeOfLifeInput, type SlotsTomeOfLifeState } from './slotsTomeOfLife/site.js';
import { site as snakes, type SnakesInput, type SnakesState } from './snakes/site.js';
import { site as tarot, type TarotInput, type TarotState } from './tarot/site.js';
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
  bars: BarsInput;
  cases: CasesInput;
  chicken: ChickenInput;
  darts: DartsInput;
  diamonds: DiamondsInput;
  dragonTower: DragonTowerInput;
  drill: DrillInput;
  flip: FlipInput;
  moles: MolesInput;
  packs: PacksInput;
  primediceX: PrimediceXInput;
  rockPaperScissors: RockPaperScissorsInput;
  slots: SlotsInput;
  slotsTomeOfLife: SlotsTomeOfLifeInput;
  snakes: SnakesInput;
  tarot: TarotInput;
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
  bars: BarsState;
  cases: CasesState;
  chicken: ChickenState;
  darts: DartsState;
  diamonds: DiamondsState;
  dragonTower: DragonTowerState;
  drill: DrillState;
  flip: FlipState;
  moles: MolesState;
  packs: PacksState;
  primediceX: PrimediceXState;
  rockPaperScissors: RockPaperScissorsState;
  slots: SlotsState;
  slotsTomeOfLife: SlotsTomeOfLifeState;
  snakes: SnakesState;
  tarot: TarotState;
  baccarat: BaccaratState;
  pump: PumpState;
  roulette: RouletteState;
  wheel: WheelState;
}

/** Every game of the registry on the wire. */
export const SITES: Readonly<Record<RegistryGame, GameSite>> = Object.freeze({
  dice, limbo, mines, keno, plinko, baccarat, pump, roulette, wheel,
  bars, cases, chicken, darts, diamonds, dragonTower, drill, flip, moles, packs, primediceX, rockPaperScissors, slots, slotsTomeOfLife, snakes, tarot,
});
