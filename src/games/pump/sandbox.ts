/**
 * Pump in the sandbox: `pumpBet` with the site's variables (site.ts), the
 * pumps survived drawn from the user's seeds (outcome.ts) and paid by the
 * ladder (table.ts), the same `settle` the simulator pays by.
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { checkRange } from '../../sandbox/refusals.js';
import { PUMP_DIFFICULTIES, pump_max_round, type PumpDifficulty } from './rules.js';

/** Pump in the sandbox's schema; `pumpBet` refuses a `round` past the last safe pump. */
export const sandbox: SandboxGame = {
  name: 'pump',
  // REST route: site-coverage.md §2.1 (SBOT, SLOT2: `pump/bet` with round and difficulty).
  rest: { path: 'pump/bet', field: 'pumpBet' },
  title: 'Pump',
  typename: 'CasinoGamePump',
  sdl: `enum CasinoGamePumpDifficultyEnum { ${PUMP_DIFFICULTIES.join(' ')} }
  type CasinoGamePump { difficulty: CasinoGamePumpDifficultyEnum! payoutMultiplier: Float! round: Int! }`,
  mutations: 'pumpBet(amount: Float!, difficulty: CasinoGamePumpDifficultyEnum!, currency: CurrencyEnum!, identifier: String, round: Int!): CasinoBet!',
  check: (args) => {
    const difficulty = args['difficulty'] as PumpDifficulty;
    const round = args['round'] as number;
    checkRange('round', round, 1, pump_max_round(difficulty));
    return { difficulty, round };
  },
};
