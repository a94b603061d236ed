/**
 * Pump, apart from the network, played in one request: `difficulty` (easy,
 * medium, hard, expert: 1, 3, 5 or 10 of the 25 pumps pop) and `round`, the
 * pumps to take before cashing out (1 … 25 − pops). The balloon survives
 * `safe_pumps` pumps (outcome.ts); a bet whose `round` is at most that pays
 * the ladder's entry for `round` (table.ts, with its source), else nothing.
 *
 * Sources: site-coverage.md §2.1 (`PumpBet(… $difficulty:
 * CasinoGamePumpDifficultyEnum!, … $round: Int!)`, "`round` = pumps before
 * auto-cashout"; PUMPJS, SLOT2, SBOT) and §2.4 (the ladders, one source). The
 * site's own page on Pump's translation is not public (outcome.ts says so).
 *
 * Our choice where the sources are silent: the `state` carries the `round`
 * sent and the `payoutMultiplier` paid (0 when the balloon popped first).
 */
import { one_of, odds_words } from '../kernel/checks.js';
import { differ, missing, number_field } from '../kernel/compare.js';
import { scaled } from '../kernel/payout.js';
import type { GameRules, Scannable } from '../kernel/rules.js';
import { PUMP_DIFFICULTIES, PUMP_POPS, pump as outcome, type PumpDifficulty, type PumpOutcome } from './outcome.js';
import { PUMP_TABLE_SOURCE, PUMP_TABLES } from './table.js';

export { PUMP_DIFFICULTIES, PUMP_POPS, type PumpDifficulty };

/** The positions of the balloon's pump. */
export const PUMP_POSITIONS = 25;

/** A pump bet's inputs. */
export interface PumpBetParams {
  difficulty: PumpDifficulty;
  round: number;
}

/** The site's `CasinoGamePump` state. */
export type PumpBetState = { difficulty: PumpDifficulty; round: number; payoutMultiplier: number };

/** The most pumps a bet may ask for at `difficulty`: every safe one. */
export function pump_max_round(difficulty: PumpDifficulty): number {
  return PUMP_POSITIONS - PUMP_POPS[difficulty];
}

/** The ladder's multiplier for cashing out after `round` pumps (not scaled). */
export function pump_ladder(difficulty: PumpDifficulty, round: number): number {
  const multiplier = PUMP_TABLES[difficulty][round];
  if (multiplier === undefined) throw new RangeError(`round: no pump ladder entry for ${round} pumps at ${difficulty}`);
  return multiplier;
}

/** Checks pump `difficulty` and `round`. */
export function check_pump(difficulty: unknown, round: unknown): PumpBetParams {
  const d = one_of(difficulty, 'difficulty', PUMP_DIFFICULTIES);
  if (typeof round !== 'number' || !Number.isInteger(round)) throw new TypeError('round must be an integer');
  const max = pump_max_round(d);
  if (round < 1 || round > max) throw new RangeError(`round must be 1 to ${max} at difficulty ${d} (got ${round})`);
  return { difficulty: d, round };
}

/** The chance that the first `round` pumps are all safe: C(25 − pops, round) / C(25, round). */
export function pump_win_chance(difficulty: PumpDifficulty, round: number): number {
  let chance = 1;
  for (let i = 0; i < round; i++) chance *= (pump_max_round(difficulty) - i) / (PUMP_POSITIONS - i);
  return chance;
}

export const pump: GameRules<PumpBetParams, PumpOutcome, PumpBetState> & Scannable = {
  name: 'pump',
  outcome,
  inputs: [
    { name: 'difficulty', takes: PUMP_DIFFICULTIES.join(' | '), required: true },
    { name: 'round', takes: '1 … 25 − pops (easy 24, medium 22, hard 20, expert 15)', required: true },
  ],
  check: (input) => check_pump(input['difficulty'], input['round']),
  outcome_params: ({ difficulty }) => ({ difficulty }),
  compare: (want, state) => {
    // What the bet paid follows from the pumps survived and the round asked for; the state has no pop point (GraphQL).
    const round = number_field(state, 'round');
    const paid = number_field(state, 'payoutMultiplier');
    const difficulty = state?.['difficulty'] ?? state?.['pump_difficulty'];
    if (round === null || paid === null || !(PUMP_DIFFICULTIES as readonly unknown[]).includes(difficulty)) return missing('round, payoutMultiplier and difficulty');
    const expected = round <= want.safe_pumps ? (PUMP_TABLES[difficulty as PumpDifficulty][round] ?? Number.NaN) : 0;
    return differ(paid === expected, { round, payoutMultiplier: paid }, `payoutMultiplier (${want.safe_pumps} pumps survived)`);
  },
  settle: ({ safe_pumps }, { difficulty, round }) => {
    const paid = round <= safe_pumps ? pump_ladder(difficulty, round) : 0;
    return { multiplier: scaled(paid), state: { difficulty, round, payoutMultiplier: paid } };
  },
  rtp: 0.98,
  pay: { rule: 'the ladder by difficulty and round when the balloon survives round pumps (src/games/pump/table.ts)', source: PUMP_TABLE_SOURCE, table: true },
  offline: { sandbox: true, simulator: true },
  transport: { operation: 'PumpBet', field: 'pumpBet' },
  scan: {
    result: 'the pumps survived, 0–24 (params: difficulty)',
    single: null,
    value: (floats, params) => outcome.translate(floats, params as never).safe_pumps,
    params: ['difficulty'],
  },
  cli: {
    options: [
      { flag: 'difficulty', input: 'difficulty', kind: 'word', help: 'easy, medium, hard or expert (1, 3, 5 or 10 of 25 pumps pop)' },
      { flag: 'round', input: 'round', kind: 'number', help: 'the pumps to take before cashing out (1-24 easy, 1-22 medium, 1-20 hard, 1-15 expert)' },
    ],
    describe: ({ difficulty, round }) => `pump, ${difficulty}, cash out after ${round} pump${round === 1 ? '' : 's'}`,
    odds: ({ difficulty, round }) => odds_words(pump_win_chance(difficulty, round) * 100, pump_ladder(difficulty, round)),
    outcome: (state) => (state.payoutMultiplier > 0 ? `survived ${state.round} pumps, ×${state.payoutMultiplier}` : `popped before pump ${state.round}`),
  },
};
