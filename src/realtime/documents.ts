/**
 * The site's subscriptions, as public clients of `wss://stake.com/_api/websockets`
 * send them (operation and field names exactly the site's). Sources:
 * - `AvailableBalances { availableBalances { amount identifier balance { amount
 *   currency } } }` after `connection_init { accessToken, language: 'en' }` on
 *   subprotocol `graphql-transport-ws`: github.com/poky1084/Limbo,
 *   Limbo/Forms/Form1.cs (a C# limbo bot), and the same text in an Electron
 *   slots client, a Python client and a browser userscript in the public code index;
 * - `VaultBalances { vaultBalances { amount identifier balance { amount currency } } }`:
 *   the same Python client and userscript;
 * - `HouseBets { houseBets { ...RealtimeHouseBet } }` with `fragment
 *   RealtimeHouseBet on Bet { id iid game { name icon } bet { ... on CasinoBet
 *   { id active payoutMultiplier amountMultiplier amount payout updatedAt
 *   currency user { id name } } } }`: the Electron client, the Python client,
 *   and two graphql-ws based dashboards (which call `bet` the union `BetBet`).
 * `Notifications` and `Crash` are seen too, but no public source shows a full
 * selection of them: not shipped.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';

/** One change of a balance: `amount` is the change, `balance` the balance after it. */
export interface BalanceUpdate {
  readonly amount: number;
  /** The `identifier` of the bet that moved the balance (the one the bet was sent with); null when the move had none. */
  readonly identifier: string | null;
  readonly balance: { readonly amount: number; readonly currency: string };
}

/** `AvailableBalances`: every change of the logged-in user's available balance. */
export interface AvailableBalancesData {
  readonly availableBalances: BalanceUpdate;
}

/** `VaultBalances`: every change of the logged-in user's vault balance. */
export interface VaultBalancesData {
  readonly vaultBalances: BalanceUpdate;
}

/** A finished bet as the public `houseBets` feed shows it (casino bets; other kinds carry only `__typename`). */
export interface HouseBet {
  readonly id: string;
  readonly iid: string;
  readonly game: { readonly name: string; readonly icon: string | null };
  readonly bet: {
    readonly __typename: string;
    readonly id?: string;
    readonly active?: boolean;
    readonly payoutMultiplier?: number;
    readonly amountMultiplier?: number;
    readonly amount?: number;
    readonly payout?: number;
    readonly updatedAt?: string;
    readonly currency?: string;
    readonly user?: { readonly id: string; readonly name: string };
  };
}

/** `HouseBets`: every bet anyone finishes. */
export interface HouseBetsData {
  readonly houseBets: HouseBet;
}

type NoVariables = Record<string, never>;

/** `subscription AvailableBalances`, the web app's balance feed. */
export const AVAILABLE_BALANCES_SUBSCRIPTION: TypedDocumentNode<AvailableBalancesData, NoVariables> = parse(/* GraphQL */ `
  subscription AvailableBalances {
    availableBalances {
      amount
      identifier
      balance {
        amount
        currency
      }
    }
  }
`);

/** `subscription VaultBalances`, the web app's vault feed. */
export const VAULT_BALANCES_SUBSCRIPTION: TypedDocumentNode<VaultBalancesData, NoVariables> = parse(/* GraphQL */ `
  subscription VaultBalances {
    vaultBalances {
      amount
      identifier
      balance {
        amount
        currency
      }
    }
  }
`);

/** `subscription HouseBets`, the web app's public bet feed (fragment `RealtimeHouseBet on Bet` inlined). */
export const HOUSE_BETS_SUBSCRIPTION: TypedDocumentNode<HouseBetsData, NoVariables> = parse(/* GraphQL */ `
  subscription HouseBets {
    houseBets {
      id
      iid
      game {
        name
        icon
      }
      bet {
        __typename
        ... on CasinoBet {
          id
          active
          payoutMultiplier
          amountMultiplier
          amount
          payout
          updatedAt
          currency
          user {
            id
            name
          }
        }
      }
    }
  }
`);
