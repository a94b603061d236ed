/**
 * The shapes a Crash or Slide round and its bets take in the sandbox, and the
 * frames its clock publishes on the event bus: apart from the clock
 * (rounds.ts) so the bus (../events.ts) can name them without a cycle.
 */
import type { CurrencyInfo } from '../currencies.js';

/** The round statuses of the feed. */
export type RoundStatus = 'pending' | 'in_progress' | 'crash' | 'result';

/** One bet in a round, as the sandbox keeps it. */
export interface MultiplayerBet {
  readonly id: string;
  /** The share id, `house:N`, from the same counter as the user's other bets (the bet is listed in `houseBetList`). */
  readonly iid: string;
  readonly game_id: string;
  readonly user_id: string;
  readonly user_name: string;
  readonly units: bigint;
  readonly info: CurrencyInfo;
  readonly cashout_at: number;
  readonly identifier: string | null;
  result: 'pending' | 'autocashout' | 'cashout' | 'bust';
  payout_multiplier: number;
  payout_units: bigint;
  updated_at: string;
}

/** One round, live or finished. */
export interface MultiplayerRound {
  readonly id: string;
  readonly hash: string;
  /** Rounds played on this chain before it: how many SHA-256 steps its hash is from the first round's (the site's `hash.number`). */
  readonly number: number;
  /** The round's point (two decimals), secret until it ends. */
  readonly point: number;
  readonly start_time: string;
  status: RoundStatus;
  /** The multiplier shown now (the point once the round ended). */
  multiplier: number;
  elapsed: number;
  readonly bets: MultiplayerBet[];
}

/** A feed frame: a round (`MultiplayerCrash` / `MultiplayerSlide`) or a bet. */
export type MultiplayerFrame =
  | { readonly kind: 'round'; readonly round: MultiplayerRound; readonly next_round_in: number | null }
  | { readonly kind: 'bet'; readonly bet: MultiplayerBet };

