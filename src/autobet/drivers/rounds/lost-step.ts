/**
 * A step journaled as an intent whose answer never came (a lost answer, a
 * process killed while it was out), told from the open round `active_bet`
 * reads afterwards: the round went on past it (`found`), or it shows no sign
 * of it (`not_played`). Never guessed from anything but the site's state.
 */
import type { RoundGame } from '../../../operations/rounds.js';
import type { StepRow } from '../../../journal/round-steps.js';
import { round_progress } from './steps.js';

/** The site's open round as `active_bet` returned it (null: none is open). */
interface OpenRound {
  readonly state: unknown;
}

/** How far the round had gone at the last answered step (0 before any). */
function progress_before(game: RoundGame, rows: readonly StepRow[]): number {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i] as StepRow;
    if ((row.status === 'answered' || row.status === 'found') && row.answer !== null) {
      return round_progress(game, (JSON.parse(row.answer) as { state: unknown }).state);
    }
  }
  return 0;
}

/**
 * What became of the round's last step when it is still an intent (null when
 * it is not): `found` when the site's round shows it played (or the round is
 * over: the step ended it), `not_played` when the open round is where the
 * last answer left it. An opening bet is `found` when a round is open.
 */
export function lost_step_fate(game: RoundGame, rows: readonly StepRow[], open: OpenRound | null): 'found' | 'not_played' | null {
  const last = rows[rows.length - 1];
  if (last === undefined || last.status !== 'intent') return null;
  if (last.kind === 'start') return open === null ? null : 'found';
  if (open === null) return 'found';
  return round_progress(game, open.state) > progress_before(game, rows.slice(0, -1)) ? 'found' : 'not_played';
}
