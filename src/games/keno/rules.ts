/**
 * Keno, apart from the network: 40 squares (0–39, as the site sends and
 * returns them), 1 to 10 distinct picks, 10 squares drawn (outcome.ts; the
 * bot2love notes: "numbers: Selected numbers (0-39)"; the Python client's
 * "0 to 39, 10 numbers").
 *
 * Pays by the site's own tables (table.ts, with their source), by risk,
 * picks and hits. A bet sent without `risk` is paid by `classic`, the first
 * risk of the site's `KenoPayouts` answer: which risk the site applies when
 * none is sent is not in a public source.
 */
import { distinct_ints, one_of } from '../kernel/checks.js';
import { scaled } from '../kernel/payout.js';
import { differ, int_list, missing, same_set } from '../kernel/compare.js';
import type { GameRules } from '../kernel/rules.js';
import { keno as outcome, type KenoOutcome } from './outcome.js';
import { KENO_TABLE_SOURCE, KENO_TABLES, type KenoRisk } from './table.js';

export type { KenoRisk };
/** `CasinoGameKenoRiskEnum`: the risks the site's `KenoPayouts` answers. */
export const KENO_RISKS: readonly KenoRisk[] = ['classic', 'low', 'medium', 'high'];
/** The table a bet without `risk` is paid by (see above). */
export const KENO_DEFAULT_RISK: KenoRisk = 'classic';

/** Keno board: numbers 0..KENO_NUMBERS-1, at most KENO_MAX_PICKS of them. */
export const KENO_NUMBERS = 40;
export const KENO_MAX_PICKS = 10;

/** A keno bet's inputs; `risk` absent when the bet names none. */
export interface KenoParams {
  numbers: number[];
  risk?: KenoRisk;
}

/** What `hits` of `picks` pay at `risk`, by the site's table, in ten-thousandths. */
export function keno_multiplier(risk: KenoRisk, picks: number, hits: number): number {
  const row = KENO_TABLES[risk][picks];
  const multiplier = row?.[hits];
  if (multiplier === undefined) throw new RangeError(`numbers: no keno table entry for ${hits} hits of ${picks} picks`);
  return scaled(multiplier);
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
  compare: (want, state) => {
    const drawn = int_list(state, 'drawnNumbers');
    if (drawn === null) return missing('drawnNumbers');
    return differ(same_set(drawn, want.drawnNumbers), { drawnNumbers: drawn }, 'drawnNumbers');
  },
  settle: ({ drawnNumbers }, { numbers, risk }) => ({
    multiplier: keno_multiplier(risk ?? KENO_DEFAULT_RISK, numbers.length, keno_hits(numbers, drawnNumbers)),
    state: { drawnNumbers: [...drawnNumbers], selectedNumbers: [...numbers], risk: risk ?? KENO_DEFAULT_RISK },
  }),
  rtp: 0.99,
  pay: { rule: "the site's table by risk, picks and hits (src/games/keno/table.ts)", source: KENO_TABLE_SOURCE, table: true },
  offline: { sandbox: true, simulator: true },
  transport: { operation: 'KenoBet', field: 'kenoBet' },
  cli: {
    options: [
      { flag: 'numbers', input: 'numbers', kind: 'list', help: 'the squares picked, 0-39, comma-separated (1 to 10)' },
      { flag: 'risk', input: 'risk', kind: 'word', optional: true, help: 'classic, low, medium or high (the site decides when absent)' },
    ],
    describe: ({ numbers, risk }) => `keno, squares ${numbers.join(',')}${risk === undefined ? '' : `, risk ${risk}`}`,
    outcome: (state) => `${keno_hits(state.selectedNumbers, state.drawnNumbers)} of ${state.selectedNumbers.length} hit; drawn ${state.drawnNumbers.join(',')}`,
  },
};
