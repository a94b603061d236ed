/**
 * Moving funds to and from the vault. A deposit needs nothing but the
 * amount; a withdrawal needs the account password and, with 2FA on, a
 * current code (`tfaToken`). The password goes into the request body only:
 * never into an error, a log event or `JSON.stringify` of anything returned.
 */
import { CreateVaultDeposit, CreateVaultWithdrawal, type VaultMovement } from './documents/vault.js';
import type { AmountInput } from './bets.js';
import { check_input, check_options, type OperationOptions, type OperationsClient } from './runner.js';
import { check_currency, decimals_for, normalize_amount } from './validate/index.js';

/** Inputs of `client.vault_deposit()`. */
export interface VaultDepositInput {
  readonly currency: string;
  readonly amount: AmountInput;
}

/** Inputs of `client.vault_withdraw()`. */
export interface VaultWithdrawInput extends VaultDepositInput {
  /** The account password (the site asks for it; accounts created through OAuth use `oauthToken` instead). */
  readonly password?: string;
  /** A current 2FA code, when 2FA is on. */
  readonly tfaToken?: string;
  /** For accounts without a password. */
  readonly oauthToken?: string;
}

function amount_of(client: object, given: Record<string, unknown>): { currency: string; amount: number } {
  const currency = check_currency(given['currency']);
  const amount = normalize_amount(given['amount'], 'amount', currency, decimals_for(currency, client));
  // Moving nothing is a request the site can only refuse.
  if (amount === 0) throw new RangeError('amount must be more than 0');
  return { currency, amount };
}

function optional_secret(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new TypeError(`${field} must be a string`);
  if (value.length === 0 || value.length > 1024) throw new RangeError(`${field} must be 1 to 1024 characters`);
  return value;
}

/** Moves `amount` of `currency` from the balance to the vault (`CreateVaultDeposit`). */
export async function vault_deposit(client: OperationsClient, input: VaultDepositInput, options?: OperationOptions): Promise<VaultMovement> {
  const given = check_input(input, 'vault_deposit');
  const opts = check_options(options);
  const data = await client.graphql(CreateVaultDeposit, amount_of(client, given), { signal: opts.signal ?? null });
  return data.createVaultDeposit;
}

/** Moves `amount` of `currency` from the vault back to the balance (`CreateVaultWithdrawal`). */
export async function vault_withdraw(client: OperationsClient, input: VaultWithdrawInput, options?: OperationOptions): Promise<VaultMovement> {
  const given = check_input(input, 'vault_withdraw');
  const opts = check_options(options);
  const { currency, amount } = amount_of(client, given);
  const password = optional_secret(given['password'], 'password');
  const tfaToken = optional_secret(given['tfaToken'], 'tfaToken');
  const oauthToken = optional_secret(given['oauthToken'], 'oauthToken');
  if (password === undefined && oauthToken === undefined) throw new TypeError('vault_withdraw needs the account password (or an oauthToken)');
  const variables = {
    currency, amount,
    ...(password === undefined ? {} : { password }),
    ...(tfaToken === undefined ? {} : { tfaToken }),
    ...(oauthToken === undefined ? {} : { oauthToken }),
  };
  const data = await client.graphql(CreateVaultWithdrawal, variables, { signal: opts.signal ?? null });
  return data.createVaultWithdrawal;
}
