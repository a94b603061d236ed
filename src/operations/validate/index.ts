/** Input checks shared by the operations: amounts, currencies, identifiers, game ranges. */
export { AMOUNT_TOLERANCE, normalize_amount } from './amount.js';
export { BUILTIN_DECIMALS, DEFAULT_DECIMALS, check_currency, decimals_for, set_decimals } from './currencies.js';
export { IDENTIFIER_LENGTH, identifier_or_new, new_identifier } from './identifier.js';
export * from './games.js';
