/**
 * Pump: the 25 pumps are drawn without replacement, one float each
 * (⌊float × remaining⌋ of the pumps left, in order); the first M drawn pop,
 * M = 1, 3, 5, 10 for easy, medium, hard, expert. The balloon survives
 * min(first pop − 1, 25 − M) pumps. The site does not describe Pump on its
 * game-events page; this is the translation public replay tools use
 * (MJE43/stake-pf-replay-go, backend/internal/games/pump.go). UNCONFIRMED by
 * the site: the one vector (serverSeed 564e967b…e681ca, clientSeed
 * zXv1upuFns, nonce 5663, expert → 11200.65×, the 12-pump multiplier) is
 * that project's own "golden test vector" (its PRD.md, §1.3), which does not
 * say where it came from; no public source we found shows the site's
 * calculation page for Pump.
 */
import { draw_without_replacement } from '../kernel/draw.js';
import { enum_param, type GameDefinition } from '../kernel/definition.js';

export type PumpDifficulty = 'easy' | 'medium' | 'hard' | 'expert';
export const PUMP_DIFFICULTIES: readonly PumpDifficulty[] = ['easy', 'medium', 'hard', 'expert'];

/** How many of the 25 pumps pop, per difficulty. */
export const PUMP_POPS: Readonly<Record<PumpDifficulty, number>> = { easy: 1, medium: 3, hard: 5, expert: 10 };

/** The difficulty of a Pump round. */
export interface PumpParams {
  difficulty: PumpDifficulty;
}

/**
 * Where the balloon pops: `pops` are the popping pumps (1–25, in draw order);
 * `safe_pumps` how many pumps it survives (the payout table is not sourced,
 * so no multiplier is computed).
 */
export interface PumpOutcome {
  pops: number[];
  safe_pumps: number;
}

export const pump: GameDefinition<PumpParams, PumpOutcome> = {
  name: 'pump',
  source: 'https://github.com/MJE43/stake-pf-replay-go (backend/internal/games/pump.go)',
  formula: 'pump_i = remaining[floor(float_i × (25 − i))] (1–25); pops = first M (easy 1, medium 3, hard 5, expert 10); safe_pumps = min(min(pops) − 1, 25 − M)',
  // The bet history selects `difficulty` as `pump_difficulty` (site.ts: other games' `difficulty` has other types).
  params: (input) => ({ difficulty: enum_param({ difficulty: input['difficulty'] ?? input['pump_difficulty'] }, 'difficulty', PUMP_DIFFICULTIES) }),
  float_count: ({ difficulty }) => PUMP_POPS[difficulty],
  translate: (floats, { difficulty }) => {
    const m = PUMP_POPS[difficulty];
    const pops = draw_without_replacement(floats, 25).slice(0, m).map((i) => i + 1);
    // eslint-disable-next-line no-restricted-syntax -- bounded: at most 24 pops
    return { pops, safe_pumps: Math.min(Math.min(...pops) - 1, 25 - m) };
  },
};
