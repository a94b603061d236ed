/**
 * The Crash and Slide round feeds: `subscription Crash` exactly as
 * site-coverage.md §2.6 gives it (BOT4's `web.js` and two more clients), and
 * `slide` with the fields BOT4 selects. Each frame is a round
 * (`MultiplayerCrash` / `MultiplayerSlide`: `pending` with `nextRoundIn`,
 * `in_progress`, `crash` / `result`) or a bet event (`MultiplayerCrashBet` /
 * `MultiplayerSlideBet`), told apart by `__typename`. Resubscribed after a
 * reconnection as every feed of the realtime connection is.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import type { MultiplayerBet } from '../games/crash/site.js';
import { subscribe_picked, type SubscribeOptions } from './client-feed.js';

/** A round of Crash or Slide as the feed shows it; `hash` (and Crash's `crashpoint`) once it ended. */
export interface MultiplayerRoundFrame {
  readonly __typename: 'MultiplayerCrash' | 'MultiplayerSlide';
  readonly id: string;
  /** `pending` (the betting window), `in_progress` (Crash), `crash` (Crash) or `result` (Slide). */
  readonly status: string;
  readonly multiplier: number;
  readonly startTime: string;
  /** Milliseconds left in the betting window (while `pending`). */
  readonly nextRoundIn: number | null;
  readonly crashpoint?: number | null;
  readonly numbers?: readonly number[];
  readonly elapsed: number;
  readonly timestamp: string;
  readonly hash?: { readonly hash: string } | null;
  readonly cashedIn: readonly MultiplayerBet[];
}

/** A bet event of the feed. */
export type MultiplayerBetFrame = MultiplayerBet & { readonly __typename: 'MultiplayerCrashBet' | 'MultiplayerSlideBet' };

/** One frame of `watch_crash()` / `watch_slide()`. */
export type MultiplayerFrame = MultiplayerRoundFrame | MultiplayerBetFrame;

const BET_FIELDS = 'id user { id name } payoutMultiplier gameId amount payout currency result updatedAt cashoutAt btcAmount: amount(currency: btc)';

/** `subscription Crash` (site-coverage.md §2.6, fragments inlined). */
export const CRASH_SUBSCRIPTION: TypedDocumentNode<{ crash: { event: MultiplayerFrame } }, Record<string, never>> = parse(/* GraphQL */ `
  subscription Crash { crash { event {
    ... on MultiplayerCrash {
      id status multiplier startTime nextRoundIn crashpoint elapsed timestamp hash { hash }
      cashedIn { ${BET_FIELDS} } cashedOut { ${BET_FIELDS} } }
    ... on MultiplayerCrashBet { ${BET_FIELDS} }
    __typename } } }
`);

/** `subscription slide` (BOT4's selection). */
export const SLIDE_SUBSCRIPTION: TypedDocumentNode<{ slide: { event: MultiplayerFrame } }, Record<string, never>> = parse(/* GraphQL */ `
  subscription slide { slide { event {
    ... on MultiplayerSlide { id status multiplier startTime nextRoundIn elapsed timestamp hash { hash } cashedIn { ${BET_FIELDS} } numbers }
    ... on MultiplayerSlideBet { ${BET_FIELDS} }
    __typename } } }
`);

/** Every Crash frame. */
export function watch_crash(client: object, options?: Omit<SubscribeOptions, 'operation_name'>): AsyncIterableIterator<MultiplayerFrame> {
  return subscribe_picked(client, CRASH_SUBSCRIPTION, undefined, options, (d) => d.crash.event);
}

/** Every Slide frame. */
export function watch_slide(client: object, options?: Omit<SubscribeOptions, 'operation_name'>): AsyncIterableIterator<MultiplayerFrame> {
  return subscribe_picked(client, SLIDE_SUBSCRIPTION, undefined, options, (d) => d.slide.event);
}
