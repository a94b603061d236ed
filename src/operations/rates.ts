/**
 * Conversion rates (`CurrencyConversionRate`) and the site's currency list
 * (`CurrencyConfiguration`).
 */
import { CurrencyConfiguration, CurrencyConversionRate, type CurrencyConfig, type CurrencyRate } from './documents/rates.js';
import { check_options, type OperationOptions, type OperationsClient } from './runner.js';

/** Every currency's value in the web app's fiat currencies (`info.currencies`). */
export async function conversion_rates(client: OperationsClient, options?: OperationOptions): Promise<readonly CurrencyRate[]> {
  const opts = check_options(options);
  const data = await client.graphql(CurrencyConversionRate, {}, { signal: opts.signal ?? null });
  return data.info.currencies;
}

/**
 * Reads `currencyConfiguration` as every public client sends it (`isAcp:
 * false`, stake.com) and returns the currencies the site lists. No public
 * document reads a currency's precision, so amounts stay checked against
 * the built-in decimals table (see documents/rates.ts).
 */
export async function load_currency_configuration(client: OperationsClient, options?: OperationOptions): Promise<readonly CurrencyConfig[]> {
  const opts = check_options(options);
  const data = await client.graphql(CurrencyConfiguration, { isAcp: false }, { signal: opts.signal ?? null });
  return data.currencyConfiguration.currencies.map((c) => ({ name: c.name }));
}
