/**
 * How many decimals a bet amount may carry, per currency.
 *
 * The built-in table is ours, not a fact read from the site: 8 decimals for
 * crypto currencies (the precision public clients format amounts with, e.g.
 * mydicebot's `toFixed(8)`), 6 for the tokens the sandbox keeps at 6, 2 for
 * fiat-pegged play currencies. A currency not in the table gets
 * {@link DEFAULT_DECIMALS}. The site stays the judge: an amount it thinks too
 * precise comes back as its own refusal. No public client reads a
 * currency's precision from the site (research/wire-conformance.md §3 #2).
 * `set_decimals` replaces the table for one client.
 */

/** Decimals of a currency the table does not list. */
export const DEFAULT_DECIMALS = 8;

/** The built-in table: currency (as `CurrencyEnum` spells it) → decimals. */
export const BUILTIN_DECIMALS: Readonly<Record<string, number>> = Object.freeze({
  btc: 8, eth: 8, ltc: 8, doge: 8, bch: 8, bnb: 8, sol: 8, trx: 6, xrp: 6, eos: 4,
  usdt: 6, usdc: 6, usd: 2, eur: 2,
});

const OVERRIDES = new WeakMap<object, ReadonlyMap<string, number>>();

// CurrencyEnum values are short lower-case words; anything else is a typo or an injection attempt.
const CURRENCY = /^[a-z][a-z0-9]{1,15}$/;

/**
 * Checks a currency name.
 * @throws TypeError when not a string; RangeError when not a lower-case currency code.
 */
export function check_currency(value: unknown, field = 'currency'): string {
  if (typeof value !== 'string') throw new TypeError(`${field} must be a string such as "btc"`);
  if (!CURRENCY.test(value)) throw new RangeError(`${field} must be a lower-case currency code such as "btc" (got ${JSON.stringify(value.slice(0, 20))})`);
  return value;
}

/** Decimals allowed for `currency` with `owner`'s override (a client) when it has one. */
export function decimals_for(currency: string, owner?: object): number {
  const override = owner === undefined ? undefined : OVERRIDES.get(owner)?.get(currency);
  return override ?? BUILTIN_DECIMALS[currency] ?? DEFAULT_DECIMALS;
}

/**
 * Replaces `owner`'s decimals table (entries not given fall back to the
 * built-in table). Each value must be an integer 0–12.
 */
export function set_decimals(owner: object, entries: Iterable<readonly [string, number]>): void {
  const table = new Map<string, number>();
  for (const [name, decimals] of entries) {
    check_currency(name, 'currency name');
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 12) {
      throw new RangeError(`decimals of ${name} must be an integer 0 to 12`);
    }
    table.set(name, decimals);
  }
  OVERRIDES.set(owner, table);
}
