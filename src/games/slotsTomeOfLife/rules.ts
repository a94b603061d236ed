/**
 * Tome of Life (the site's `slotsTomeOfLifeBet`, REST `slots-tome-of-life/bet`):
 * the slots game of src/games/slots with its own document and route, the same
 * `lines` (1–20, SLOT2) and `state` type (`CasinoGameSlots`). The reels'
 * table is in no public source: played live only.
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { int_in, live_only, live_only_game } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';
import type { SlotsParams, SlotsState } from '../slots/rules.js';

const paying = live_only('slotsTomeOfLife', 'no public source gives the table');

/** slotsTomeOfLife's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'slotsTomeOfLife', operation: 'TomeOfLifeBet', field: 'slotsTomeOfLifeBet', rest: { path: 'slots-tome-of-life/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const slotsTomeOfLife: GameRules<SlotsParams, never, SlotsState> = {
  name: 'slotsTomeOfLife',
  outcome: null,
  inputs: [
    { name: 'lines', takes: '1–20', required: true },
  ],
  check: (input) => ({ lines: int_in(input['lines'], 'lines', 1, 20) }),
  ...paying,
  transport: route.transport,
  cli: {
    options: [
      { flag: 'lines', input: 'lines', kind: 'number', help: 'paylines, 1-20' },
    ],
    describe: ({ lines }) => `tome of life, ${lines} line(s)`,
    outcome: (state) => `${(state.rounds ?? []).length} round(s)`,
  },
};
