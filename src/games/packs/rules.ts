/**
 * Packs: five cards drawn from a 240-card table shown in the game's footer
 * (Stake's text); the table is in no public source: played live only. The
 * REST route only (the GraphQL `CasesBet` SLOT labels "Packs" is `cases`
 * here, site-coverage.md §5.6).
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { live_only, live_only_game } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** Packs's checked input (beside amount, currency, identifier). */
export type PacksParams = Record<string, never>;

/** Packs's `state` as the site returns it (`CasinoGamePacks`); fields a source names, each possibly absent. */
export type PacksState = {
  readonly cards?: readonly { readonly id: string; readonly isNew: boolean; readonly multiplier: number }[];
  readonly cardsCollected?: number;
};

const paying = live_only('packs', 'no public source gives the table');

/** packs's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'packs', operation: null, field: 'packsBet', rest: { path: 'packs/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const packs: GameRules<PacksParams, never, PacksState> = {
  name: 'packs',
  outcome: null,
  inputs: [],
  check: () => ({}),
  ...paying,
  transport: route.transport,
  cli: {
    options: [],
    describe: () => 'packs, one pack',
    outcome: (state) => `${(state.cards ?? []).length} card(s)`,
  },
};
