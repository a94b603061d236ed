/**
 * Cases: one case opened at a difficulty. No pay table in a public source:
 * played live only. Sources disagree on names (site-coverage.md §5.6: SLOT
 * calls the UI's "Packs" `casesBet`; SBOT and SLOT2 post to separate
 * `cases/bet` and `packs/bet`); here `cases` is `casesBet` / `cases/bet` with
 * LOOKUP's `CasinoGameCases { difficulty }` state, `packs` is `packs/bet`.
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { one_of } from '../kernel/checks.js';
import { DIFFICULTIES, live_only, live_only_game, type Difficulty } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** Cases's checked input (beside amount, currency, identifier). */
export type CasesParams = { difficulty: Difficulty };

/** Cases's `state` as the site returns it (`CasinoGameCases`); fields a source names, each possibly absent. */
export type CasesState = {
  readonly difficulty?: Difficulty;
};

const paying = live_only('cases', 'no public source gives the table');

/** cases's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'cases', operation: 'CasesBet', field: 'casesBet', rest: { path: 'cases/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const cases: GameRules<CasesParams, never, CasesState> = {
  name: 'cases',
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
    describe: ({ difficulty }) => `cases, ${difficulty}`,
    outcome: (state) => `difficulty ${state.difficulty}`,
  },
};
