/**
 * The account's VIP progress and rakeback: read (`VipProgressMeta`,
 * `AvailableRakeback`) and claim (`ClaimRakeback`, sent once, never retried:
 * it moves money into the balance, so a lost answer is looked up by reading
 * the rakeback again, never by claiming twice).
 */
import { AvailableRakeback, ClaimRakeback, VipProgressMeta, type FlagProgress, type RakebackBalance, type RakebackClaim } from './documents/rewards.js';
import { check_options, type OperationOptions, type OperationsClient } from './runner.js';

/** The account's VIP flag and progress (null when the site gives none). */
export async function vip_progress(client: OperationsClient, options?: OperationOptions): Promise<FlagProgress | null> {
  const opts = check_options(options);
  const data = await client.graphql(VipProgressMeta, {}, { signal: opts.signal ?? null });
  return data.user.flagProgress;
}

/** The rakeback each currency holds now (an empty list when there is none). */
export async function available_rakeback(client: OperationsClient, options?: OperationOptions): Promise<readonly RakebackBalance[]> {
  const opts = check_options(options);
  const data = await client.graphql(AvailableRakeback, {}, { signal: opts.signal ?? null });
  return data.user.rakeback?.balances ?? [];
}

/** Claims the available rakeback; the claimed amounts, one per currency. */
export async function claim_rakeback(client: OperationsClient, options?: OperationOptions): Promise<readonly RakebackClaim[]> {
  const opts = check_options(options);
  const data = await client.graphql(ClaimRakeback, {}, { signal: opts.signal ?? null });
  const claimed = data.claimRakeback;
  if (claimed === null) return [];
  return Array.isArray(claimed) ? claimed : [claimed as RakebackClaim];
}
