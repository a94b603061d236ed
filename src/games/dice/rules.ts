/**
 * Dice, apart from the network: a roll 0.00–100.00 (outcome.ts), a bet wins
 * strictly above / below its target (a tie loses) and pays 99 / chance (1 %
 * edge; https://stake.com/provably-fair/game-events, "Dice Roll").
 *
 * Checks: a win chance from 0.01 % to 98 % (the range the site's clones
 * document, docs.zkasino.io "Dice": "Chance is chosen by the player
 * (0.01%-98%)"), so `below` takes targets 0.01–98 and `above` 2–99.99; two
 * decimals, as the site shows rolls (mydicebot sends `toFixed(2)` targets).
 */
import { finite, two_decimals } from '../kernel/checks.js';
import { odds_words } from '../kernel/checks.js';
import { differ, hundredths, missing, number_field } from '../kernel/compare.js';
import type { GameRules, Scannable } from '../kernel/rules.js';
import { dice as outcome, dice_result, type DiceOutcome } from './outcome.js';

/** `CasinoGameDiceConditionEnum`: the roll must land above or below the target. */
export type DiceCondition = 'above' | 'below';

/** A dice bet's inputs. */
export interface DiceParams {
  target: number;
  condition: DiceCondition;
}

/** Win-chance bounds of a dice bet, in percent. */
export const DICE_MIN_CHANCE = 0.01;
export const DICE_MAX_CHANCE = 98;

/** Chance (percent) that a roll satisfies `condition` against `target`. */
export function dice_win_chance(target: number, condition: DiceCondition): number {
  return condition === 'above' ? 100 - target : target;
}

/** Whether a roll wins: strictly above / below the target (a tie loses). */
export function dice_wins(result: number, target: number, condition: DiceCondition): boolean {
  return condition === 'above' ? result > target : result < target;
}

/** A winning dice bet's multiplier: 99 / chance (1 % edge), in ten-thousandths. */
export function dice_multiplier(target: number, condition: DiceCondition): number {
  return Math.round((99 / dice_win_chance(target, condition)) * 10_000);
}

/** Checks a dice bet's `target` and `condition`; returns the target to send. */
export function check_dice(target: unknown, condition: unknown): DiceParams {
  if (condition !== 'above' && condition !== 'below') {
    throw new RangeError(`condition must be "above" or "below" (got ${JSON.stringify(condition)})`);
  }
  const t = two_decimals(finite(target, 'target'), 'target');
  const chance = dice_win_chance(t, condition);
  if (chance < DICE_MIN_CHANCE - 1e-9 || chance > DICE_MAX_CHANCE + 1e-9) {
    const [low, high] = condition === 'above' ? [100 - DICE_MAX_CHANCE, 100 - DICE_MIN_CHANCE] : [DICE_MIN_CHANCE, DICE_MAX_CHANCE];
    throw new RangeError(`target must be ${low} to ${high} for condition "${condition}" (a win chance of ${DICE_MIN_CHANCE}% to ${DICE_MAX_CHANCE}%); got ${t}`);
  }
  return { target: t, condition };
}

export const dice: GameRules<DiceParams, DiceOutcome, { result: number; target: number; condition: DiceCondition }> & Scannable = {
  name: 'dice',
  outcome,
  inputs: [
    { name: 'target', takes: '0.01–98 (below) or 2–99.99 (above), two decimals', required: true },
    { name: 'condition', takes: 'above | below', required: true },
  ],
  check: (input) => check_dice(input['target'], input['condition']),
  outcome_params: () => ({}),
  compare: (want, state) => {
    const result = number_field(state, 'result');
    if (result === null) return missing('result');
    // The site may record the number with more decimals than it shows; what is shown is rounded down.
    return differ(hundredths(result) === hundredths(want.result), { result }, 'result');
  },
  settle: ({ result }, { target, condition }) => ({
    multiplier: dice_wins(result, target, condition) ? dice_multiplier(target, condition) : 0,
    state: { result, target, condition },
  }),
  rtp: 0.99,
  pay: { rule: '99 / chance', source: 'https://stake.com/provably-fair/game-events', table: false },
  offline: { sandbox: true, simulator: true },
  transport: { operation: 'DiceRoll', field: 'diceRoll' },
  scan: { result: 'the roll, 0.00–100.00', single: dice_result, value: (floats) => dice_result(floats[0] as number), params: [] },
  cli: {
    options: [
      { flag: 'target', input: 'target', kind: 'number', help: "the roll's target (0.01-98 below, 2-99.99 above)" },
      { flag: 'condition', input: 'condition', kind: 'word', default: 'above', help: 'above (default) or below' },
    ],
    describe: ({ target, condition }) => `dice, roll ${condition} ${target}`,
    odds: ({ target, condition }) => odds_words(dice_win_chance(target, condition), 99 / dice_win_chance(target, condition)),
    outcome: (state) => `result ${state.result}`,
  },
};
