/**
 * Moles: `molesCount` moles and the holes picked. No GraphQL document and no
 * pay table in a public source: sent over its REST route, played live only.
 *
 * One source for the route (site-coverage.md §2.1, §5 item 7): SBOT
 * BotEngine.cs posts `moles/autobet` with `{molesCount: int, picks: [int]}`;
 * LOOKUP names the state type `CasinoGameMoles { molesCount }`. No source
 * states a range: `molesCount` an integer 1 to 100 and `picks` 1 to 100
 * integers 0–99 are our bounds (the site refuses what it does not take). A
 * pick may repeat: evilbot's README bets `moles = 6, picks = [0,1,1,1,2,6]`
 * and its `molesBet` posts the list as it is (`poky1084/evilbot:index.js`
 * l. 12911), so a public client sends repeats.
 */
import { int_list } from '../kernel/checks.js';
import { int_in, live_only, live_only_game } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** Moles's checked input (beside amount, currency, identifier). */
export type MolesParams = { molesCount: number; picks: number[] };

/** Moles's `state` as the site returns it (`CasinoGameMoles`); fields a source names, each possibly absent. */
export type MolesState = {
  readonly molesCount?: number;
  /** SBOT reads it from the answer; not in the history selection (LOOKUP names only `molesCount`). */
  readonly currentRound?: number;
};

const paying = live_only('moles', 'no public source gives the table; the route rests on one source (SBOT)');

/** moles's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'moles', operation: null, field: 'molesAutobet', rest: { path: 'moles/autobet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, the one source)' } });

export const moles: GameRules<MolesParams, never, MolesState> = {
  name: 'moles',
  outcome: null,
  inputs: [
    { name: 'molesCount', takes: 'an integer 1–100 (our bound; one source, SBOT)', required: true },
    { name: 'picks', takes: '1–100 integers 0–99, repeats allowed (our bound; evilbot sends repeats)', required: true },
  ],
  check: (input) => ({ molesCount: int_in(input['molesCount'], 'molesCount', 1, 100), picks: int_list(input['picks'], 'picks', 100, 1, 100) }),
  ...paying,
  transport: route.transport,
  cli: {
    options: [
      { flag: 'moles-count', input: 'molesCount', kind: 'number', help: 'how many moles (1-100, our bound)' },
      { flag: 'picks', input: 'picks', kind: 'list', help: 'the holes picked, comma-separated' },
    ],
    describe: ({ molesCount, picks }) => `moles, ${molesCount} moles, picks ${picks.join(',')}`,
    outcome: (state) => `round ${state.currentRound ?? '?'}`,
  },
};
