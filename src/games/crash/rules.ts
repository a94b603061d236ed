/**
 * Crash and Slide as a strategy bets them: one bet a round at a `cashoutAt`
 * target, paid `cashoutAt` when the round's point (shown, two decimals)
 * reaches it, else nothing. Pure: the round's point comes from
 * `stakeql/fairness` (chain.ts), the one copy of the published algorithm.
 */
import { crash_point, slide_point } from './outcome.js';

/** The two multiplayer games. */
export type MultiplayerGame = 'crash' | 'slide';

/** The games, in the order they are listed. */
export const MULTIPLAYER_GAMES: readonly MultiplayerGame[] = Object.freeze(['crash', 'slide']);

/** Whether `name` is Crash or Slide. */
export function is_multiplayer_game(name: unknown): name is MultiplayerGame {
  return name === 'crash' || name === 'slide';
}

/** A bet's parameters besides amount and currency. */
export interface MultiplayerParams {
  /** 1.01 to 1 000 000, two decimals (as the web app sends it). */
  readonly cashoutAt: number;
}

/** The input names a strategy may give. */
export const MULTIPLAYER_INPUTS: readonly string[] = Object.freeze(['cashoutAt']);

/** Checks `cashoutAt`; TypeError / RangeError naming it. */
export function check_multiplayer(input: Readonly<Record<string, unknown>>): MultiplayerParams {
  const value = input['cashoutAt'];
  if (typeof value !== 'number') throw new TypeError('cashoutAt must be a number');
  if (!Number.isFinite(value) || value < 1.01 || value > 1_000_000) throw new RangeError('cashoutAt must be from 1.01 to 1000000');
  return { cashoutAt: Number.parseFloat(value.toFixed(2)) };
}

/** The round's shown point for `game` from its game hash. */
export function round_point(game: MultiplayerGame, hash: string): number {
  return (game === 'crash' ? crash_point(hash) : slide_point(hash)).shown;
}

/** What a bet at `cashoutAt` is paid on a round whose shown point is `point`: its multiplier (0 = lost). */
export function settle_multiplayer(params: MultiplayerParams, point: number): number {
  return params.cashoutAt <= point ? params.cashoutAt : 0;
}
