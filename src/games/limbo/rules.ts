/**
 * Limbo, apart from the network: the bet wins when the result (outcome.ts,
 * the 1 % edge is in its formula) reaches the target, and then pays the
 * target. Targets 1.01–1 000 000 with two decimals
 * (https://forum.stake.com/guides/, "Limbo": "The minimum payout playable is
 * 1.01x while the max is capped at 1,000,000.00x"; the JS StakeApi sends
 * `toFixed(2)`).
 */
import { finite, two_decimals } from '../kernel/checks.js';
import { odds_words } from '../kernel/checks.js';
import { differ, hundredths, missing, number_field } from '../kernel/compare.js';
import type { GameRules, Scannable } from '../kernel/rules.js';
import { limbo as outcome, limbo_result, type LimboOutcome } from './outcome.js';

/** A limbo bet's input. */
export interface LimboParams {
  multiplierTarget: number;
}

/** Limbo target bounds. */
export const LIMBO_MIN_TARGET = 1.01;
export const LIMBO_MAX_TARGET = 1_000_000;

/** Whether a limbo round reaches the target. */
export function limbo_wins(result: number, multiplierTarget: number): boolean {
  return result >= multiplierTarget;
}

/** A winning limbo bet pays its target, in ten-thousandths (the edge is in the result's formula). */
export function limbo_multiplier(multiplierTarget: number): number {
  return Math.round(multiplierTarget * 10_000);
}

/** Checks a limbo `multiplierTarget`; returns the value to send. */
export function check_limbo(multiplierTarget: unknown): number {
  const m = two_decimals(finite(multiplierTarget, 'multiplierTarget'), 'multiplierTarget');
  if (m < LIMBO_MIN_TARGET || m > LIMBO_MAX_TARGET) {
    throw new RangeError(`multiplierTarget must be ${LIMBO_MIN_TARGET} to ${LIMBO_MAX_TARGET} (got ${m})`);
  }
  return m;
}

export const limbo: GameRules<LimboParams, LimboOutcome, { result: number; multiplierTarget: number }> & Scannable = {
  name: 'limbo',
  outcome,
  inputs: [{ name: 'multiplierTarget', takes: '1.01–1000000, two decimals', required: true }],
  check: (input) => ({ multiplierTarget: check_limbo(input['multiplierTarget']) }),
  outcome_params: () => ({}),
  compare: (want, state) => {
    const result = number_field(state, 'result');
    if (result === null) return missing('result');
    // The site may record the number with more decimals than it shows; what is shown is rounded down.
    return differ(hundredths(result) === hundredths(want.result), { result }, 'result');
  },
  settle: ({ result }, { multiplierTarget }) => ({
    multiplier: limbo_wins(result, multiplierTarget) ? limbo_multiplier(multiplierTarget) : 0,
    state: { result, multiplierTarget },
  }),
  rtp: 0.99,
  pay: { rule: 'the target when the result reaches it', source: 'https://stake.com/provably-fair/game-events', table: false },
  offline: { sandbox: true, simulator: true },
  transport: { operation: 'LimboBet', field: 'limboBet' },
  scan: { result: 'the multiplier reached (1.00 and up)', single: limbo_result, value: (floats) => limbo_result(floats[0] as number), params: [] },
  cli: {
    options: [{ flag: 'multiplier', input: 'multiplierTarget', kind: 'number', help: 'the target multiplier (1.01-1000000)' }],
    describe: ({ multiplierTarget }) => `limbo, target ×${multiplierTarget}`,
    odds: ({ multiplierTarget }) => odds_words(99 / multiplierTarget, multiplierTarget),
    outcome: (state) => `result ${state.result}`,
  },
};
