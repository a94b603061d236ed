/**
 * The currencies the sandbox knows: the values of the schema's `CurrencyEnum`,
 * with the precision the ledger keeps for each.
 */

/** One currency of the sandbox. */
export interface CurrencyInfo {
  /** The `CurrencyEnum` value, lower-case as the site spells it. */
  readonly name: string;
  /** Digits after the point the ledger keeps; amounts are rounded to them. */
  readonly decimals: number;
  /** Smallest non-zero bet. */
  readonly minBet: number;
}

const TABLE: ReadonlyArray<readonly [string, number]> = [
  ['btc', 8],
  ['eth', 8],
  ['ltc', 8],
  ['usdt', 6],
  ['usdc', 6],
  ['doge', 8],
  ['bch', 8],
  ['xrp', 6],
  ['trx', 6],
  ['eos', 4],
  ['bnb', 8],
  ['usd', 2],
  ['eur', 2],
];

/** Every currency, in the order the schema lists them. */
export const CURRENCIES: readonly CurrencyInfo[] = TABLE.map(([name, decimals]) => ({
  name,
  decimals,
  minBet: 1 / 10 ** decimals,
}));

const BY_NAME = new Map(CURRENCIES.map((c) => [c.name, c]));

/** The currency named `name`, or undefined when the sandbox has no such currency. */
export function currencyInfo(name: string): CurrencyInfo | undefined {
  return BY_NAME.get(name);
}
