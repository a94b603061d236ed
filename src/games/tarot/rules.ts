/**
 * Tarot: one reading at a difficulty. No GraphQL document and no pay table in a
 * public source: sent over its REST route, played live only.
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { one_of } from '../kernel/checks.js';
import { DIFFICULTIES, live_only, live_only_game, type Difficulty } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** Tarot's checked input (beside amount, currency, identifier). */
export type TarotParams = { difficulty: Difficulty };

/** Tarot's `state` as the site returns it (`CasinoGameTarot`); fields a source names, each possibly absent. */
export type TarotState = {
  readonly difficulty?: Difficulty;
};

const paying = live_only('tarot', 'no public source gives the table');

/** tarot's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'tarot', operation: null, field: 'tarotBet', rest: { path: 'tarot/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const tarot: GameRules<TarotParams, never, TarotState> = {
  name: 'tarot',
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
    describe: ({ difficulty }) => `tarot, ${difficulty}`,
    outcome: (state) => `difficulty ${state.difficulty}`,
  },
};
