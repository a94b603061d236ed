/**
 * What each original pays, as the sandbox plays it and the simulator replays
 * it: one copy of the rules, so a simulation and a sandbox run of the same
 * seeds give the same bets, bet by bet. Multipliers are integers in
 * ten-thousandths; a payout is the amount's whole smallest units times the
 * multiplier, rounded down (the house keeps fractions of a unit).
 *
 * Dice, limbo and mines are the site's published rules (99 / chance; the
 * target; 0.99 × C(25, k) / C(25 − m, k), sources in src/games/<game>/sandbox.ts);
 * keno and plinko pay by the sandbox's own tables: the site's per-risk tables
 * are not in a source we trust.
 */

/** `CasinoGameDiceConditionEnum`. */
export type DiceCondition = 'above' | 'below';

/** Chance (percent) that a roll satisfies `condition` against `target`. */
export function dice_win_chance(target: number, condition: DiceCondition): number {
  return condition === 'above' ? 100 - target : target;
}

/** Whether a roll wins: strictly above / below the target (a tie loses). */
export function dice_wins(result: number, target: number, condition: DiceCondition): boolean {
  return condition === 'above' ? result > target : result < target;
}

/** A winning dice bet's multiplier: 99 / chance (1 % edge), in ten-thousandths. */
export function dice_multiplier(target: number, condition: DiceCondition): number {
  return Math.round((99 / dice_win_chance(target, condition)) * 10_000);
}

/** Whether a limbo round reaches the target. */
export function limbo_wins(result: number, multiplierTarget: number): boolean {
  return result >= multiplierTarget;
}

/** A winning limbo bet pays its target, in ten-thousandths (the edge is in the result's formula). */
export function limbo_multiplier(multiplierTarget: number): number {
  return Math.round(multiplierTarget * 10_000);
}

/** The sandbox's keno rule: `hits` of `picks` pays 3.96 × hits / picks (expected 0.99), in ten-thousandths. */
export function keno_multiplier(picks: number, hits: number): number {
  return Math.round(((3.96 * hits) / picks) * 10_000);
}

/** The sandbox's plinko rule: bucket b of n rows pays 0.99 × 2^n / ((n + 1) × C(n, b)), in ten-thousandths. */
export function plinko_multiplier(rows: number, bucket: number): number {
  let ways = 1;
  for (let i = 0; i < bucket; i++) ways = (ways * (rows - i)) / (i + 1);
  return Math.round(((0.99 * 2 ** rows) / ((rows + 1) * ways)) * 10_000);
}

/** Tiles of a mines board. */
export const MINES_TILES = 25;

/** The multiplier after `safe` safe tiles with `minesCount` mines: 0.99 × C(25, k) / C(25 − m, k), in ten-thousandths. */
export function mines_multiplier(minesCount: number, safe: number): number {
  let ratio = 1;
  for (let i = 0; i < safe; i++) ratio *= (MINES_TILES - i) / (MINES_TILES - minesCount - i);
  return Math.round(0.99 * ratio * 10_000);
}

/** `units × multiplier / 10 000`, rounded down, exact at any size. */
export function payout_units(units: number, multiplier: number): number {
  const product = units * multiplier;
  if (product <= Number.MAX_SAFE_INTEGER) return Math.floor(product / 10_000);
  return Number((BigInt(units) * BigInt(multiplier)) / 10_000n);
}
