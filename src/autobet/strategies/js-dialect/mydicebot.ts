/**
 * mydicebot's JS mode as it bets on Stake (`mydicebot/mydicebot.github.io`
 * at f9a7e27): the script's `nextbet` is sent as `Math.round(nextbet *
 * 100000000)` satoshi (`src/views/info.pug` l. 2495), which its Stake model
 * divides back (`src/api/models/stake.js` l. 114: `amount = PayIn / 100000000`),
 * so the amount is `nextbet` rounded to the nearest 1e-8, not down; the dice
 * target is, for `bethigh`, `(999999 − ⌊chance × 10000⌋ + 1) / 10000`, else
 * `(⌊chance × 10000⌋ − 1) / 10000`, written with `toFixed(2)` (stake.js l. 117–123).
 * Dice only: that is all its Stake model bets.
 */
import { GAMES } from '../../../games/registry.js';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE } from '../../../operations/validate/games.js';
import type { DiceNext, StrategyAnswer } from '../strategy.js';
import { StrategyError } from '../strategy.js';
import { floor_to_decimals } from '../lua/answer.js';
import type { LuaNumberValue } from '../lua/vm.js';
import type { BotAnswer } from './games.js';

function number_of(field: string, value: LuaNumberValue, phase: 'load' | 'run'): number {
  if ('not_number' in value) throw new StrategyError(phase, `${field} must be a number (the script left ${value.not_number})`, { field });
  if (!Number.isFinite(value.number)) throw new StrategyError(phase, `${field} must be a finite number (the script left ${String(value.number)})`, { field });
  return value.number;
}

/** The amount mydicebot sends for `nextbet`: the nearest 1e-8, then down to the currency's decimals when it has fewer. */
export function mydicebot_amount(nextbet: number, currency: string, decimals: number, phase: 'load' | 'run'): number {
  const amount = floor_to_decimals(Math.round(nextbet * 100_000_000) / 100_000_000, decimals);
  if (!(amount > 0)) {
    throw new StrategyError(phase, `nextbet ${nextbet} is sent as ${amount} ${currency} (mydicebot rounds it to the nearest 0.00000001): no bet to place`, { field: 'nextbet' });
  }
  return amount;
}

/** The dice target mydicebot's Stake model sends for `chance` and `bethigh`. */
export function mydicebot_target(chance: number, bethigh: boolean): number {
  const units = Math.floor(chance * 10000);
  return Number(((bethigh ? 999999 - units + 1 : units - 1) / 10000).toFixed(2));
}

/**
 * The engine's dice bet for what a mydicebot script left.
 * @throws StrategyError (in `phase`) naming `nextbet` or `chance` when they make no valid bet.
 */
export function mydicebot_bet(answer: BotAnswer, currency: string, decimals: number, phase: 'load' | 'run'): StrategyAnswer {
  if (answer.stop !== null) return { stop: answer.stop };
  const amount = mydicebot_amount(number_of('nextbet', answer.nextbet, phase), currency, decimals, phase);
  const chance = number_of('chance', answer.chance, phase);
  if (!(chance >= DICE_MIN_CHANCE && chance <= DICE_MAX_CHANCE)) {
    throw new StrategyError(phase, `chance ${chance} is outside dice's ${DICE_MIN_CHANCE}–${DICE_MAX_CHANCE}`, { field: 'chance' });
  }
  const condition = answer.bethigh ? 'above' : 'below';
  let checked: { target: number; condition: 'above' | 'below' };
  try {
    checked = GAMES.dice.check({ target: mydicebot_target(chance, answer.bethigh), condition }) as typeof checked;
  } catch (error) {
    if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
    throw new StrategyError(phase, `chance ${chance} gives no dice target the site takes (${error.message})`, { field: 'chance', cause: error });
  }
  const bet: DiceNext = { game: 'dice', amount, target: checked.target, condition: checked.condition };
  return { ...bet, ...(answer.resetseed ? { rotate_seed_pair: true } : {}) };
}
