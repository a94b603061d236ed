/**
 * The site's refusals: a GraphQL error whose `errorType` names the reason.
 *
 * Sourced values (public clients, see docs/sandbox.md): `insufficientBalance`,
 * `parallelCasinoBet`, `existingGame`, `notFound`, `insignificantBet`,
 * `numberLessEqual`, `invalidSeed`, `notAuthenticated`, `tokenExpired`, `serviceDisabled`,
 * `hiloNoRoundsPlayed` (a hilo cashout before any guess: StakeBOT, site-coverage.md §2.3)
 * (PROBE: a game or feature switched off; here also a game whose rules are in no public source).
 * Ours, for cases no public source names: `numberGreaterEqual` (a value under
 * its minimum, the counterpart of `numberLessEqual`), `invalidArgument`
 * (malformed input such as a repeated mines field or an empty identifier) and
 * `forbidden` (another user's private fields, reached through a shared bet).
 */

/** Every `errorType` the sandbox sends, with the message it sends when a fault asks for one. */
export const SITE_ERROR_MESSAGES = Object.freeze({
  insufficientBalance: 'You do not have enough balance to do that.',
  parallelCasinoBet: 'Another bet of yours is still in progress; wait for it to finish.',
  existingGame: 'You already have an active game: finish it first.',
  notFound: 'Not found.',
  insignificantBet: 'The amount is below the minimum bet.',
  numberLessEqual: 'A number is above its maximum.',
  numberGreaterEqual: 'A number is below its minimum.',
  invalidSeed: 'The seed is not valid.',
  invalidArgument: 'An argument is not valid.',
  forbidden: 'Only the user may read that.',
  notAuthenticated: 'You must be logged in to do that.',
  tokenExpired: 'Your session has expired, please log in again.',
  serviceDisabled: 'This service is not available.',
  hiloNoRoundsPlayed: 'Make a guess before cashing out.',
} as const);

/** Every `errorType` the sandbox sends. */
export type SiteErrorType = keyof typeof SITE_ERROR_MESSAGES;

/** Whether `value` is an `errorType` the sandbox sends. */
export function isSiteErrorType(value: unknown): value is SiteErrorType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SITE_ERROR_MESSAGES, value);
}

/** A refusal the GraphQL layer turns into `{ message, errorType, path, locations }`. */
export class SiteRefusal extends Error {
  override readonly name = 'SiteRefusal';
  constructor(
    readonly errorType: SiteErrorType,
    message: string,
  ) {
    super(message);
  }
}

/** Refuses `value` unless `min <= value <= max`, naming `field`. */
export function checkRange(field: string, value: number, min: number, max: number): void {
  if (!Number.isFinite(value) || value < min) {
    throw new SiteRefusal('numberGreaterEqual', `${field} must be greater than or equal to ${min}.`);
  }
  if (value > max) throw new SiteRefusal('numberLessEqual', `${field} must be less than or equal to ${max}.`);
}

const MAX_IDENTIFIER_LENGTH = 256;

/** Refuses an empty or over-long bet `identifier` (`invalidArgument`, our bound). */
export function checkIdentifier(identifier: string): string {
  if (identifier.length === 0 || identifier.length > MAX_IDENTIFIER_LENGTH) {
    throw new SiteRefusal('invalidArgument', `The identifier must be 1 to ${MAX_IDENTIFIER_LENGTH} characters.`);
  }
  return identifier;
}
