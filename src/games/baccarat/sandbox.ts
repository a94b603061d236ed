/**
 * Baccarat in the sandbox: `baccaratBet` with the three stakes and no
 * `amount` (site.ts), six cards from the user's seeds, settled by rules.ts,
 * the same `settle` the simulator pays by. The stake is the three sides'
 * total (returned as `amount` for Casino.play).
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { SiteRefusal } from '../../sandbox/refusals.js';
import { BACCARAT_SIDES, check_baccarat } from './rules.js';

/** Baccarat in the sandbox's schema; `baccaratBet` refuses a bet with no side staked or a negative stake. */
export const sandbox: SandboxGame = {
  name: 'baccarat',
  // REST route: site-coverage.md §2.1 (SBOT: `baccarat/bet` with currency, identifier, tie, player, banker).
  rest: { path: 'baccarat/bet', field: 'baccaratBet' },
  title: 'Baccarat',
  typename: 'CasinoGameBaccarat',
  sdl: `enum CasinoGameBaccaratResultEnum { ${BACCARAT_SIDES.join(' ')} }
  type CasinoGameBaccaratCard { rank: String! suit: String! }
  type CasinoGameBaccarat { playerCards: [CasinoGameBaccaratCard!]! bankerCards: [CasinoGameBaccaratCard!]! tie: Float! player: Float! banker: Float! result: CasinoGameBaccaratResultEnum! }`,
  mutations: 'baccaratBet(tie: Float, player: Float, banker: Float, currency: CurrencyEnum!, identifier: String!): CasinoBet!',
  check: (args) => {
    let stakes;
    try {
      stakes = check_baccarat(args);
    } catch (error) {
      throw new SiteRefusal('invalidArgument', (error as Error).message);
    }
    return { ...stakes, amount: stakes.player + stakes.banker + stakes.tie };
  },
};
