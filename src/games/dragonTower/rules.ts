/**
 * Dragon Tower with every egg in one request (each level's egg, one row index per
 * level, as every public source sends it: no step-by-step document was found,
 * site-coverage.md §2.3). 9 levels; `size` tiles a row by difficulty (easy 4,
 * medium 3, hard 2, expert 3, master 4: Stake's fairness text, §2.4). The
 * multiplier ladder is in no public source: played live only.
 *
 * Sources of the inputs: site-coverage.md §2.1–2.2.
 */
import { one_of } from '../kernel/checks.js';
import { live_only, live_only_game } from '../kernel/live.js';
import type { GameRules } from '../kernel/rules.js';

/** `DragonTowerDifficultyEnum` (site-coverage.md §2.2: SBOT, Stake's text). */
export const DRAGON_TOWER_DIFFICULTIES = ['easy', 'medium', 'hard', 'expert', 'master'] as const;
export type DragonTowerDifficulty = (typeof DRAGON_TOWER_DIFFICULTIES)[number];
/** Tiles in a row, by difficulty (Stake's fairness text: eggs `count` of `size`). */
export const DRAGON_TOWER_ROW_SIZE: Readonly<Record<DragonTowerDifficulty, number>> = Object.freeze({ easy: 4, medium: 3, hard: 2, expert: 3, master: 4 });
/** Levels of the tower. */
export const DRAGON_TOWER_LEVELS = 9;

/** Checks `difficulty` and `eggs` (one tile index per level climbed, 1 to 9 levels, each below the row's size). */
export function check_dragon_tower(difficulty: unknown, eggs: unknown): { difficulty: DragonTowerDifficulty; eggs: number[] } {
  const d = one_of(difficulty, 'difficulty', DRAGON_TOWER_DIFFICULTIES);
  if (!Array.isArray(eggs)) throw new TypeError('eggs must be an array of tile indexes, one per level');
  if (eggs.length < 1 || eggs.length > DRAGON_TOWER_LEVELS) throw new RangeError(`eggs must hold 1 to ${DRAGON_TOWER_LEVELS} tile indexes, one per level (got ${eggs.length})`);
  const size = DRAGON_TOWER_ROW_SIZE[d];
  const out = (eggs as unknown[]).map((e) => {
    if (typeof e !== 'number' || !Number.isInteger(e)) throw new TypeError('eggs must hold integers only');
    if (e < 0 || e >= size) throw new RangeError(`eggs must hold tile indexes 0 to ${size - 1} on difficulty ${d} (got ${e})`);
    return e;
  });
  return { difficulty: d, eggs: out };
}

/** Dragon Tower's checked input (beside amount, currency, identifier). */
export type DragonTowerParams = { difficulty: DragonTowerDifficulty; eggs: number[] };

/** Dragon Tower's `state` as the site returns it (`CasinoGameDragonTower`); fields a source names, each possibly absent. */
export type DragonTowerState = {
  readonly currentRound?: number;
  readonly playedRounds?: number;
  readonly difficulty?: DragonTowerDifficulty;
  readonly rounds?: readonly (readonly number[])[];
  readonly tilesSelected?: readonly number[];
};

const paying = live_only('dragonTower', 'no public source gives the table');

/** dragonTower's route and answer key, stated once (site.ts and sandbox.ts read them). */
export const route = live_only_game({ name: 'dragonTower', operation: 'DragonTowerBet', field: 'dragonTowerBet', rest: { path: 'dragon-tower/bet', source: 'site-coverage.md §2.1 (SBOT BotEngine.cs, SLOT2)' } });

export const dragonTower: GameRules<DragonTowerParams, never, DragonTowerState> = {
  name: 'dragonTower',
  outcome: null,
  inputs: [
    { name: 'difficulty', takes: DRAGON_TOWER_DIFFICULTIES.join(' | '), required: true },
    { name: 'eggs', takes: '1–9 tile indexes, one per level, each below the row size (easy 4, medium 3, hard 2, expert 3, master 4)', required: true },
  ],
  check: (input) => check_dragon_tower(input['difficulty'], input['eggs']),
  ...paying,
  transport: route.transport,
  cli: {
    options: [
      { flag: 'difficulty', input: 'difficulty', kind: 'word', help: 'easy, medium, hard, expert or master' },
      { flag: 'eggs', input: 'eggs', kind: 'list', help: 'one tile index per level, comma-separated (1 to 9 levels)' },
    ],
    describe: ({ difficulty, eggs }) => `dragon tower ${difficulty}, eggs ${eggs.join(',')}`,
    outcome: (state) => `${state.playedRounds ?? '?'} level(s) played`,
  },
};
