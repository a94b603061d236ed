/**
 * Crash's documents, exactly as site-coverage.md §2.6 gives them:
 * `MultiplayerCrashBet` (BOT4 and three more public clients; no
 * identifier), `MultiplayerCrashCashout` (one source), `CrashGameListHistory`
 * (six sources). `ActiveCrashBet` is ours: the `activeCrashBet` field the
 * bet's own answer selects, read alone to find out a bet whose answer was lost.
 */
import { typed_document } from '../../operations/documents/typed.js';

/** A bet of a multiplayer round (`MultiplayerCrashBet`, and Slide's with the same fields). */
export interface MultiplayerBet {
  readonly id: string;
  readonly user: { readonly id: string; readonly name: string };
  readonly payoutMultiplier: number;
  /** The round's id. */
  readonly gameId: string;
  readonly amount: number;
  readonly payout: number;
  readonly currency: string;
  /** `pending` until the round settles it; `autocashout` when `cashoutAt` was reached; the site's other values are not public. */
  readonly result: string;
  readonly updatedAt: string;
  readonly cashoutAt: number;
  readonly btcAmount: number;
}

/** The site's fragment, field for field. */
export const MULTIPLAYER_CRASH_BET_FRAGMENT = /* GraphQL */ `
fragment MultiplayerCrashBet on MultiplayerCrashBet {
  id user { id name } payoutMultiplier gameId amount payout currency result updatedAt cashoutAt btcAmount: amount(currency: btc) }`;

/** `MultiplayerCrashBet`: a bet in the round now in its betting window. */
export const MultiplayerCrashBet = typed_document<
  { multiplayerCrashBet: MultiplayerBet & { readonly user: { readonly id: string; readonly activeCrashBet: MultiplayerBet | null } } },
  { amount: number; currency: string; cashoutAt: number }
>(/* GraphQL */ `
mutation MultiplayerCrashBet($amount: Float!, $currency: CurrencyEnum!, $cashoutAt: Float!) {
  multiplayerCrashBet(amount: $amount, currency: $currency, cashoutAt: $cashoutAt) {
    ...MultiplayerCrashBet user { id activeCrashBet { ...MultiplayerCrashBet } } } }
${MULTIPLAYER_CRASH_BET_FRAGMENT}`);

/** `MultiplayerCrashCashout`: cash the running round's bet out now. */
export const MultiplayerCrashCashout = typed_document<{ multiplayerCrashCashout: MultiplayerBet }, Record<string, never>>(/* GraphQL */ `
mutation MultiplayerCrashCashout { multiplayerCrashCashout { ...MultiplayerCrashBet } }
${MULTIPLAYER_CRASH_BET_FRAGMENT}`);

/** The user's bet in the round now pending or running (ours; the field is the site's). */
export const ActiveCrashBet = typed_document<{ user: { id: string; activeCrashBet: MultiplayerBet | null } }, Record<string, never>>(/* GraphQL */ `
query ActiveCrashBet { user { id activeCrashBet { ...MultiplayerCrashBet } } }
${MULTIPLAYER_CRASH_BET_FRAGMENT}`);

/** A finished Crash round: `crashpoint` and its revealed game hash. */
export interface CrashGame {
  readonly id: string;
  readonly startTime: string;
  readonly crashpoint: number;
  readonly hash: { readonly id: string; readonly hash: string };
}

/**
 * `CrashGameListHistory`: finished rounds, newest first. `$limit: Int!,
 * $offset: Int!` as CRASH-JS (search-index file 39474779453) declares them:
 * crash_history always sends both (research/wire-conformance.md §4.3).
 */
export const CrashGameListHistory = typed_document<{ crashGameList: CrashGame[] }, { limit: number; offset: number }>(/* GraphQL */ `
query CrashGameListHistory($limit: Int!, $offset: Int!) {
  crashGameList(limit: $limit, offset: $offset) { id startTime crashpoint hash { id hash } } }`);
