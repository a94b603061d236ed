/**
 * The sportsbook's refusals, as the site words them where a public client
 * quotes it (site-coverage.md §1.3): most sports refusals are English
 * messages without an `errorType`; `serviceDisabled` (PROBE) and
 * `rejectedBetLimitExceededForBetReoffer` (ARB, message ending with the
 * maximum) carry one. No source captured an odds-changed or a
 * cashout-moved refusal: those two texts and errorTypes are ours.
 */
import { GraphQLError } from 'graphql';

/** Every refusal the sandbox sportsbook can give (and `refuse_next` can ask for). */
export type SportRefusal =
  | 'outcome_unavailable'
  | 'market_inactive'
  | 'same_event'
  | 'odds_changed'
  | 'limit_exceeded'
  | 'duplicate_slip'
  | 'too_many_active'
  | 'service_disabled'
  | 'cashout_changed'
  | 'cashout_disabled'
  | 'not_custom_compatible';

/** The most open sport bets an account may hold (SLOT's "150 active"). */
export const MAX_ACTIVE_SPORT_BETS = 150;

/** Seconds within which the same slip is refused again (SLOT: "same bet" … "wait … 5 … second"). */
export const DUPLICATE_WINDOW_MS = 5_000;

const TEXTS: Readonly<Record<SportRefusal, { readonly message: string; readonly errorType?: string }>> = {
  outcome_unavailable: { message: 'type.outcome cannot be found or is unavailable.' },
  market_inactive: { message: 'Market is not active.' },
  same_event: { message: 'Multi bet cannot contain multiple markets from same event' },
  odds_changed: { message: 'The odds of a selection have changed.', errorType: 'oddsChanged' },
  limit_exceeded: { message: 'Your stake exceeds the maximum bet of', errorType: 'rejectedBetLimitExceededForBetReoffer' },
  duplicate_slip: { message: 'You have already placed the same bet, please wait 5 seconds before trying again.' },
  too_many_active: { message: `You cannot have more than ${MAX_ACTIVE_SPORT_BETS} active sport bets.` },
  service_disabled: { message: 'This service is not available.', errorType: 'serviceDisabled' },
  cashout_changed: { message: 'The cashout multiplier has changed.', errorType: 'cashoutMultiplierChanged' },
  cashout_disabled: { message: 'Cashout is not available for this bet.' },
  not_custom_compatible: { message: 'These selections cannot be combined in a custom bet.' },
};

/** Every refusal name, for checks and help texts. */
export const SPORT_REFUSALS: readonly SportRefusal[] = Object.freeze(Object.keys(TEXTS) as SportRefusal[]);

/** The GraphQL error the site answers with (errorType beside message, see graphql-runner.ts). */
export function sportRefusal(kind: SportRefusal, maximum?: number): GraphQLError {
  const text = TEXTS[kind];
  const message = kind === 'limit_exceeded' ? `${text.message} ${maximum ?? 0}` : text.message;
  return new GraphQLError(message, text.errorType === undefined ? {} : { extensions: { errorType: text.errorType } });
}
