/**
 * Darts: one throw at a difficulty. No GraphQL document and no pay table in a
 * public source: sent over its REST route, played live only.
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { one_of } from '../kernel/checks.js';
import { DIFFICULTIES, live_only, live_only_game, type Difficulty } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** Darts's checked input (beside amount, currency, identifier). */
export type DartsParams = { difficulty: Difficulty };

/** Darts's `state` as the site returns it (`CasinoGameDarts`); fields a source names, each possibly absent. */
export type DartsState = {
  readonly difficulty?: Difficulty;
};

const paying = live_only('darts', 'no public source gives the table');

/** darts's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'darts', operation: null, field: 'dartsBet', rest: { path: 'darts/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const darts: GameRules<DartsParams, never, DartsState> = {
  name: 'darts',
  outcome: null,
  inputs: [
    { name: 'difficulty', takes: DIFFICULTIES.join(' | '), required: true },
  ],
  check: (input) => ({ difficulty: one_of(input['difficulty'], 'difficulty', DIFFICULTIES) }),
  ...paying,
  transport: route.transport,
  cli: {
    options: [
      { flag: 'difficulty', input: 'difficulty', kind: 'word', help: 'easy, medium, hard or expert' },
    ],
    describe: ({ difficulty }) => `darts, ${difficulty}`,
    outcome: (state) => `difficulty ${state.difficulty}`,
  },
};
