/**
 * VIP progress and rakeback, as the site's web app asks for them. Sources
 * (research/operations.md, site-coverage.md §0 item 5): `AvailableRakeback`
 * [idx 44552582671] and a private client (name only); `VipProgressMeta`
 * (YUKI, one source); `ClaimRakeback` [idx 44552582671], [idx 36008956795],
 * [idx 62743198919], BROKE — no variables and no captcha in any of them.
 * `ClaimRakebacks { instantRakebackClaim }` and `VipRewardsClaim*` are
 * Shuffle.com's API, not Stake's, and are not here.
 */
import { typed_document } from './typed.js';

/** One currency's rakeback waiting to be claimed. */
export interface RakebackBalance {
  readonly currency: string;
  readonly amount: number;
}

/** Result of `AvailableRakeback`. */
export interface AvailableRakebackResult {
  readonly user: { readonly id: string; readonly rakeback: { readonly balances: readonly RakebackBalance[] } | null };
}

/** `AvailableRakeback`: the rakeback each currency holds (`amount` is the site's `availableAmount`). */
export const AvailableRakeback = typed_document<AvailableRakebackResult, Record<string, never>>(/* GraphQL */ `
query AvailableRakeback {
  user {
    id
    rakeback {
      balances {
        currency
        amount: availableAmount
      }
    }
  }
}
`);

/** A VIP flag and the progress towards the next one. */
export interface FlagProgress {
  readonly flag: string;
  readonly progress: number;
}

/** Result of `VipProgressMeta`. */
export interface VipProgressMetaResult {
  readonly user: { readonly id: string; readonly flagProgress: FlagProgress | null };
}

/** `VipProgressMeta`: the account's VIP flag and its progress. */
export const VipProgressMeta = typed_document<VipProgressMetaResult, Record<string, never>>(/* GraphQL */ `
query VipProgressMeta {
  user {
    id
    flagProgress {
      flag
      progress
    }
  }
}
`);

/** One claimed amount. */
export interface RakebackClaim {
  readonly id: string;
  readonly currency: string;
  readonly amount: number;
}

/** Result of `ClaimRakeback`: the sources select `{ id currency amount }` without saying whether it is one or a list. */
export interface ClaimRakebackResult {
  readonly claimRakeback: RakebackClaim | readonly RakebackClaim[] | null;
}

/** `ClaimRakeback`: moves the available rakeback to the balance. */
export const ClaimRakeback = typed_document<ClaimRakebackResult, Record<string, never>>(/* GraphQL */ `
mutation ClaimRakeback {
  claimRakeback {
    id
    currency
    amount
  }
}
`);
