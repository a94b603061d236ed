/**
 * Keno: 40 squares (0–39, as the site sends and returns them), 1 to 10
 * distinct picks, 10 squares drawn (site: provably-fair/game-events, "Keno";
 * bot2love notes: "numbers: Selected numbers (0-39)").
 *
 * The payout is the site's table (rules.ts, table.ts), the same the
 * simulator pays by.
 */
import { keno_multiplier } from './rules.js';
import type { SandboxGame } from '../../sandbox/game-port.js';
import { SiteRefusal, checkRange } from '../../sandbox/refusals.js';
import { KENO_RISKS, type KenoRisk } from './rules.js';

export const KENO_SQUARES = 40;
export const MAX_KENO_PICKS = 10;

/** Refuses picks that are not 1–10 distinct squares 0–39. */
export function checkKenoNumbers(numbers: readonly number[]): void {
  checkRange('numbers', numbers.length, 1, MAX_KENO_PICKS);
  const seen = new Set<number>();
  for (const n of numbers) {
    checkRange('numbers', n, 0, KENO_SQUARES - 1);
    if (seen.has(n)) throw new SiteRefusal('invalidArgument', `Square ${n} is picked twice.`);
    seen.add(n);
  }
}

/** The site's keno multiplier by risk, picks and hits, in ten-thousandths. */
export const kenoMultiplier = keno_multiplier;

/** Keno in the sandbox's schema; `kenoBet` refuses picks that are not 1–10 distinct squares. */
export const sandbox: SandboxGame = {
  name: 'keno',
  // REST route: operations.md §2 (SBOT BotEngine.cs, MJE docs/api/game-endpoints.md).
  rest: { path: 'keno/bet', field: 'kenoBet' },
  title: 'Keno',
  typename: 'CasinoGameKeno',
  sdl: `enum CasinoGameKenoRiskEnum { ${KENO_RISKS.join(' ')} }
  type CasinoGameKeno { drawnNumbers: [Int!]! selectedNumbers: [Int!]! risk: CasinoGameKenoRiskEnum! }`,
  mutations: 'kenoBet(amount: Float!, currency: CurrencyEnum!, numbers: [Int!]!, risk: CasinoGameKenoRiskEnum, identifier: String!): CasinoBet!',
  check: (args) => {
    const numbers = [...(args['numbers'] as readonly number[])];
    checkKenoNumbers(numbers);
    const risk = args['risk'] as KenoRisk | null | undefined;
    return risk === null || risk === undefined ? { numbers } : { numbers, risk };
  },
};
