/**
 * The dice game's rules: a provably-fair roll from seeds, win chance and
 * payout multiplier, as stake.com documents them (1 % house edge).
 */
import { createHmac } from 'node:crypto';

/** The two ways to bet on a roll: the result must land above or below the target. */
export type DiceCondition = 'above' | 'below';

/** Lowest and highest win chance (percent) a bet may have, as on the site. */
export const MIN_WIN_CHANCE = 0.01;
export const MAX_WIN_CHANCE = 98;

/**
 * The roll for one bet: HMAC-SHA256(server seed, "client seed:nonce:0"), its
 * first four bytes read as a fraction in [0, 1), scaled to 10001 outcomes
 * 0.00 … 100.00. Same seeds and nonce, same roll, so a run can be replayed.
 */
export function rollDice(serverSeed: string, clientSeed: string, nonce: number): number {
  const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  let fraction = 0;
  for (let i = 0; i < 4; i++) fraction += (digest[i] ?? 0) / 256 ** (i + 1);
  return Math.floor(fraction * 10001) / 100;
}

/** Chance (percent) that a roll satisfies `condition` against `target`. */
export function winChance(target: number, condition: DiceCondition): number {
  return condition === 'above' ? 100 - target : target;
}

/** Whether `result` wins a bet on `condition` against `target` (ties lose). */
export function isWin(result: number, target: number, condition: DiceCondition): boolean {
  return condition === 'above' ? result > target : result < target;
}

/** Payout multiplier of a winning bet, in ten-thousandths (99 / chance, 4 decimals). */
export function multiplierTenThousandths(chance: number): number {
  return Math.round((99 / chance) * 10_000);
}
