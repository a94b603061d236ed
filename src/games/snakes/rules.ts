/**
 * Snakes: `rollCount` rolls (1–5, SLOT2 clamps to that) at a difficulty. No
 * GraphQL document and no pay table in a public source: sent over its REST
 * route, played live only.
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { one_of } from '../kernel/checks.js';
import { DIFFICULTIES, int_in, live_only, live_only_game, type Difficulty } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** Snakes's checked input (beside amount, currency, identifier). */
export type SnakesParams = { difficulty: Difficulty; rollCount: number };

/** Snakes's `state` as the site returns it (`CasinoGameSnakes`); fields a source names, each possibly absent. */
export type SnakesState = {
  readonly difficulty?: Difficulty;
};

const paying = live_only('snakes', 'no public source gives the table');

/** snakes's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'snakes', operation: null, field: 'snakesBet', rest: { path: 'snakes/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const snakes: GameRules<SnakesParams, never, SnakesState> = {
  name: 'snakes',
  outcome: null,
  inputs: [
    { name: 'difficulty', takes: DIFFICULTIES.join(' | '), required: true },
    { name: 'rollCount', takes: '1–5', required: true },
  ],
  check: (input) => ({ difficulty: one_of(input['difficulty'], 'difficulty', DIFFICULTIES), rollCount: int_in(input['rollCount'], 'rollCount', 1, 5) }),
  ...paying,
  transport: route.transport,
  cli: {
    options: [
      { flag: 'difficulty', input: 'difficulty', kind: 'word', help: 'easy, medium, hard or expert' },
      { flag: 'roll-count', input: 'rollCount', kind: 'number', help: 'rolls, 1-5' },
    ],
    describe: ({ difficulty, rollCount }) => `snakes ${difficulty}, ${rollCount} roll(s)`,
    outcome: (state) => `difficulty ${state.difficulty}`,
  },
};
