/**
 * Dice: "a roll spread of 00.00 to 100.00, with 10,001 possible outcomes";
 * one float × 10001, divided by 100 and shown with two decimals
 * (https://stake.com/provably-fair/game-events, "Dice Roll").
 */
import type { GameDefinition } from '../kernel/definition.js';

/** The site's `CasinoGameDice.result`. */
export interface DiceOutcome {
  result: number;
}

/** The roll a float gives: 0.00 to 100.00 (the scanner reads it without building the outcome object). */
export function dice_result(float: number): number {
  return Math.floor(float * 10001) / 100;
}

export const dice: GameDefinition<Record<string, never>, DiceOutcome> = {
  name: 'dice',
  source: 'https://stake.com/provably-fair/game-events',
  formula: 'result = floor(float × 10001) / 100',
  params: () => ({}),
  float_count: () => 1,
  translate: (floats) => ({ result: dice_result(floats[0] as number) }),
};
