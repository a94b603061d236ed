/**
 * A currency checked before anything that moves money is sent. The shape
 * (`check_currency`) lets any lower-case word through, and the site's own
 * answer to an unknown one is a GraphQL validation error about `$currency`
 * after the request has left. A currency of the built-in decimals table is
 * taken as it is; any other must be one the account holds a balance line in
 * (read with `balances`, a query that moves nothing), since the site's full
 * `CurrencyEnum` is in no public source and a real currency must not be
 * refused for being missing from our table.
 */
import type { StakeClient } from '../facade/index.js';
import { usageError } from './exit-codes.js';
import { printable } from './output.js';
import { BUILTIN_DECIMALS } from '../operations/validate/currencies.js';

/** Whether `currency` is one of the built-in table's (known without asking the site). */
export function is_known_currency(currency: string): boolean {
  return Object.hasOwn(BUILTIN_DECIMALS, currency);
}

/**
 * Refuses (usage error, exit 2) a currency the account has no balance in,
 * before the caller sends anything that bets or moves funds.
 */
export async function check_account_currency(client: StakeClient, currency: string): Promise<void> {
  if (is_known_currency(currency)) return;
  const held = (await client.balances()).map((b) => b.available.currency);
  if (held.includes(currency)) return;
  const list = held.length === 0 ? 'none' : held.slice(0, 20).map((c) => printable(c)).join(', ');
  throw usageError(`currency "${printable(currency.slice(0, 20))}" is not one this account has a balance in (it has: ${list}); nothing was sent`);
}
