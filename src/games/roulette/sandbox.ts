/**
 * Roulette in the sandbox: `rouletteBet` with the site's chip lists and no
 * `amount` (site.ts), the pocket drawn from the user's seeds (outcome.ts),
 * each chip paid by table.ts, the same `settle` the simulator pays by. The
 * stake is the chips' total (returned as `amount` for Casino.play).
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { SiteRefusal } from '../../sandbox/refusals.js';
import { ROULETTE_CHIPS, check_roulette, roulette_stake } from './rules.js';

const chip_input = (name: string) => `input ${name} { value: ${name}ValueEnum! amount: Float! }`;
const TYPES = { colors: 'RouletteBetColorsInput', numbers: 'RouletteBetNumbersInput', parities: 'RouletteBetParitiesInput', ranges: 'RouletteBetRangesInput', rows: 'RouletteBetRowsInput' } as const;

/** Roulette in the sandbox's schema; `rouletteBet` refuses a spin without chips or with a chip twice. */
export const sandbox: SandboxGame = {
  name: 'roulette',
  // REST route: site-coverage.md §2.1 (SBOT: `roulette/bet` with the same five chip arrays).
  rest: { path: 'roulette/bet', field: 'rouletteBet' },
  title: 'Roulette',
  typename: 'CasinoGameRoulette',
  sdl: `${Object.entries(TYPES).map(([list, name]) => `enum ${name}ValueEnum { ${ROULETTE_CHIPS[list as keyof typeof TYPES].join(' ')} }
  ${chip_input(name)}`).join('\n  ')}
  type CasinoGameRouletteChip { value: String! amount: Float! }
  type CasinoGameRoulette { result: Int! colors: [CasinoGameRouletteChip!] numbers: [CasinoGameRouletteChip!] parities: [CasinoGameRouletteChip!] ranges: [CasinoGameRouletteChip!] rows: [CasinoGameRouletteChip!] }`,
  mutations: `rouletteBet(currency: CurrencyEnum!, ${Object.entries(TYPES).map(([list, name]) => `${list}: [${name}!]`).join(', ')}, identifier: String!): CasinoBet!`,
  check: (args) => {
    let params;
    try {
      params = check_roulette(args);
    } catch (error) {
      throw new SiteRefusal('invalidArgument', (error as Error).message);
    }
    return { ...params, amount: roulette_stake(params) };
  },
};
