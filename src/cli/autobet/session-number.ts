/** The SESSION word of `autobet resume | show | abandon | pause | …`, read the same way by each. */
import { usageError } from '../exit-codes.js';

/** The session number `text` names; undefined when none is given (the subcommand then takes the last session). */
export function session_number(text: string): number;
export function session_number(text: string | undefined): number | undefined;
export function session_number(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,15}$/.test(text)) throw usageError(`SESSION must be a session number (see 'stakeql autobet list')`);
  return Number(text);
}
