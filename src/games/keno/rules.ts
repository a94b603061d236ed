/**
 * Keno, apart from the network: 40 squares (0–39, as the site sends and
 * returns them), 1 to 10 distinct picks, 10 squares drawn (outcome.ts; the
 * bot2love notes: "numbers: Selected numbers (0-39)"; the Python client's
 * "0 to 39, 10 numbers").
 *
 * The payout is the SANDBOX's rule, not the site's table: `hits` of `picks`
 * pays 3.96 × hits / picks, whatever the risk. Expected hits are picks / 4,
 * so the expected multiplier is 0.99, the site's edge.
 */
import { distinct_ints, one_of } from '../kernel/checks.js';
import type { GameRules } from '../kernel/rules.js';
import { keno as outcome, type KenoOutcome } from './outcome.js';

/** `CasinoGameKenoRiskEnum` values seen in public clients. */
export type KenoRisk = 'low' | 'medium' | 'high';
export const KENO_RISKS: readonly KenoRisk[] = ['low', 'medium', 'high'];

/** Keno board: numbers 0..KENO_NUMBERS-1, at most KENO_MAX_PICKS of them. */
export const KENO_NUMBERS = 40;
export const KENO_MAX_PICKS = 10;

/** A keno bet's inputs; `risk` absent when the bet names none. */
export interface KenoParams {
  numbers: number[];
  risk?: KenoRisk;
}

/** The sandbox's keno rule: `hits` of `picks` pays 3.96 × hits / picks (expected 0.99), in ten-thousandths. */
export function keno_multiplier(picks: number, hits: number): number {
  return Math.round(((3.96 * hits) / picks) * 10_000);
}

/** Checks keno `numbers` and `risk`. */
export function check_keno(numbers: unknown, risk: unknown): { numbers: number[]; risk: KenoRisk | undefined } {
  const picked = distinct_ints(numbers, 'numbers', KENO_NUMBERS, 1, KENO_MAX_PICKS);
  return { numbers: picked, risk: risk === undefined ? undefined : one_of(risk, 'risk', KENO_RISKS) };
}

/** The number of picks among the drawn squares. */
export function keno_hits(numbers: readonly number[], drawn: readonly number[]): number {
  let hits = 0;
  for (const n of numbers) if (drawn.includes(n)) hits++;
  return hits;
}

export const keno: GameRules<KenoParams, KenoOutcome, { drawnNumbers: number[]; selectedNumbers: number[]; risk: KenoRisk }> = {
  name: 'keno',
  outcome,
  inputs: [
    { name: 'numbers', takes: `1–${KENO_MAX_PICKS} distinct integers 0–${KENO_NUMBERS - 1}`, required: true },
    { name: 'risk', takes: KENO_RISKS.join(' | '), required: false },
  ],
  check: (input) => {
    const { numbers, risk } = check_keno(input['numbers'], input['risk']);
    return risk === undefined ? { numbers } : { numbers, risk };
  },
  outcome_params: () => ({}),
  settle: ({ drawnNumbers }, { numbers, risk }) => ({
    multiplier: keno_multiplier(numbers.length, keno_hits(numbers, drawnNumbers)),
    state: { drawnNumbers: [...drawnNumbers], selectedNumbers: [...numbers], risk: risk ?? 'low' },
  }),
  rtp: 0.99,
  pay: { rule: "the sandbox's rule 3.96 × hits / picks (not the site's table)", source: 'none: invented by the sandbox', table: false },
  transport: { operation: 'KenoBet', field: 'kenoBet' },
};
