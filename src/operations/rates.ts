/**
 * Conversion rates (`CurrencyConversionRate`) and the opt-in currency
 * precision read (`CurrencyConfiguration`), which replaces the built-in
 * decimals table for one client.
 */
import { CurrencyConfiguration, CurrencyConversionRate, type CurrencyConfig, type CurrencyRate } from './documents/rates.js';
import { check_options, type OperationOptions, type OperationsClient } from './runner.js';
import { set_decimals } from './validate/currencies.js';

/** Every currency's value in the web app's fiat currencies (`info.currencies`). */
export async function conversion_rates(client: OperationsClient, options?: OperationOptions): Promise<readonly CurrencyRate[]> {
  const opts = check_options(options);
  const data = await client.graphql(CurrencyConversionRate, {}, { signal: opts.signal ?? null });
  return data.info.currencies;
}

/**
 * Reads `currencyConfiguration` and makes its decimals the ones this client
 * checks amounts against. Not seen in public clients of the site (see
 * documents/rates.ts): use it against a server that serves it.
 */
export async function load_currency_configuration(client: OperationsClient, options?: OperationOptions): Promise<readonly CurrencyConfig[]> {
  const opts = check_options(options);
  const data = await client.graphql(CurrencyConfiguration, {}, { signal: opts.signal ?? null });
  const currencies = data.currencyConfiguration.currencies;
  set_decimals(client, currencies.map((c) => [c.name, c.decimals] as const));
  return currencies;
}
