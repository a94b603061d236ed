/**
 * Slots (the site's `slotsBet`, REST `slots/bet`): `lines` paylines (1–20,
 * SLOT2). The reels' table is in no public source: played live only. Tome of
 * Life (src/games/slotsTomeOfLife) shares this `state` type; Blue Samurai has
 * rounds (`slotsSamuraiNext`) and is not a one-request game.
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { int_in, live_only, live_only_game } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** Slots's checked input (beside amount, currency, identifier). */
export type SlotsParams = { lines: number };

/** One spin of a slots bet. */
export type SlotsRound = {
  readonly offsets?: readonly number[];
  readonly paylines?: readonly { readonly payline: number; readonly hits: readonly number[]; readonly multiplier: number; readonly symbol: string }[];
  readonly scatterMultiplier?: number;
  readonly roundMultiplier?: number;
  readonly totalMultiplier?: number;
  readonly bonusRemaining?: number;
  readonly bonusTotal?: number;
};

/** Slots's `state` as the site returns it (`CasinoGameSlots`); fields a source names, each possibly absent. */
export type SlotsState = {
  readonly lines?: number;
  readonly rounds?: readonly SlotsRound[];
};

const paying = live_only('slots', 'no public source gives the table');

/** slots's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'slots', operation: 'slotBet', field: 'slotsBet', rest: { path: 'slots/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const slots: GameRules<SlotsParams, never, SlotsState> = {
  name: 'slots',
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
    describe: ({ lines }) => `slots, ${lines} line(s)`,
    outcome: (state) => `${(state.rounds ?? []).length} round(s)`,
  },
};
