/**
 * A DiceBot answer (`nextbet`, `chance`, `bethigh`, `stop()`, `resetseed()`)
 * as the engine's next dice bet. Amounts are rounded down to the currency's
 * smallest unit and chances to 2 decimals; anything that does not make a
 * valid bet is an error naming the value, never clamped into one.
 */
import type { DiceNext, StrategyAnswer } from '../strategy.js';
import { StrategyError } from '../strategy.js';
import { AMOUNT_TOLERANCE } from '../../../operations/validate/amount.js';
import { DICE_MAX_CHANCE as DICE_CHANCE_MAX, DICE_MIN_CHANCE as DICE_CHANCE_MIN } from '../../../operations/validate/games.js';
import type { LuaAnswer, LuaNumberValue } from './vm.js';

/** `value` rounded down to `decimals` places; a value a float's error puts just below a unit keeps that unit. */
export function floor_to_decimals(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  const scaled = value * scale;
  const nearest = Math.round(scaled);
  // Float noise only, the same bound the typed methods read amounts with.
  const units = Math.abs(scaled - nearest) <= AMOUNT_TOLERANCE * Math.max(1, Math.abs(scaled)) ? nearest : Math.floor(scaled);
  return units / scale;
}

/** `value` rounded to 2 decimals. */
export function round_chance(value: number): number {
  return Math.round(value * 100) / 100;
}

function number_of(field: string, value: LuaNumberValue, phase: 'load' | 'run'): number {
  if ('not_number' in value) {
    throw new StrategyError(phase, `${field} must be a number (the script left ${value.not_number})`, { field });
  }
  if (!Number.isFinite(value.number)) {
    throw new StrategyError(phase, `${field} must be a finite number (the script left ${String(value.number)})`, { field });
  }
  return value.number;
}

/**
 * The engine's answer for what the script left.
 * @throws StrategyError (in `phase`) naming `nextbet`, `chance` or `currency` when they make no valid bet.
 */
export function dice_answer(answer: LuaAnswer, currency: string, decimals: number, phase: 'load' | 'run'): StrategyAnswer {
  if (answer.stop !== null) return { stop: answer.stop };
  if (answer.currency_changed !== null) {
    throw new StrategyError(phase, `currency is the run's (${currency}); the script set it to ${JSON.stringify(answer.currency_changed.slice(0, 20))}`, { field: 'currency' });
  }
  const nextbet = number_of('nextbet', answer.nextbet, phase);
  const amount = floor_to_decimals(nextbet, decimals);
  if (!(amount > 0)) {
    throw new StrategyError(phase, `nextbet ${nextbet} rounds down to ${amount} ${currency} (${decimals} decimals): no bet to place`, { field: 'nextbet' });
  }
  const raw_chance = number_of('chance', answer.chance, phase);
  const chance = round_chance(raw_chance);
  if (!(chance >= DICE_CHANCE_MIN && chance <= DICE_CHANCE_MAX)) {
    throw new StrategyError(phase, `chance ${raw_chance} is outside dice's ${DICE_CHANCE_MIN}–${DICE_CHANCE_MAX}`, { field: 'chance' });
  }
  const bet: DiceNext = answer.bethigh
    ? { game: 'dice', amount, target: (10000 - Math.round(chance * 100)) / 100, condition: 'above' }
    : { game: 'dice', amount, target: chance, condition: 'below' };
  const vault = answer.invest > 0 ? floor_to_decimals(answer.invest, decimals) : 0;
  return { ...bet, ...(answer.resetseed ? { rotate_seed_pair: true } : {}), ...(vault > 0 ? { vault } : {}) };
}
