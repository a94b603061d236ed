/**
 * Diamonds: five gems dealt from the seeds (src/games/diamonds/outcome.ts, the site's
 * game-events page); the hand → payout table is in no public source
 * (site-coverage.md §2.4), so it is played live only.
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { live_only, live_only_game } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';
import { diamonds as outcome, GEMS, type DiamondsOutcome } from './outcome.js';
import { differ, missing } from '../kernel/compare.js';

/** Diamonds's checked input (beside amount, currency, identifier). */
export type DiamondsParams = Record<string, never>;

/** Diamonds's `state` as the site returns it (`CasinoGameDiamonds`); fields a source names, each possibly absent. */
export type DiamondsState = {
  readonly hand?: readonly string[];
};

const paying = live_only('diamonds', 'no public source gives the table');

/** diamonds's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'diamonds', operation: 'DiamondsBet', field: 'diamondsBet', rest: { path: 'diamonds/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const diamonds: GameRules<DiamondsParams, DiamondsOutcome, DiamondsState> = {
  name: 'diamonds',
  outcome: outcome,
  inputs: [],
  check: () => ({}),
  ...paying,
  // The sixth gem's name differs between sources ("orange" in src/fairness, "pink" in another): compared by position in GEMS, that one gem by either name.
  compare: (want, state) => {
    const hand = state?.['hand'];
    if (!Array.isArray(hand) || !hand.every((g) => typeof g === 'string')) return missing('hand');
    const index = (gem: string): number => (gem.toLowerCase() === 'pink' ? GEMS.indexOf('orange') : (GEMS as readonly string[]).indexOf(gem.toLowerCase()));
    const same = hand.length === want.gems.length && hand.every((g, i) => index(g) === GEMS.indexOf(want.gems[i] as (typeof GEMS)[number]));
    return differ(same, { hand }, 'hand');
  },
  transport: route.transport,
  cli: {
    options: [],
    describe: () => 'diamonds, five gems',
    outcome: (state) => `hand ${(state.hand ?? []).join(' ')}`,
  },
};
