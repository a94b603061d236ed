/**
 * Wheel, apart from the network: `segments` 10, 20, 30, 40 or 50 and `risk`
 * low, medium or high (`CasinoGameWheelRiskEnum`, required by the site's
 * `WheelSpin`); the wheel stops on floor(float × segments) (outcome.ts) and
 * pays the site's table for that segment count and risk (table.ts, with its
 * source). Sources of the inputs: site-coverage.md §2.2 (SBOT, the site's
 * fairness text).
 */
import { odds_words, one_of } from '../kernel/checks.js';
import { differ, missing, number_field } from '../kernel/compare.js';
import { scaled } from '../kernel/payout.js';
import type { GameRules, Scannable } from '../kernel/rules.js';
import { WHEEL_SEGMENTS, wheel as outcome, wheel_result, type WheelOutcome } from './outcome.js';
import { WHEEL_TABLE_SOURCE, WHEEL_TABLES, type WheelRisk } from './table.js';

export { WHEEL_SEGMENTS, type WheelRisk };
/** `CasinoGameWheelRiskEnum`. */
export const WHEEL_RISKS: readonly WheelRisk[] = ['low', 'medium', 'high'];

/** A wheel bet's inputs. */
export interface WheelBetParams {
  segments: number;
  risk: WheelRisk;
}

/** The site's `CasinoGameWheel` state. */
export type WheelBetState = { result: number; segments: number; risk: WheelRisk };

/** What segment `result` pays on a wheel of `segments` at `risk`, by the site's table, in ten-thousandths. */
export function wheel_multiplier(risk: WheelRisk, segments: number, result: number): number {
  const multiplier = WHEEL_TABLES[segments]?.[risk][result];
  if (multiplier === undefined) throw new RangeError(`segments: no wheel table entry for segment ${result} of ${segments} at risk ${risk}`);
  return scaled(multiplier);
}

/** Checks wheel `segments` and `risk`. */
export function check_wheel(segments: unknown, risk: unknown): WheelBetParams {
  if (typeof segments !== 'number' || !Number.isInteger(segments)) throw new TypeError('segments must be an integer');
  if (!(WHEEL_SEGMENTS as readonly number[]).includes(segments)) {
    throw new RangeError(`segments must be ${WHEEL_SEGMENTS.join(', ')} (got ${segments})`);
  }
  return { segments, risk: one_of(risk, 'risk', WHEEL_RISKS) };
}

/** Win chance (any segment paying more than 0) and the best multiplier of a table, for the prompt. */
function wheel_odds({ segments, risk }: WheelBetParams): string {
  const row = WHEEL_TABLES[segments]?.[risk] ?? [];
  const paying = row.filter((m) => m > 0);
  // eslint-disable-next-line no-restricted-syntax -- bounded: at most 50 segments
  return odds_words((paying.length / segments) * 100, Math.max(...paying));
}

export const wheel: GameRules<WheelBetParams, WheelOutcome, WheelBetState> & Scannable = {
  name: 'wheel',
  outcome,
  inputs: [
    { name: 'risk', takes: WHEEL_RISKS.join(' | '), required: true },
    { name: 'segments', takes: WHEEL_SEGMENTS.join(' | '), required: true },
  ],
  check: (input) => check_wheel(input['segments'], input['risk']),
  outcome_params: ({ segments, risk }) => ({ segments, risk }),
  compare: (want, state) => {
    // The bet history selects `result` as `wheel_result` (site.ts: dice's `result` has another type).
    const result = number_field(state, 'result') ?? number_field(state, 'wheel_result');
    if (result === null) return missing('result');
    return differ(result === want.result, { result }, 'result');
  },
  settle: ({ result }, { segments, risk }) => ({
    multiplier: wheel_multiplier(risk, segments, result),
    state: { result, segments, risk },
  }),
  rtp: 0.99,
  pay: { rule: "the site's table by segments, risk and segment (src/games/wheel/table.ts)", source: WHEEL_TABLE_SOURCE, table: true },
  offline: { sandbox: true, simulator: true },
  transport: { operation: 'WheelSpin', field: 'wheelSpin' },
  // The segment, not a multiplier: the number does not depend on the risk.
  scan: {
    result: 'the segment index, 0 … segments − 1 (params: segments)',
    single: (f, p) => wheel_result(f, p['segments'] as number),
    value: (floats, p) => wheel_result(floats[0] as number, p['segments'] as number),
    params: ['segments'],
  },
  cli: {
    options: [
      { flag: 'risk', input: 'risk', kind: 'word', help: 'low, medium or high' },
      { flag: 'segments', input: 'segments', kind: 'number', help: 'the segments of the wheel: 10, 20, 30, 40 or 50' },
    ],
    describe: ({ segments, risk }) => `wheel, ${segments} segments, risk ${risk}`,
    odds: wheel_odds,
    outcome: (state) => `segment ${state.result} of ${state.segments}`,
  },
};
