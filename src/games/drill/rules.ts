/**
 * Drill: a `target` and a `pick`. No GraphQL document and no pay table in a
 * public source: sent over its REST route, played live only.
 *
 * One source only (site-coverage.md §2.1, §5 item 7): SBOT BotEngine.cs posts
 * `drill/bet` with `{target: double, pick: int}` and reads
 * `state.drillResults[pick - 1].multiplier`, so `pick` counts from 1. No
 * source states a range: `target` a finite number above 0 and `pick` an
 * integer from 1 are our bounds (the obvious types; the site refuses what it
 * does not take).
 */
import { check_number } from '../kernel/number.js';
import { live_only, live_only_game } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** Drill's checked input (beside amount, currency, identifier). */
export type DrillParams = { target: number; pick: number };

/** Drill's `state` as SBOT reads it (no typename in a source); each field possibly absent. */
export type DrillState = {
  readonly drillResults?: readonly { readonly multiplier?: number }[];
};

const paying = live_only('drill', 'no public source gives the table; the route rests on one source (SBOT)');

/** drill's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'drill', operation: null, field: 'drillBet', rest: { path: 'drill/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, the one source)' } });

export const drill: GameRules<DrillParams, never, DrillState> = {
  name: 'drill',
  outcome: null,
  inputs: [
    { name: 'target', takes: 'a number above 0 (our bound; one source, SBOT)', required: true },
    { name: 'pick', takes: 'an integer from 1 (our bound; SBOT reads drillResults[pick − 1])', required: true },
  ],
  check: (input) => ({
    target: check_number(input['target'], 'target', { above: 0, got: 'paren' }),
    pick: check_number(input['pick'], 'pick', { min: 1, max: Number.MAX_SAFE_INTEGER, style: 'strict' }),
  }),
  ...paying,
  transport: route.transport,
  cli: {
    options: [
      { flag: 'target', input: 'target', kind: 'number', help: 'the target (one source, SBOT; the site says what it takes)' },
      { flag: 'pick', input: 'pick', kind: 'number', help: 'the pick, from 1' },
    ],
    describe: ({ target, pick }) => `drill, target ${target}, pick ${pick}`,
    outcome: (state) => `drill results ${(state.drillResults ?? []).map((r) => r.multiplier).join(',')}`,
  },
};
