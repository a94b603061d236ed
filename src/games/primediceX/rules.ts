/**
 * Primedice-X: a roll against one range (`rollBetween`, `rollOutside`:
 * `target1`–`target2`) or two (`rollBetweenTwo`: also `target3`–`target4`).
 * No GraphQL document and no pay table in a public source: sent over its REST
 * route, played live only.
 *
 * One source (site-coverage.md §2.1–2.2, §5 item 7): SBOT BotEngine.cs posts
 * `primedice-x/bet` with `{target1, target2, target3, target4, condition}`,
 * `condition` one of `rollBetween rollOutside rollBetweenTwo`, and `target3`/
 * `target4` null for `rollBetween`/`rollOutside` (sent as null, as SBOT does;
 * a number given there is refused rather than dropped). No source states a
 * range: each target a number from 0 to 100 and each range's low end below
 * its high end are our bounds (the roll reads as a percentage in SBOT's log).
 */
import { one_of } from '../kernel/checks.js';
import { check_number } from '../kernel/number.js';
import { live_only, live_only_game } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** The conditions SBOT sends (site-coverage.md §2.2). */
export const PRIMEDICE_X_CONDITIONS = ['rollBetween', 'rollOutside', 'rollBetweenTwo'] as const;
/** One of {@link PRIMEDICE_X_CONDITIONS}. */
export type PrimediceXCondition = (typeof PRIMEDICE_X_CONDITIONS)[number];

/** Primedice-X's checked input (beside amount, currency, identifier); `target3`/`target4` null unless `rollBetweenTwo`. */
export type PrimediceXParams = {
  target1: number;
  target2: number;
  target3: number | null;
  target4: number | null;
  condition: PrimediceXCondition;
};

/** Primedice-X's `state` as SBOT reads it (no typename in a source); possibly absent. */
export type PrimediceXState = {
  readonly result?: number;
};

const paying = live_only('primediceX', 'no public source gives the table; the route rests on one source (SBOT)');

function target(value: unknown, field: string): number {
  return check_number(value, field, { min: 0, max: 100, got: 'paren' });
}

/** A range `low`–`high` whose low end is below its high end (our bound). */
function range(input: Readonly<Record<string, unknown>>, low: string, high: string): [number, number] {
  const a = target(input[low], low);
  const b = target(input[high], high);
  if (!(a < b)) throw new RangeError(`${high} must be above ${low} (got ${low} ${a}, ${high} ${b})`);
  return [a, b];
}

function check(input: Readonly<Record<string, unknown>>): PrimediceXParams {
  const condition = one_of(input['condition'], 'condition', PRIMEDICE_X_CONDITIONS);
  const [target1, target2] = range(input, 'target1', 'target2');
  if (condition === 'rollBetweenTwo') {
    const [target3, target4] = range(input, 'target3', 'target4');
    return { target1, target2, target3, target4, condition };
  }
  for (const field of ['target3', 'target4'] as const) {
    if (input[field] !== undefined && input[field] !== null) throw new RangeError(`${field} must be absent or null for condition ${condition} (one range only)`);
  }
  return { target1, target2, target3: null, target4: null, condition };
}

/** primediceX's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'primediceX', operation: null, field: 'primediceXBet', rest: { path: 'primedice-x/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, the one source)' } });

export const primediceX: GameRules<PrimediceXParams, never, PrimediceXState> = {
  name: 'primediceX',
  outcome: null,
  inputs: [
    { name: 'target1', takes: 'a number 0–100 (our bound; one source, SBOT)', required: true },
    { name: 'target2', takes: 'a number 0–100 above target1 (our bound)', required: true },
    { name: 'target3', takes: 'rollBetweenTwo only: a number 0–100 (our bound); null otherwise', required: false },
    { name: 'target4', takes: 'rollBetweenTwo only: a number 0–100 above target3 (our bound); null otherwise', required: false },
    { name: 'condition', takes: PRIMEDICE_X_CONDITIONS.join(' | '), required: true },
  ],
  check,
  ...paying,
  transport: route.transport,
  cli: {
    options: [
      { flag: 'target1', input: 'target1', kind: 'number', help: 'the low end of the first range' },
      { flag: 'target2', input: 'target2', kind: 'number', help: 'the high end of the first range' },
      { flag: 'target3', input: 'target3', kind: 'number', optional: true, help: 'rollBetweenTwo: the low end of the second range' },
      { flag: 'target4', input: 'target4', kind: 'number', optional: true, help: 'rollBetweenTwo: the high end of the second range' },
      { flag: 'condition', input: 'condition', kind: 'word', help: 'rollBetween, rollOutside or rollBetweenTwo' },
    ],
    describe: (p) => `primedice-x, ${p.condition} ${p.target1}–${p.target2}${p.target3 === null ? '' : ` and ${p.target3}–${p.target4}`}`,
    outcome: (state) => `roll ${state.result ?? '?'}`,
  },
};
