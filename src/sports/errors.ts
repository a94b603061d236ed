/**
 * `SportsError`: every refusal of a sports call, the site's and ours, with a
 * `reason` to switch on. The site words most sports refusals as English
 * messages without an `errorType` (site-coverage.md §1.3), so the reason is
 * read from the `errorType` when there is one, else from the message, by
 * fixed substrings (linear, no regex on server text).
 */
import { GraphQLError, StakeError, TransportError } from '../transport/errors/index.js';
import { name_error_class, type StakeErrorInit } from '../transport/errors/stake-error.js';

/** Why a sports call was refused. */
export type SportsErrorReason =
  /** The outcome is gone, or was asked for with the wrong provider / betType (MCS). */
  | 'outcome_unavailable'
  /** A leg's market is suspended or closed ("Market is not active.", MCS; or seen so before the wire). */
  | 'market_inactive'
  /** A leg's odds are not what `oddsChange` accepts (before the wire, or the site's refusal). */
  | 'odds_changed'
  /** Two legs of one fixture in an accumulator: use `custom_bet` (MCS). */
  | 'same_event'
  /** The stake is above the site's maximum, given in `maximum` (ARB). */
  | 'limit_exceeded'
  /** The same slip was sent again within ~5 s (SLOT). */
  | 'duplicate_slip'
  /** The account holds 150 open sport bets (SLOT). */
  | 'too_many_active'
  /** The site has no sportsbook (stake.us) or has switched it off (`serviceDisabled`, PROBE). */
  | 'service_disabled'
  /** HTTP 451: the sportsbook is blocked in this region (LINE). */
  | 'region_blocked'
  /** The cashout offer moved or is not available: preview again. */
  | 'cashout_unavailable'
  /** The selections do not combine into a same-game multi (`customBetOdds` says conflict). */
  | 'not_combinable';

/** Fields of a {@link SportsError}. */
export interface SportsErrorInit extends StakeErrorInit {
  readonly reason: SportsErrorReason;
  /** True when a request carrying the bet or cashout was sent (and refused); false when refused before the wire. */
  readonly sent: boolean;
  readonly identifier?: string | null;
  readonly maximum?: number | null;
  /** The leg the refusal is about, when one is. */
  readonly outcome_id?: string | null;
  readonly expected_odds?: number | null;
  readonly current_odds?: number | null;
}

/** A sports call refused; `reason` says why, `sent` whether anything reached the site. */
export class SportsError extends StakeError {
  declare readonly name: 'SportsError';
  readonly reason: SportsErrorReason;
  readonly sent: boolean;
  readonly identifier: string | null;
  readonly maximum: number | null;
  readonly outcome_id: string | null;
  readonly expected_odds: number | null;
  readonly current_odds: number | null;

  constructor(message: string, init: SportsErrorInit) {
    super(message, init);
    this.reason = init.reason;
    this.sent = init.sent;
    this.identifier = init.identifier ?? null;
    this.maximum = init.maximum ?? null;
    this.outcome_id = init.outcome_id ?? null;
    this.expected_odds = init.expected_odds ?? null;
    this.current_odds = init.current_odds ?? null;
  }
}
name_error_class(SportsError, 'SportsError');

const SENTENCES: Readonly<Record<SportsErrorReason, string>> = {
  outcome_unavailable: 'the outcome cannot be found or is unavailable',
  market_inactive: 'the market is not active (suspended or closed)',
  odds_changed: 'the odds changed beyond what oddsChange accepts',
  same_event: 'an accumulator cannot hold two markets of one fixture (use custom_bet)',
  limit_exceeded: 'the stake is above the site\'s maximum',
  duplicate_slip: 'the same slip was just placed; wait about 5 seconds',
  too_many_active: 'the account has 150 open sport bets, the site\'s maximum',
  service_disabled: 'this site has no sportsbook (stake.us) or it is switched off',
  region_blocked: 'the sportsbook is blocked in this region (HTTP 451)',
  cashout_unavailable: 'the cashout offer moved or is not available; preview it again',
  not_combinable: 'these selections cannot be combined into a same-game multi',
};

/** The sentence for a reason, as the CLI shows it. */
export function describe_reason(reason: SportsErrorReason): string {
  return SENTENCES[reason];
}

function includes(text: string, part: string): boolean {
  return text.includes(part);
}

/** The reason a site error stands for, or null when it is none of the sports refusals. */
export function reason_of(error_type: string | null, message: string): SportsErrorReason | null {
  switch (error_type) {
    case 'serviceDisabled': return 'service_disabled';
    case 'rejectedBetLimitExceededForBetReoffer': return 'limit_exceeded';
    case 'oddsChanged': return 'odds_changed';
    case 'cashoutMultiplierChanged': return 'cashout_unavailable';
    default: break;
  }
  const text = message.toLowerCase();
  if (includes(text, 'cannot be found or is unavailable')) return 'outcome_unavailable';
  if (includes(text, 'market is not active')) return 'market_inactive';
  if (includes(text, 'same event')) return 'same_event';
  if (includes(text, 'same bet') || (includes(text, 'wait') && includes(text, 'second'))) return 'duplicate_slip';
  if (includes(text, '150') && (includes(text, 'active') || includes(text, 'sport bet'))) return 'too_many_active';
  if (includes(text, 'odds') && includes(text, 'changed')) return 'odds_changed';
  if (includes(text, 'cashout')) return 'cashout_unavailable';
  if (includes(text, 'cannot be combined')) return 'not_combinable';
  return null;
}

/** The number a limit refusal ends with (ARB parses the message's last number), or null. */
export function trailing_number(message: string): number | null {
  let end = message.length;
  while (end > 0 && !(message[end - 1] as string >= '0' && message[end - 1] as string <= '9')) end--;
  let start = end;
  while (start > 0 && ((message[start - 1] as string >= '0' && message[start - 1] as string <= '9') || message[start - 1] === '.')) start--;
  if (start === end) return null;
  const value = Number(message.slice(start, end));
  return Number.isFinite(value) ? value : null;
}

/**
 * The error a sports call rejects with: a site refusal or a 451 becomes a
 * {@link SportsError} (the original as `cause`); anything else is returned unchanged.
 */
export function to_sports_error(error: unknown, sent: boolean, identifier: string | null = null): unknown {
  if (!StakeError.is(error)) return error;
  // Whatever its body (a GraphQL-shaped one becomes a GraphQLError), a 451 is the edge's refusal.
  if (error.status === 451) {
    // A 451 is the edge's refusal: the request did not reach the sportsbook.
    return new SportsError(describe_reason('region_blocked'), {
      reason: 'region_blocked', sent, identifier, cause: error, status: 451, operation_name: error.operation_name,
    });
  }
  if (GraphQLError.is(error)) {
    const first = error.errors[0];
    const reason = reason_of(error.error_type, first?.message ?? error.server_message ?? '');
    if (reason === null) return error;
    const server = first?.message ?? '';
    return new SportsError(`${describe_reason(reason)}: ${server}`, {
      reason, sent, identifier, cause: error, status: error.status, operation_name: error.operation_name, server_message: server,
      maximum: reason === 'limit_exceeded' ? trailing_number(server) : null,
    });
  }
  if (TransportError.is(error) && identifier !== null && Object.isExtensible(error)) {
    Object.defineProperty(error, 'identifier', { value: identifier, enumerable: true, writable: false, configurable: true });
  }
  return error;
}
