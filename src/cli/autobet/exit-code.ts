/**
 * The exit code a run's stop reason means, for `autobet` and `sim` alike
 * (automation.md): 0 when a limit, the strategy or a stop request ended it,
 * 2 when the strategy failed before its first bet (it does not work: a usage
 * error, nothing was placed), 1 for any other error, 130 on Ctrl-C.
 */
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE } from '../exit-codes.js';

/** Stop reasons that are a run ending as asked (exit 0), not a failure. */
export const ENDED_AS_ASKED: ReadonlySet<string> = new Set([
  'strategy', 'condition', 'user', 'stop_after_win', 'stop_after', 'insufficient_balance', 'max_bet', 'stop_loss', 'take_profit', 'trailing_stop', 'floor_balance',
  'max_bets', 'max_wagered', 'max_loss_streak', 'max_duration', 'seeds_exhausted',
]);

/** The exit code for a run that stopped with `reason` after `bets` bets, `bets_before` of them from before this process. */
export function exit_for_stop(reason: string, bets: number, bets_before = 0): number {
  if (reason === 'interrupted') return EXIT_INTERRUPTED;
  if (reason === 'error:strategy' && bets === bets_before) return EXIT_USAGE;
  return ENDED_AS_ASKED.has(reason) ? EXIT_OK : EXIT_FAILURE;
}
