/**
 * Fixed currency values the sandbox's `info { currencies { value(fiatCurrency:) } }`
 * answers with: fixtures for tests, not market data. The fiat list is the
 * one the web app's `CurrencyConversionRate` asks for (src/operations/documents/rates.ts).
 */

/** Units of each fiat currency per US dollar. */
export const FIAT_RATES: Readonly<Record<string, number>> = Object.freeze({
  eur: 0.92, jpy: 150, usd: 1, brl: 5, cad: 1.36, cny: 7.2, idr: 15_600, inr: 83, krw: 1_330, php: 56, rub: 92, mxn: 17, dkk: 6.9,
});

/** US dollars per unit of each sandbox currency. */
export const USD_VALUES: Readonly<Record<string, number>> = Object.freeze({
  btc: 60_000, eth: 3_000, ltc: 80, usdt: 1, usdc: 1, doge: 0.15, bch: 400, xrp: 0.5, trx: 0.12, eos: 0.8, bnb: 550, usd: 1, eur: 1.087,
});

/** Value of one unit of `currency` in `fiat`. */
export function fiatValue(currency: string, fiat: string): number {
  return (USD_VALUES[currency] ?? 0) * (FIAT_RATES[fiat] ?? 0);
}
