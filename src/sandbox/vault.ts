/**
 * The vault: `createVaultDeposit` moves available → vault,
 * `createVaultWithdrawal` vault → available; each refuses more than the
 * source holds with `insufficientBalance` and emits a `balance` event
 * (identifier null) and a `vault` event. The sandbox has no account
 * password, so the withdrawal's `password` / `tfaToken` / `oauthToken` are
 * accepted as sent (the site checks them; its errorType for a wrong one is
 * not public).
 */
import { randomUUID } from 'node:crypto';
import type { SandboxEvents } from './events.js';
import type { Ledger } from './ledger.js';
import { fromMinorUnits, requireCurrency, transferUnits } from './money.js';

/** A finished vault move, shaped like the site's answer (without `user`). */
export interface VaultMove {
  readonly id: string;
  readonly amount: number;
  readonly currency: string;
}

/** Moves funds between one user's available balance and vault. */
export function moveVault(
  ledger: Ledger,
  events: SandboxEvents,
  userId: string,
  direction: 'deposit' | 'withdrawal',
  args: { readonly currency: string; readonly amount: number },
): VaultMove {
  const info = requireCurrency(args.currency);
  const units = transferUnits(args.amount, info);
  const { available, vault } =
    direction === 'deposit' ? ledger.depositToVault(userId, info, units) : ledger.withdrawFromVault(userId, info, units);
  const amount = fromMinorUnits(units, info);
  const sign = direction === 'deposit' ? 1 : -1;
  events.emit('balance', {
    user_id: userId,
    currency: info.name,
    amount: -sign * amount,
    balance: fromMinorUnits(available, info),
    identifier: null,
  });
  events.emit('vault', { user_id: userId, currency: info.name, amount: sign * amount, balance: fromMinorUnits(vault, info) });
  return { id: randomUUID(), amount, currency: info.name };
}
