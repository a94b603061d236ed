/**
 * Amounts as whole minor units of a currency (bigint), so a long run of bets
 * never drifts the way adding floats would; the API speaks currency units.
 */
import { type CurrencyInfo, currencyInfo } from './currencies.js';
import { SiteRefusal } from './refusals.js';

/** Rounds to the currency's precision. */
export function toMinorUnits(amount: number, info: CurrencyInfo): bigint {
  return BigInt(Math.round(amount * 10 ** info.decimals));
}

/** Back to currency units. */
export function fromMinorUnits(units: bigint, info: CurrencyInfo): number {
  return Number(units) / 10 ** info.decimals;
}

/** The currency named by the request (GraphQL validation already limits it to the enum). */
export function requireCurrency(name: string): CurrencyInfo {
  const info = currencyInfo(name);
  if (info === undefined) throw new SiteRefusal('invalidArgument', 'Unknown currency.');
  return info;
}

// Far above any real balance; keeps BigInt(Math.round(...)) exact.
const MAX_AMOUNT = 1e12;

/**
 * A bet amount in minor units: a finite number >= 0 (0 is a free bet, as on
 * the site); a positive amount below the currency's smallest unit is
 * `insignificantBet`.
 */
export function betUnits(amount: number, info: CurrencyInfo): bigint {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new SiteRefusal('numberGreaterEqual', 'amount must be greater than or equal to 0.');
  }
  if (amount > MAX_AMOUNT) throw new SiteRefusal('numberLessEqual', `amount must be less than or equal to ${MAX_AMOUNT}.`);
  const units = toMinorUnits(amount, info);
  if (amount > 0 && units === 0n) {
    throw new SiteRefusal('insignificantBet', `The amount is below the minimum bet of ${info.minBet} ${info.name}.`);
  }
  return units;
}

/** A transfer amount (vault) in minor units: strictly positive, at least one minor unit. */
export function transferUnits(amount: number, info: CurrencyInfo): bigint {
  if (!Number.isFinite(amount) || amount <= 0) {
    throw new SiteRefusal('numberGreaterEqual', `amount must be greater than or equal to ${info.minBet}.`);
  }
  if (amount > MAX_AMOUNT) throw new SiteRefusal('numberLessEqual', `amount must be less than or equal to ${MAX_AMOUNT}.`);
  const units = toMinorUnits(amount, info);
  if (units === 0n) throw new SiteRefusal('insignificantBet', `The amount is below ${info.minBet} ${info.name}.`);
  return units;
}

/** `units × multiplier` where the multiplier is in ten-thousandths, rounded down: the house keeps fractions of a unit. */
export function applyMultiplier(units: bigint, multiplierTenThousandths: number): bigint {
  return (units * BigInt(multiplierTenThousandths)) / 10_000n;
}
