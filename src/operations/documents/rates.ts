/**
 * `CurrencyConversionRate` and `CurrencyConfiguration`.
 *
 * `CurrencyConversionRate`: the web app's document, `info { currencies {
 * name eur: value(fiatCurrency: eur) ... } }`, verbatim in
 * stake-player/stake-api (stake_api/main.py), 00d00/rem (modules/stake.js)
 * and several other clients (search-index files 61477419084, 30337100627).
 * The fiat list is the one those clients send.
 *
 * `CurrencyConfiguration`: named by site-api.md as where a currency's
 * betting precision lives; no public client was found sending it, so the
 * client never needs it: decimals come from a built-in table
 * (../validate/currencies.ts) and this read is only an opt-in override.
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

/** One currency's betting precision. */
export interface CurrencyConfig {
  readonly name: string;
  readonly decimals: number;
  readonly minBet: number;
}

/** Result of `CurrencyConfiguration`. */
export interface CurrencyConfigurationResult {
  readonly currencyConfiguration: { readonly currencies: readonly CurrencyConfig[] };
}

/** The opt-in `CurrencyConfiguration` read behind `client.load_currency_configuration()`. */
export const CurrencyConfiguration = typed_document<CurrencyConfigurationResult, Record<string, never>>(/* GraphQL */ `
query CurrencyConfiguration {
  currencyConfiguration {
    currencies {
      name
      decimals
      minBet
    }
  }
}
`);
