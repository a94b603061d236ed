/**
 * Plinko, apart from the network: 8 to 16 rows, one step per row, the bucket
 * is the number of steps to the right (outcome.ts).
 *
 * The payout is the SANDBOX's rule, not the site's table: bucket b of n rows
 * pays 0.99 × 2^n / ((n + 1) × C(n, b)), whatever the risk, so every bucket
 * contributes equally and the expected multiplier is 0.99.
 */
import { one_of } from '../kernel/checks.js';
import type { GameRules } from '../kernel/rules.js';
import { PLINKO_RISKS, plinko as outcome, type PlinkoOutcome, type PlinkoRisk } from './outcome.js';

export { PLINKO_RISKS, type PlinkoRisk };

/** Plinko rows. */
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;

/** A plinko bet's inputs. */
export interface PlinkoBetParams {
  rows: number;
  risk: PlinkoRisk;
}

/** The sandbox's plinko rule: bucket b of n rows pays 0.99 × 2^n / ((n + 1) × C(n, b)), in ten-thousandths. */
export function plinko_multiplier(rows: number, bucket: number): number {
  let ways = 1;
  for (let i = 0; i < bucket; i++) ways = (ways * (rows - i)) / (i + 1);
  return Math.round(((0.99 * 2 ** rows) / ((rows + 1) * ways)) * 10_000);
}

/** Checks plinko `rows` and `risk`. */
export function check_plinko(rows: unknown, risk: unknown): PlinkoBetParams {
  if (typeof rows !== 'number' || !Number.isInteger(rows)) throw new TypeError('rows must be an integer');
  if (rows < PLINKO_MIN_ROWS || rows > PLINKO_MAX_ROWS) throw new RangeError(`rows must be ${PLINKO_MIN_ROWS} to ${PLINKO_MAX_ROWS} (got ${rows})`);
  return { rows, risk: one_of(risk, 'risk', PLINKO_RISKS) };
}

export const plinko: GameRules<PlinkoBetParams, PlinkoOutcome, { risk: PlinkoRisk; rows: number; point: number; path: string[] }> = {
  name: 'plinko',
  outcome,
  inputs: [
    { name: 'rows', takes: `${PLINKO_MIN_ROWS}–${PLINKO_MAX_ROWS}`, required: true },
    { name: 'risk', takes: PLINKO_RISKS.join(' | '), required: true },
  ],
  check: (input) => check_plinko(input['rows'], input['risk']),
  outcome_params: ({ rows }) => ({ rows }),
  settle: ({ path, bucket }, { rows, risk }) => ({
    multiplier: plinko_multiplier(rows, bucket),
    state: { risk, rows, point: bucket, path: path.map((step) => (step === 1 ? 'R' : 'L')) },
  }),
  rtp: 0.99,
  pay: { rule: "the sandbox's rule 0.99 × 2^n / ((n + 1) × C(n, b)) (not the site's table)", source: 'none: invented by the sandbox', table: false },
  transport: { operation: 'PlinkoBet', field: 'plinkoBet' },
};
