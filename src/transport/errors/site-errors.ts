/**
 * The site's `errorType` values, typed. The site puts `errorType` at the top
 * level of each GraphQL error (site-api.md); these are the values public
 * clients are seen handling (site-api.md's list: bot2love notes log
 * `errors[0].errorType`, a blackjack userscript matches `existingGame` and
 * `blackjackInvalidAction`), plus `tokenExpired`, which the client's auth
 * handling already knows. Any other value still reaches the caller as a
 * string on `error_type`.
 */

/** What each known `errorType` means, in a sentence a CLI can show. */
export const SITE_ERROR_TYPES = Object.freeze({
  insufficientBalance: 'the balance of that currency is too low for this amount',
  parallelCasinoBet: 'another bet of this account was still being placed; wait for it, then check before betting again',
  existingGame: 'a round of this game is still open: finish it (next/cashout) first',
  notFound: 'there is no such game, round or bet (for example no open mines round)',
  insignificantBet: 'the amount is below the smallest bet the site accepts for this currency',
  serviceDisabled: 'the site has switched this game or feature off for now',
  numberLessEqual: 'a number is above the game\'s allowed maximum',
  notAuthenticated: 'the request was not logged in (token missing, revoked or invalid)',
  tokenExpired: 'the access token has expired',
} as const);

/** An `errorType` this library knows. */
export type SiteErrorType = keyof typeof SITE_ERROR_TYPES;

/**
 * A site `errorType`: one of {@link SiteErrorType}, or any other string the
 * site sends (kept, never dropped). `(string & {})` keeps editors suggesting the known ones.
 */
export type ErrorType = SiteErrorType | (string & {});

/** Whether `value` is an `errorType` this library knows. */
export function is_site_error_type(value: unknown): value is SiteErrorType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SITE_ERROR_TYPES, value);
}

/** The sentence for a known `errorType`, or null. */
export function describe_error_type(value: string | null | undefined): string | null {
  return is_site_error_type(value) ? SITE_ERROR_TYPES[value] : null;
}
