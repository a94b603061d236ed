/**
 * Wheel in the sandbox: `wheelSpin` with the site's variables (site.ts), the
 * segment drawn from the user's seeds (outcome.ts) and paid by the site's
 * table (table.ts), the same `settle` the simulator pays by.
 */
import type { SandboxGame } from '../../sandbox/game-port.js';
import { SiteRefusal } from '../../sandbox/refusals.js';
import { WHEEL_RISKS, WHEEL_SEGMENTS, type WheelRisk } from './rules.js';

/** Wheel in the sandbox's schema; `wheelSpin` refuses a segment count the site does not offer. */
export const sandbox: SandboxGame = {
  name: 'wheel',
  // REST route: site-coverage.md §2.1 (SBOT, REST `wheel/spin` with the variables of WheelSpin).
  rest: { path: 'wheel/spin', field: 'wheelSpin' },
  title: 'Wheel',
  typename: 'CasinoGameWheel',
  sdl: `enum CasinoGameWheelRiskEnum { ${WHEEL_RISKS.join(' ')} }
  type CasinoGameWheel { result: Int! segments: Int! risk: CasinoGameWheelRiskEnum! }`,
  mutations: 'wheelSpin(amount: Float!, currency: CurrencyEnum!, risk: CasinoGameWheelRiskEnum!, segments: Int!, identifier: String!): CasinoBet!',
  check: (args) => {
    const segments = args['segments'] as number;
    if (!(WHEEL_SEGMENTS as readonly number[]).includes(segments)) {
      throw new SiteRefusal('invalidArgument', `A wheel has ${WHEEL_SEGMENTS.join(', ')} segments.`);
    }
    return { segments, risk: args['risk'] as WheelRisk };
  },
};
