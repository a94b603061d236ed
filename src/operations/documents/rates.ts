/**
 * `CurrencyConversionRate` and `CurrencyConfiguration`.
 *
 * `CurrencyConversionRate`: the web app's document, `info { currencies {
 * name eur: value(fiatCurrency: eur) ... } }`, verbatim in
 * stake-player/stake-api (stake_api/main.py), 00d00/rem (modules/stake.js)
 * and several other clients (search-index files 61477419084, 30337100627).
 * The fiat list is the one those clients send.
 *
 * `CurrencyConfiguration`: five public clients send it, every one as
 * `CurrencyConfiguration($isAcp: Boolean!) { currencyConfiguration(isAcp:
 * $isAcp) { … } }` (SLOT electron/main.ts:84, BROKE "verified", search-index
 * files 53694447900, 25902658220, 59196260426; research/wire-conformance.md
 * §3 #2). None selects a currency's precision (`decimals`, `minBet`, which
 * site-api.md guessed): we select `currencies { name }`, which they all
 * read, so the call is valid; decimals stay the built-in table's
 * (../validate/currencies.ts). `isAcp` is false on stake.com (BROKE: true
 * on stake.us).
 */
import { typed_document } from './typed.js';

/** The fiat currencies the web app asks rates for, in its order. */
export const FIAT_CURRENCIES = ['eur', 'jpy', 'usd', 'brl', 'cad', 'cny', 'idr', 'inr', 'krw', 'php', 'rub', 'mxn', 'dkk'] as const;

/** One of {@link FIAT_CURRENCIES}. */
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];

/** One crypto currency's value in each fiat currency. */
export type CurrencyRate = { readonly name: string } & { readonly [F in FiatCurrency]: number };

/** Result of `CurrencyConversionRate`. */
export interface CurrencyConversionRateResult {
  readonly info: { readonly currencies: readonly CurrencyRate[] };
}

/** The `CurrencyConversionRate` query `client.conversion_rates()` sends. */
export const CurrencyConversionRate = typed_document<CurrencyConversionRateResult, Record<string, never>>(/* GraphQL */ `
query CurrencyConversionRate {
  info {
    currencies {
      name
${FIAT_CURRENCIES.map((f) => `      ${f}: value(fiatCurrency: ${f})`).join('\n')}
    }
  }
}
`);

/** One currency the site lists. */
export interface CurrencyConfig {
  readonly name: string;
}

/** Result of `CurrencyConfiguration`. */
export interface CurrencyConfigurationResult {
  readonly currencyConfiguration: { readonly currencies: readonly CurrencyConfig[] };
}

/** The `CurrencyConfiguration` read behind `client.load_currency_configuration()`. */
export const CurrencyConfiguration = typed_document<CurrencyConfigurationResult, { readonly isAcp: boolean }>(/* GraphQL */ `
query CurrencyConfiguration($isAcp: Boolean!) {
  currencyConfiguration(isAcp: $isAcp) {
    currencies {
      name
    }
  }
}
`);
