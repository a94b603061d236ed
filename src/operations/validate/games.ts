/**
 * The games' own checks, run before a bet leaves so a typo never reaches the
 * site: they live with each game's rules (src/games/<game>/rules.ts, where the
 * sources of each range are named); re-exported here for the operations that
 * import them. Also the client seed's check, which is no game's.
 */
export { DICE_MAX_CHANCE, DICE_MIN_CHANCE, check_dice } from '../../games/dice/rules.js';
export { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET, check_limbo } from '../../games/limbo/rules.js';
export { MINES_TILES, check_mines_count, check_mines_fields } from '../../games/mines/rules.js';
export { KENO_MAX_PICKS, KENO_NUMBERS, check_keno } from '../../games/keno/rules.js';
export { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, check_plinko } from '../../games/plinko/rules.js';

/**
 * Checks a client seed for `RotateSeedPair`: 1–64 printable ASCII characters
 * without spaces (our bound; the site's own limit is not in a public source).
 */
export function check_client_seed(value: unknown): string {
  if (typeof value !== 'string') throw new TypeError('seed must be a string');
  if (!/^[\x21-\x7e]{1,64}$/.test(value)) throw new RangeError('seed must be 1 to 64 printable ASCII characters without spaces');
  return value;
}
