/**
 * Roulette's chips and what each pays: a single-zero (European) wheel,
 * pockets 0–36. Straight up 36×; a row (column) or a dozen 3×; a colour, a
 * parity or a half 2×; every chip but `number0` loses on 0. Stated return
 * 97.3 % (36/37).
 *
 * Sources: shared/spec/games.md ("roulette (single-zero European,
 * straight 36×, row and dozen 3×, colour, parity and half 2×)"); the chip
 * values as the site spells them, site-coverage.md §2.2 (`number0`…`number36`,
 * `row1 row2 row3`, `colorRed colorBlack`, `parityEven parityOdd`,
 * `range0112 range1324 range2536 range0118 range1936`; BOT4, SBOT and two
 * more clients). Which pockets are red and which pockets make a row are
 * the European wheel's layout (red: 1 3 5 7 9 12 14 16 18 19 21 23 25 27 30
 * 32 34 36; row1 = 1, 4, … 34, row2 = 2, 5, … 35, row3 = 3, 6, … 36): no
 * source shows the site's row numbering, so row1 as the column starting at 1
 * is the layout's convention, not a fact read from the site.
 */

/** Where the rules come from, as `stakeql games` shows it. */
export const ROULETTE_TABLE_SOURCE = 'single-zero European roulette (straight 36×, row and dozen 3×, colour, parity and half 2×), as the project specification states it; chip values from poky1084/bot4stake web.js and poky1084/StakeBOT';

/** The red pockets of a European wheel. */
export const RED_POCKETS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** The chip lists of a bet, as the site's variables name them, with their values. */
export const ROULETTE_CHIPS = {
  colors: ['colorRed', 'colorBlack'],
  numbers: Array.from({ length: 37 }, (_, n) => `number${n}`),
  parities: ['parityEven', 'parityOdd'],
  ranges: ['range0112', 'range1324', 'range2536', 'range0118', 'range1936'],
  rows: ['row1', 'row2', 'row3'],
} as const;

/** A chip list's name. */
export type RouletteChipList = keyof typeof ROULETTE_CHIPS;

/** The multiplier a chip of `value` pays when the ball lands in `pocket` (0 when it loses). */
export function roulette_chip_pays(value: string, pocket: number): number {
  if (value.startsWith('number')) return Number(value.slice(6)) === pocket ? 36 : 0;
  if (pocket === 0) return 0;
  switch (value) {
    case 'colorRed': return RED_POCKETS.has(pocket) ? 2 : 0;
    case 'colorBlack': return RED_POCKETS.has(pocket) ? 0 : 2;
    case 'parityEven': return pocket % 2 === 0 ? 2 : 0;
    case 'parityOdd': return pocket % 2 === 1 ? 2 : 0;
    case 'range0112': return pocket <= 12 ? 3 : 0;
    case 'range1324': return pocket >= 13 && pocket <= 24 ? 3 : 0;
    case 'range2536': return pocket >= 25 ? 3 : 0;
    case 'range0118': return pocket <= 18 ? 2 : 0;
    case 'range1936': return pocket >= 19 ? 2 : 0;
    case 'row1': return pocket % 3 === 1 ? 3 : 0;
    case 'row2': return pocket % 3 === 2 ? 3 : 0;
    case 'row3': return pocket % 3 === 0 ? 3 : 0;
    default: throw new RangeError(`no roulette chip "${value}"`);
  }
}
