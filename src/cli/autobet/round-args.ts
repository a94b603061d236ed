/**
 * `--round JSON`: a built-in round policy for the run (src/games/round-policies.ts),
 * e.g. `--round '{"game":"mines","fields":[3,7,12],"cashout_after":2}'`.
 * Checked before anything is opened or sent: a bad one is a usage error naming the field.
 */
import type { CommandArgs } from '../context.js';
import { usageError } from '../exit-codes.js';

export const ROUND_OPTIONS = { round: { type: 'string' } } as const;

export const ROUND_OPTIONS_HELP = `  --round JSON         play each bet of a round game step by step with a built-in policy:
                       '{"game":"mines","fields":[3,7,12],"cashout_after":2}' (mines),
                       '{"game":"hilo","cashout_at":2}' (hilo),
                       '{"game":"blackjack","policy":"basic"}' (blackjack)`;

/** The `round` option of run_autobet (or simulate, for `sim`) from `--round`, checked. */
export async function round_from_args(args: CommandArgs, command: 'autobet' | 'sim' = 'autobet'): Promise<{ round?: Record<string, unknown> }> {
  const text = args.values['round'];
  if (typeof text !== 'string') return {};
  let round: unknown;
  try {
    round = JSON.parse(text);
  } catch {
    throw usageError(`${command}: --round must be a JSON object ({"game":"mines","fields":[3,7],"cashout_after":2})`);
  }
  try {
    if (command === 'sim') (await import('../../autobet/drivers/rounds/sim-policy.js')).check_sim_round(round);
    else (await import('../../autobet/drivers/rounds/setup.js')).check_round_option(round);
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw usageError(`${command}: --round: ${error.message}`);
    throw error;
  }
  return { round: round as Record<string, unknown> };
}
