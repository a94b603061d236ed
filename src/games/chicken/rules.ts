/**
 * Chicken: cross `round` lanes (1–20: 20 death events in Stake's text, SLOT2)
 * at a difficulty, cashed out there. No GraphQL document and no pay table in a
 * public source: sent over its REST route, played live only.
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { one_of } from '../kernel/checks.js';
import { DIFFICULTIES, int_in, live_only, live_only_game, type Difficulty } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** Chicken's checked input (beside amount, currency, identifier). */
export type ChickenParams = { difficulty: Difficulty; round: number };

/** Chicken's `state` as the site returns it (`CasinoGameChicken`); fields a source names, each possibly absent. */
export type ChickenState = {
  readonly difficulty?: Difficulty;
};

const paying = live_only('chicken', 'no public source gives the table');

/** chicken's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'chicken', operation: null, field: 'chickenBet', rest: { path: 'chicken/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const chicken: GameRules<ChickenParams, never, ChickenState> = {
  name: 'chicken',
  outcome: null,
  inputs: [
    { name: 'difficulty', takes: DIFFICULTIES.join(' | '), required: true },
    { name: 'round', takes: '1–20, the lane to cash out at', required: true },
  ],
  check: (input) => ({ difficulty: one_of(input['difficulty'], 'difficulty', DIFFICULTIES), round: int_in(input['round'], 'round', 1, 20) }),
  ...paying,
  transport: route.transport,
  cli: {
    options: [
      { flag: 'difficulty', input: 'difficulty', kind: 'word', help: 'easy, medium, hard or expert' },
      { flag: 'round', input: 'round', kind: 'number', help: 'the lane to cash out at, 1-20' },
    ],
    describe: ({ difficulty, round }) => `chicken ${difficulty}, cash out at lane ${round}`,
    outcome: (state) => `difficulty ${state.difficulty}`,
  },
};
