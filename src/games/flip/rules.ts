/**
 * Flip: a coin called once per round, every call in one request (`guesses`).
 * No pay table or provably-fair translation in a public source: played live
 * only. At most 20 guesses is our bound (no source gives the site's; the
 * site refuses what it does not take).
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { live_only, word_list, live_only_game } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** `FlipConditionEnum` (site-coverage.md §2.2: SBOT, SLOT2). */
export const FLIP_CONDITIONS = ['heads', 'tails'] as const;
export type FlipCondition = (typeof FLIP_CONDITIONS)[number];
/** Most guesses one bet takes: our bound (no source gives the site's). */
export const FLIP_MAX_GUESSES = 20;

/** Flip's checked input (beside amount, currency, identifier). */
export type FlipParams = { guesses: FlipCondition[] };

/** Flip's `state` as the site returns it (`CasinoGameFlip`); fields a source names, each possibly absent. */
export type FlipState = {
  readonly currentRound?: number;
  readonly payoutMultiplier?: number;
  readonly playedRounds?: number;
  readonly flips?: readonly FlipCondition[];
};

const paying = live_only('flip', 'no public source gives the table');

/** flip's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'flip', operation: 'FlipBet', field: 'flipBet' });

export const flip: GameRules<FlipParams, never, FlipState> = {
  name: 'flip',
  outcome: null,
  inputs: [
    { name: 'guesses', takes: `1–${FLIP_MAX_GUESSES} of heads | tails`, required: true },
  ],
  check: (input) => ({ guesses: word_list(input['guesses'], 'guesses', FLIP_CONDITIONS, 1, FLIP_MAX_GUESSES) }),
  ...paying,
  transport: route.transport,
  cli: {
    options: [
      { flag: 'guesses', input: 'guesses', kind: 'word', help: 'heads or tails per round, comma-separated (heads,tails,heads)' },
    ],
    describe: ({ guesses }) => `flip, calls ${guesses.join(',')}`,
    outcome: (state) => `flips ${(state.flips ?? []).join(',')}`,
  },
};
