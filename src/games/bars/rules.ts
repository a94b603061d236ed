/**
 * Bars: tiles picked at a difficulty. No GraphQL document and no pay table in a
 * public source: sent over its REST route, played live only. The tiles'
 * range is in no source: distinct integers 0–99, 1 to 20 of them, is our
 * bound (the site refuses what it does not take).
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { one_of, distinct_ints } from '../kernel/checks.js';
import { DIFFICULTIES, live_only, live_only_game, type Difficulty } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** Bars's checked input (beside amount, currency, identifier). */
export type BarsParams = { difficulty: Difficulty; tiles: number[] };

/** Bars's `state` as the site returns it (`CasinoGameBars`); fields a source names, each possibly absent. */
export type BarsState = {
  readonly difficulty?: Difficulty;
  readonly tiles?: readonly number[];
};

const paying = live_only('bars', 'no public source gives the table');

/** bars's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'bars', operation: null, field: 'barsBet', rest: { path: 'bars/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const bars: GameRules<BarsParams, never, BarsState> = {
  name: 'bars',
  outcome: null,
  inputs: [
    { name: 'difficulty', takes: DIFFICULTIES.join(' | '), required: true },
    { name: 'tiles', takes: '1–20 distinct integers 0–99 (our bound)', required: true },
  ],
  check: (input) => ({ difficulty: one_of(input['difficulty'], 'difficulty', DIFFICULTIES), tiles: distinct_ints(input['tiles'], 'tiles', 100, 1, 20) }),
  ...paying,
  transport: route.transport,
  cli: {
    options: [
      { flag: 'difficulty', input: 'difficulty', kind: 'word', help: 'easy, medium, hard or expert' },
      { flag: 'tiles', input: 'tiles', kind: 'list', help: 'the tiles picked, comma-separated' },
    ],
    describe: ({ difficulty, tiles }) => `bars ${difficulty}, tiles ${tiles.join(',')}`,
    outcome: (state) => `tiles ${(state.tiles ?? []).join(',')}`,
  },
};
