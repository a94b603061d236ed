/**
 * Plinko: 8 to 16 rows, one step per row, the bucket is the number of steps
 * to the right (site: provably-fair/game-events, "Plinko").
 *
 * The payout is the site's table (rules.ts, table.ts), the same the
 * simulator pays by; risk `expert`, whose table is not public, is refused.
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { PLINKO_RISKS, plinko_multiplier, plinko_unpayable, type PlinkoRisk } from './rules.js';
import { SiteRefusal, checkRange } from '../../sandbox/refusals.js';

export const MIN_PLINKO_ROWS = 8;
export const MAX_PLINKO_ROWS = 16;

/** Refuses rows outside 8–16. */
export function checkPlinkoRows(rows: number): void {
  checkRange('rows', rows, MIN_PLINKO_ROWS, MAX_PLINKO_ROWS);
}

/** Refuses a risk whose table is not public (`expert`) before anything is debited. */
export function checkPlinkoRisk(risk: PlinkoRisk): void {
  const why = plinko_unpayable(risk);
  if (why !== null) throw new SiteRefusal('invalidArgument', `The sandbox cannot play ${why}.`);
}

/** The site's plinko multiplier by risk, rows and bucket, in ten-thousandths. */
export const plinkoMultiplier = plinko_multiplier;

/** Plinko in the sandbox's schema; `plinkoBet` refuses rows out of range and a risk without a public table. */
export const sandbox: SandboxGame = {
  name: 'plinko',
  title: 'Plinko',
  typename: 'CasinoGamePlinko',
  sdl: `enum CasinoGamePlinkoRiskEnum { ${PLINKO_RISKS.join(' ')} }
  type CasinoGamePlinko { risk: CasinoGamePlinkoRiskEnum! rows: Int! point: Float! path: [String!]! }`,
  mutations: 'plinkoBet(amount: Float!, currency: CurrencyEnum!, risk: CasinoGamePlinkoRiskEnum!, rows: Int!, identifier: String!): CasinoBet!',
  check: (args) => {
    const rows = args['rows'] as number;
    const risk = args['risk'] as PlinkoRisk;
    checkPlinkoRows(rows);
    checkPlinkoRisk(risk);
    return { rows, risk };
  },
};
