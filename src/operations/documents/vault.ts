/**
 * `CreateVaultDeposit` and `CreateVaultWithdrawal`: moving funds between the
 * balance and the vault.
 *
 * Sources: site-api.md (deposit); the deposit document in the bot2love notes
 * (search-index file 42927075769) and a JS `StakeApi` class (file
 * 36184893950), which also sends `CreateVaultWithdrawal($currency:
 * CurrencyEnum!, $amount: Float!, $password: String, $tfaToken: String,
 * $oauthToken: String)`. The withdrawal's selection here keeps the site's
 * `id currency amount user { id balances }` and leaves out `email
 * hasEmailVerified`, which we never need to read.
 */
import { typed_document } from './typed.js';

/** One currency's balance, as the vault operations return it. */
export interface VaultBalance {
  readonly available: { readonly amount: number; readonly currency: string };
  readonly vault: { readonly amount: number; readonly currency: string };
}

/** What both vault mutations return. */
export interface VaultMovement {
  readonly id: string;
  readonly amount: number;
  readonly currency: string;
  readonly user: { readonly id: string; readonly balances: readonly VaultBalance[] };
}

/** Variables of `CreateVaultDeposit`. */
export interface CreateVaultDepositVariables {
  readonly currency: string;
  readonly amount: number;
}

/** Result of `CreateVaultDeposit`. */
export interface CreateVaultDepositResult {
  readonly createVaultDeposit: VaultMovement;
}

/** Variables of `CreateVaultWithdrawal`: the account password and, with 2FA on, a current code. */
export interface CreateVaultWithdrawalVariables {
  readonly currency: string;
  readonly amount: number;
  readonly password?: string | null;
  readonly tfaToken?: string | null;
  readonly oauthToken?: string | null;
}

/** Result of `CreateVaultWithdrawal`. */
export interface CreateVaultWithdrawalResult {
  readonly createVaultWithdrawal: VaultMovement;
}

/** The `CreateVaultDeposit` mutation `client.vault_deposit()` sends. */
export const CreateVaultDeposit = typed_document<CreateVaultDepositResult, CreateVaultDepositVariables>(/* GraphQL */ `
mutation CreateVaultDeposit($currency: CurrencyEnum!, $amount: Float!) {
  createVaultDeposit(currency: $currency, amount: $amount) {
    id
    amount
    currency
    user {
      id
      balances {
        available {
          amount
          currency
        }
        vault {
          amount
          currency
        }
      }
    }
  }
}
`);

/** The `CreateVaultWithdrawal` mutation `client.vault_withdraw()` sends. */
export const CreateVaultWithdrawal = typed_document<CreateVaultWithdrawalResult, CreateVaultWithdrawalVariables>(/* GraphQL */ `
mutation CreateVaultWithdrawal($currency: CurrencyEnum!, $amount: Float!, $password: String, $tfaToken: String, $oauthToken: String) {
  createVaultWithdrawal(currency: $currency, amount: $amount, password: $password, tfaToken: $tfaToken, oauthToken: $oauthToken) {
    id
    currency
    amount
    user {
      id
      balances {
        available {
          amount
          currency
        }
        vault {
          amount
          currency
        }
      }
    }
  }
}
`);
