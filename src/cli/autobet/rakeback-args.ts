/**
 * `--claim-rakeback EVERY` of `autobet` and `autobet resume`: claim the
 * account's rakeback into the balance every EVERY (`30m`, `1h`, seconds)
 * between bets (src/autobet/engine/rakeback-step.ts). Checked before anything is sent.
 */
import type { CommandArgs } from '../context.js';
import { parse_duration } from '../duration.js';
import { usageError } from '../exit-codes.js';

export const RAKEBACK_OPTIONS = { 'claim-rakeback': { type: 'string' } } as const;

export const RAKEBACK_OPTIONS_HELP = `  --claim-rakeback EVERY
                       claim the rakeback into the balance every EVERY (30m, 1h, 1h30m;
                       at least 1m) between bets; a claim that fails is a note and a
                       --notify notification, never a stop`;

/** The `claim_rakeback_every_ms` option of run_autobet / resume_autobet from `--claim-rakeback`. */
export function rakeback_from_args(args: CommandArgs): { claim_rakeback_every_ms?: number } {
  const text = args.values['claim-rakeback'];
  if (text === undefined) return {};
  try {
    return { claim_rakeback_every_ms: parse_duration(typeof text === 'string' ? text : '', '--claim-rakeback', 60_000, 30 * 86_400_000) };
  } catch (error) {
    throw usageError((error as Error).message);
  }
}
