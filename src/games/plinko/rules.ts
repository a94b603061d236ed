/**
 * Plinko, apart from the network: 8 to 16 rows, one step per row, the bucket
 * is the number of steps to the right (outcome.ts).
 *
 * Pays by the site's own tables (table.ts, with their source), by risk, rows
 * and bucket. Risk `expert` is sent live (two 2026 clients send it) but no
 * public source gives its table: the sandbox and the simulator refuse it
 * rather than pay an invented one.
 */
import { one_of } from '../kernel/checks.js';
import { differ, missing, same_list } from '../kernel/compare.js';
import type { GameRules, Scannable } from '../kernel/rules.js';
import { scaled } from '../kernel/payout.js';
import { PLINKO_RISKS, plinko as outcome, type PlinkoOutcome, type PlinkoRisk } from './outcome.js';
import { PLINKO_TABLE_SOURCE, PLINKO_TABLES, type PlinkoTableRisk } from './table.js';

export { PLINKO_RISKS, type PlinkoRisk };

/** A recorded step as 0 (left) or 1 (right), -1 when it is neither. */
export function plinko_step(step: unknown): number {
  if (step === 0 || step === 1) return step;
  if (typeof step !== 'string') return -1;
  const word = step.toLowerCase();
  if (word === '0' || word === 'l' || word === 'left') return 0;
  if (word === '1' || word === 'r' || word === 'right') return 1;
  return -1;
}

/** Plinko rows. */
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;

/** A plinko bet's inputs. */
export interface PlinkoBetParams {
  rows: number;
  risk: PlinkoRisk;
}

/** Why a plinko bet cannot be paid offline, or null when the site's table is public. */
export function plinko_unpayable(risk: PlinkoRisk): string | null {
  return Object.hasOwn(PLINKO_TABLES, risk)
    ? null
    : `risk "${risk}": plinko's ${risk} pay table is not public, so the sandbox and the simulator do not play it (it is played live only)`;
}

/** What bucket `bucket` of `rows` rows pays at `risk`, by the site's table, in ten-thousandths. */
export function plinko_multiplier(risk: PlinkoRisk, rows: number, bucket: number): number {
  const why = plinko_unpayable(risk);
  if (why !== null) throw new RangeError(why);
  const multiplier = PLINKO_TABLES[risk as PlinkoTableRisk][rows]?.[bucket];
  if (multiplier === undefined) throw new RangeError(`rows: no plinko table entry for bucket ${bucket} of ${rows} rows`);
  return scaled(multiplier);
}

/** Checks plinko `rows` and `risk`. */
export function check_plinko(rows: unknown, risk: unknown): PlinkoBetParams {
  if (typeof rows !== 'number' || !Number.isInteger(rows)) throw new TypeError('rows must be an integer');
  if (rows < PLINKO_MIN_ROWS || rows > PLINKO_MAX_ROWS) throw new RangeError(`rows must be ${PLINKO_MIN_ROWS} to ${PLINKO_MAX_ROWS} (got ${rows})`);
  return { rows, risk: one_of(risk, 'risk', PLINKO_RISKS) };
}

export const plinko: GameRules<PlinkoBetParams, PlinkoOutcome, { risk: PlinkoRisk; rows: number; point: number; path: string[] }> & Scannable = {
  name: 'plinko',
  outcome,
  inputs: [
    { name: 'rows', takes: `${PLINKO_MIN_ROWS}–${PLINKO_MAX_ROWS}`, required: true },
    { name: 'risk', takes: PLINKO_RISKS.join(' | '), required: true },
  ],
  check: (input) => check_plinko(input['rows'], input['risk']),
  outcome_params: ({ rows }) => ({ rows }),
  compare: (want, state) => {
    const path = state?.['path'];
    if (!Array.isArray(path)) return missing('path');
    // How the site spells a step is not sourced: read 0/1 and L/R (either case, or left/right).
    const steps = path.map(plinko_step);
    if (steps.includes(-1)) return { ok: null, recorded: { path }, note: 'state path has steps that are neither left nor right' };
    return differ(same_list(steps, want.path), { path }, 'path');
  },
  unpayable: ({ risk }) => plinko_unpayable(risk),
  settle: ({ path, bucket }, { rows, risk }) => ({
    multiplier: plinko_multiplier(risk, rows, bucket),
    state: { risk, rows, point: bucket, path: path.map((step) => (step === 1 ? 'R' : 'L')) },
  }),
  rtp: 0.99,
  pay: { rule: "the site's table by risk, rows and bucket (src/games/plinko/table.ts); expert: no public table", source: PLINKO_TABLE_SOURCE, table: true },
  offline: { sandbox: true, simulator: true, except: 'risk expert (its table is not public)' },
  transport: { operation: 'PlinkoBet', field: 'plinkoBet' },
  // The bucket, not a multiplier: the number does not depend on the risk.
  scan: {
    result: 'the bucket, 0 … rows, counted from the left (params: rows)',
    single: null,
    value: (floats, params) => outcome.translate(floats, params as never).bucket,
    params: ['rows'],
  },
  cli: {
    options: [
      { flag: 'rows', input: 'rows', kind: 'number', help: 'rows of pins, 8-16' },
      { flag: 'risk', input: 'risk', kind: 'word', help: 'low, medium, high or expert' },
    ],
    describe: ({ rows, risk }) => `plinko, ${rows} rows, risk ${risk}`,
    outcome: (state) => `bucket ${state.point} of 0-${state.rows}`,
  },
};
