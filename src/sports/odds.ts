/**
 * Odds for display. The site sends decimal odds only (no source sends a
 * format argument, site-coverage.md §1.2); fractional and American forms
 * are computed here and never sent.
 */
import { check_number } from '../games/kernel/number.js';

/** How to show odds. */
export type OddsFormat = 'decimal' | 'fractional' | 'american';

/** `num/den` closest to `value` with a denominator up to 100 (continued fractions; at most a few dozen steps). */
function fraction(value: number): [number, number] {
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let x = value;
  for (let i = 0; i < 32; i++) {
    const a = Math.floor(x);
    const [h2, k2] = [a * h1 + h0, a * k1 + k0];
    if (k2 > 100) break;
    [h0, h1, k0, k1] = [h1, h2, k1, k2];
    if (Math.abs(x - a) < 1e-9) break;
    x = 1 / (x - a);
  }
  return [h1, k1];
}

/**
 * Decimal odds as text: `decimal` with two decimals (2.50), `fractional` as
 * the profit ratio (3/2), `american` as +150 / -200.
 * @throws TypeError / RangeError for odds that are not a finite number above 1, or an unknown format.
 */
export function format_odds(odds: number, format: OddsFormat = 'decimal'): string {
  check_number(odds, 'odds', { above: 1, words: 'must be decimal odds above 1', got: 'paren' });
  switch (format) {
    case 'decimal':
      return odds.toFixed(2);
    case 'fractional': {
      const [num, den] = fraction(odds - 1);
      return `${num}/${den}`;
    }
    case 'american':
      return odds >= 2 ? `+${Math.round((odds - 1) * 100)}` : `-${Math.round(100 / (odds - 1))}`;
    default:
      throw new RangeError('format must be "decimal", "fractional" or "american"');
  }
}
