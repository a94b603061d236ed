/**
 * The sportsbook's value types: the site's enums, and the slip and its
 * result as stakeql hands them out. A slip is shaped for what comes later
 * (sport bets in the history database, a sports strategy run by the engine):
 * it carries its identifier, each leg's outcome, provider and the odds seen
 * and booked, and when its intent was written.
 */

/** `SportsbookOddsProviderEnum`: `betradar` for sports, `oddin` for esports (ARB, LINE). */
export type Provider = 'betradar' | 'oddin' | (string & {});

/** `SportOddsChangeEnum`: accept only the odds seen (`none`), better ones (`higher`), or any. */
export type OddsChange = 'none' | 'higher' | 'any';

/** `SportBetTypeEnum`: `sports` or `esports` (not single/multi: that is the number of outcome ids). */
export type SportBetType = 'sports' | 'esports';

/** One leg of a slip, as stakeql sent it. */
export interface SlipLeg {
  readonly outcomeId: string;
  readonly provider: Provider;
  /** The odds the caller accepted (`expected_odds[i]`, else the odds re-read just before sending). */
  readonly expected_odds: number;
  /** The odds re-read just before sending. */
  readonly checked_odds: number;
  /** The odds the site booked (null when the answer was lost and not found). */
  readonly odds: number | null;
  readonly market_id: string;
  readonly fixture_slug: string;
}

/** What is about to be sent: handed to `on_intent` before the request leaves. */
export interface SlipIntent {
  readonly kind: 'single' | 'accumulator' | 'same_game_multi';
  readonly identifier: string;
  readonly amount: number;
  readonly currency: string;
  readonly betType: SportBetType;
  readonly oddsChange: OddsChange;
  readonly legs: readonly SlipLeg[];
  /** The product of the legs' expected odds. */
  readonly expected_total_odds: number;
  /** The local clock (ms) when the intent was made, just before sending: for the record, never compared with the site's times. */
  readonly intent_at: number;
  /**
   * The ids of the identical slips (same outcomes, amount, currency and kind)
   * the site showed just before this one was sent: after a lost answer, ours
   * is the one new identical slip.
   */
  readonly prior_ids: readonly string[];
}

/** A booked slip: the intent and what the site answered. */
export interface PlacedSlip extends SlipIntent {
  /** The SportBet id (`cashout` takes it). */
  readonly id: string;
  /** The share id (`cashout_preview` and `bet` take it), or null when the site did not say. */
  readonly iid: string | null;
  /** The slip's total odds as booked (`potentialMultiplier`): the product of its legs' odds. */
  readonly total_odds: number;
  /** `amount × total_odds`. */
  readonly potential_payout: number;
  readonly status: string;
  readonly placed_at: string | null;
  /** True when the answer was lost and the slip was found among the active bets (nothing was re-sent). */
  readonly recovered: boolean;
}
