/** How `stakeql sports` words what the sportsbook refused or lost. */
import type * as SportsModule from '../../sports/index.js';
import { CliError, EXIT_FAILURE, usageError } from '../exit-codes.js';
import { oneLine } from '../output.js';

/** Bad values the library refuses before sending (a limit above 50, a bad currency) are usage errors. */
export function as_usage(error: unknown): unknown {
  return error instanceof RangeError || error instanceof TypeError ? usageError(error.message) : error;
}

/** A SportsError or a lost slip as one CLI line; anything else unchanged. */
export function describe_sports_failure(error: unknown, m: typeof SportsModule, identifier: string | null): unknown {
  if (m.SportsError.is(error)) {
    // Said once: the library's own message may already say that nothing was sent.
    const sent = error.sent || /nothing was sent/.test(error.message) ? '' : ' (nothing was sent)';
    const odds = error.reason === 'odds_changed' && typeof error.current_odds === 'number'
      ? `; the odds are now ${error.current_odds}${typeof error.expected_odds === 'number' ? ` (you gave ${error.expected_odds})` : ''}`
      : '';
    return new CliError(EXIT_FAILURE, `${error.reason}: ${oneLine(error.message)}${sent}${odds}`, { cause: error });
  }
  const maybe = error as { message?: unknown; lookup?: unknown };
  // Marked with `lookup` by the library: the slip may have been booked, and was looked for.
  if (identifier !== null && typeof error === 'object' && error !== null && 'lookup' in error) {
    const verdict = maybe.lookup === 'not_found'
      ? 'it was not on the site when the settle period ended, so it was most likely not placed (nothing was re-sent)'
      : `the site could not tell whether it was placed (lookup: ${String(maybe.lookup ?? 'not looked up')}; nothing was re-sent)`;
    return new CliError(
      EXIT_FAILURE,
      `${oneLine(String(maybe.message))}; ${verdict}: its identifier is ${identifier}. ` +
        `Check it with 'stakeql sports check ${identifier}' before betting again`,
      { cause: error },
    );
  }
  return error;
}
