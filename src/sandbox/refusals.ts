/**
 * The site's refusals: a GraphQL error whose `errorType` names the reason.
 *
 * Sourced values (public clients, see README "The sandbox"): `insufficientBalance`,
 * `parallelCasinoBet`, `existingGame`, `notFound`, `insignificantBet`,
 * `numberLessEqual`, `invalidSeed`, `notAuthenticated`, `tokenExpired`.
 * Ours, for cases no public source names: `numberGreaterEqual` (a value under
 * its minimum, the counterpart of `numberLessEqual`), `invalidArgument`
 * (malformed input such as a repeated mines field or an empty identifier) and
 * `forbidden` (another user's private fields, reached through a shared bet).
 */

/** Every `errorType` the sandbox sends. */
export type SiteErrorType =
  | 'insufficientBalance'
  | 'parallelCasinoBet'
  | 'existingGame'
  | 'notFound'
  | 'insignificantBet'
  | 'numberLessEqual'
  | 'numberGreaterEqual'
  | 'invalidSeed'
  | 'invalidArgument'
  | 'forbidden'
  | 'notAuthenticated'
  | 'tokenExpired';

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
