/**
 * Keno: 40 squares (0–39, as the site sends and returns them), 1 to 10
 * distinct picks, 10 squares drawn (site: provably-fair/game-events, "Keno";
 * bot2love notes: "numbers: Selected numbers (0-39)").
 *
 * The payout is the SANDBOX's rule, not the site's table (the site's
 * per-risk tables are not in a source we trust): `hits` of `picks` pays
 * 3.96 × hits / picks, whatever the risk. Expected hits are picks / 4, so
 * the expected multiplier is 0.99, the site's edge.
 */
import { keno_multiplier } from './rules.js';
import { SiteRefusal, checkRange } from '../../sandbox/refusals.js';

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

/** The sandbox's keno multiplier in ten-thousandths. */
export const kenoMultiplier = keno_multiplier;
