/**
 * A Crash or Slide bet in the shape the engine counts (`SettledBet`): the
 * same for the sandbox or the site (from the round feed) and for the
 * simulator (from the chain), so `sim` and a sandbox run on the same chain
 * compare bet by bet. No seed pair or nonce: the round's game hash is in
 * `state` instead.
 */
import type { MultiplayerGame } from '../../../games/crash/rules.js';
import type { SettledBet } from '../../strategies/strategy.js';

/** A settled multiplayer bet's `state`. */
export interface MultiplayerState {
  readonly cashoutAt: number;
  /** The round's shown point (`crashpoint` / Slide's `multiplier`). */
  readonly point: number;
  /** The round's revealed game hash. */
  readonly hash: string;
  readonly gameId: string;
}

/** The engine's view of one settled bet. */
export function multiplayer_settled(
  game: MultiplayerGame,
  fields: { id: string; amount: number; payout: number; payoutMultiplier: number; currency: string; updatedAt: string; user: { id: string; name: string } },
  state: MultiplayerState,
  identifier: string,
): SettledBet {
  return {
    id: fields.id,
    active: false,
    payoutMultiplier: fields.payoutMultiplier,
    amountMultiplier: 1,
    amount: fields.amount,
    payout: fields.payout,
    updatedAt: fields.updatedAt,
    currency: fields.currency,
    game,
    user: fields.user,
    nonce: 0,
    state: { ...state },
    identifier,
  } as unknown as SettledBet;
}
