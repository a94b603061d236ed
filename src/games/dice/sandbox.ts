/**
 * Dice rules as the site documents them: a roll 0.00–100.00, a bet wins when
 * the roll lands strictly above/below the target, win chance 0.01 %–98 %,
 * payout multiplier 99 / chance (1 % house edge).
 * Sources: https://stake.com/provably-fair/game-events ("Dice Roll", the
 * roll); the 0.01 %–98 % chance range was the sandbox's before this issue and
 * is the one the site's clones document (docs.zkasino.io "Dice": "Chance is
 * chosen by the player (0.01%-98%)"); the site's own dice page is not in a
 * source we could read, so treat the range as likely, not certain.
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { checkRange } from '../../sandbox/refusals.js';

import { dice_multiplier, dice_win_chance, dice_wins, type DiceCondition } from './rules.js';

/** The two ways to bet on a roll (`CasinoGameDiceConditionEnum`). */
export type { DiceCondition };

/** Lowest and highest win chance (percent) a bet may have. */
export const MIN_WIN_CHANCE = 0.01;
export const MAX_WIN_CHANCE = 98;

/** Chance (percent) that a roll satisfies `condition` against `target`. */
export const winChance = dice_win_chance;

/**
 * Refuses a target whose win chance is out of range: `target` must lie in
 * [0.01, 98] for `below` and [2, 99.99] for `above`.
 */
export function checkDiceTarget(target: number, condition: DiceCondition): void {
  if (condition === 'below') checkRange('target', target, MIN_WIN_CHANCE, MAX_WIN_CHANCE);
  else checkRange('target', target, 100 - MAX_WIN_CHANCE, 100 - MIN_WIN_CHANCE);
}

/** Whether `result` wins against `target` (a tie loses). */
export const diceWins = dice_wins;

/** Payout multiplier of a winning bet in ten-thousandths (99 / chance, four decimals). */
export const diceMultiplier = dice_multiplier;

/** Dice in the sandbox's schema; `diceRoll` refuses a target out of range. */
export const sandbox: SandboxGame = {
  name: 'dice',
  // REST route: operations.md §2 (SBOT BotEngine.cs, MJE docs/api/game-endpoints.md).
  rest: { path: 'dice/roll', field: 'diceRoll' },
  title: 'Dice',
  typename: 'CasinoGameDice',
  sdl: `enum CasinoGameDiceConditionEnum { above below }
  type CasinoGameDice { result: Float! target: Float! condition: CasinoGameDiceConditionEnum! }`,
  mutations: 'diceRoll(amount: Float!, target: Float!, condition: CasinoGameDiceConditionEnum!, currency: CurrencyEnum!, identifier: String!): CasinoBet!',
  check: (args) => {
    const target = args['target'] as number;
    const condition = args['condition'] as DiceCondition;
    checkDiceTarget(target, condition);
    return { target, condition };
  },
};
