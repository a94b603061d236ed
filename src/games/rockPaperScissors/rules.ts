/**
 * Rock-paper-scissors: one throw per round, every throw in one request
 * (`guesses`; at most 20, the autoplay limit in Stake's text). No GraphQL
 * document, no pay table and no `state` shape in a public source: sent over
 * its REST route, played live only, its `state` read as the site sends it.
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { live_only, word_list, live_only_game } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** The throws (site-coverage.md §2.1: SBOT, SLOT2). */
export const RPS_GUESSES = ['rock', 'paper', 'scissors'] as const;
export type RpsGuess = (typeof RPS_GUESSES)[number];

/** Rock Paper Scissors's checked input (beside amount, currency, identifier). */
export type RockPaperScissorsParams = { guesses: RpsGuess[] };

/** Rock Paper Scissors's `state`: no public source captured its shape, so it is read as the site sends it. */
export type RockPaperScissorsState = Readonly<Record<string, unknown>>;

const paying = live_only('rockPaperScissors', 'no public source gives the table');

/** rockPaperScissors's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'rockPaperScissors', operation: null, field: 'rockPaperScissorsBet', rest: { path: 'rock-paper-scissors/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const rockPaperScissors: GameRules<RockPaperScissorsParams, never, RockPaperScissorsState> = {
  name: 'rockPaperScissors',
  outcome: null,
  inputs: [
    { name: 'guesses', takes: '1–20 of rock | paper | scissors', required: true },
  ],
  check: (input) => ({ guesses: word_list(input['guesses'], 'guesses', RPS_GUESSES, 1, 20) }),
  ...paying,
  transport: route.transport,
  cli: {
    options: [
      { flag: 'guesses', input: 'guesses', kind: 'word', help: 'rock, paper or scissors per round, comma-separated' },
    ],
    describe: ({ guesses }) => `rock-paper-scissors, ${guesses.join(',')}`,
    outcome: () => 'see the bet state',
  },
};
