/**
 * Slide's documents as site-coverage.md §2.6 gives them: `MultiplayerSlideBet`
 * (BOT4 and one more client; `$identifier: String!`; no manual cashout
 * exists), `SlideGameListHistory` (one source, stake.ac). The bet fragment's
 * fields are the site's; BOT4 aliases `slideResult: result`, we keep `result`.
 * `ActiveSlideBet` is ours, as `ActiveCrashBet`.
 */
import { typed_document } from '../../operations/documents/typed.js';
import type { MultiplayerBet } from '../crash/site.js';

export const MULTIPLAYER_SLIDE_BET_FRAGMENT = /* GraphQL */ `
fragment MultiplayerSlideBet on MultiplayerSlideBet {
  id user { id name } payoutMultiplier gameId amount payout currency result updatedAt cashoutAt btcAmount: amount(currency: btc) }`;

/**
 * The fragment as the web app's `MyBetList` sends it (WEB-BETS, search-index
 * file 33212091033; PYLIB's `houseBetList`; BOT4): `slideResult: result`,
 * because Slide's `result` and Crash's have different types and one union
 * selection cannot hold both under one key. Our fields, with that alias.
 */
export const MULTIPLAYER_SLIDE_BET_LIST_FRAGMENT = /* GraphQL */ `
fragment MultiplayerSlideBet on MultiplayerSlideBet {
  id user { id name } payoutMultiplier gameId amount payout currency slideResult: result updatedAt cashoutAt btcAmount: amount(currency: btc) }`;

/** `MultiplayerSlideBet`: a bet in the round now in its betting window. */
export const MultiplayerSlideBet = typed_document<
  { multiplayerSlideBet: MultiplayerBet },
  { amount: number; currency: string; cashoutAt: number; identifier: string }
>(/* GraphQL */ `
mutation MultiplayerSlideBet($amount: Float!, $currency: CurrencyEnum!, $cashoutAt: Float!, $identifier: String!) {
  multiplayerSlideBet(amount: $amount, currency: $currency, cashoutAt: $cashoutAt, identifier: $identifier) {
    ...MultiplayerSlideBet user { id activeSlideBet { ...MultiplayerSlideBet } } } }
${MULTIPLAYER_SLIDE_BET_FRAGMENT}`);

/** The user's bet in the Slide round now pending (ours; the field is the site's). */
export const ActiveSlideBet = typed_document<{ user: { id: string; activeSlideBet: MultiplayerBet | null } }, Record<string, never>>(/* GraphQL */ `
query ActiveSlideBet { user { id activeSlideBet { ...MultiplayerSlideBet } } }
${MULTIPLAYER_SLIDE_BET_FRAGMENT}`);

/** A finished Slide round: its multiplier and revealed game hash. */
export interface SlideGame {
  readonly id: string;
  readonly startTime: string;
  readonly multiplier: number;
  readonly hash: { readonly hash: string };
}

/** `SlideGameListHistory`: finished rounds, newest first. */
export const SlideGameListHistory = typed_document<{ slideGameList: SlideGame[] }, { limit?: number; offset?: number }>(/* GraphQL */ `
query SlideGameListHistory($limit: Int, $offset: Int) {
  slideGameList(limit: $limit, offset: $offset) { id multiplier startTime hash { hash } } }`);
