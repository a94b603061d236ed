/**
 * Money arithmetic every game's settle rule shares. Multipliers are integers
 * in ten-thousandths; a payout is the amount's whole smallest units times the
 * multiplier, rounded down (the house keeps fractions of a unit). The sandbox
 * and the simulator both pay through this, so a simulation and a sandbox run
 * of the same seeds give the same bets, bet by bet.
 */

/** Ten-thousandths: a multiplier of 1.5 is 15 000. */
export const MULTIPLIER_SCALE = 10_000;

/** `multiplier` (a decimal such as 3.96) in ten-thousandths. */
export function scaled(multiplier: number): number {
  return Math.round(multiplier * MULTIPLIER_SCALE);
}

/** `units × multiplier / 10 000`, rounded down, exact at any size. */
export function payout_units(units: number, multiplier: number): number {
  const product = units * multiplier;
  if (product <= Number.MAX_SAFE_INTEGER) return Math.floor(product / 10_000);
  return Number((BigInt(units) * BigInt(multiplier)) / 10_000n);
}

/** What {@link payout_units} rounded away, in ten-thousandths of a unit (0 to 9 999). */
export function payout_remainder(units: number, multiplier: number): number {
  const product = units * multiplier;
  if (product <= Number.MAX_SAFE_INTEGER) return product % 10_000;
  return Number((BigInt(units) * BigInt(multiplier)) % 10_000n);
}
