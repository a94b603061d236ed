/**
 * Mines' built-in round policy, `{ fields, cashout_after }`: reveal the tiles
 * of `fields` one a step, in order, and cash out once `cashout_after` of them
 * are revealed (a mine ends the round before that). With the same tiles, its
 * payout is the one-request mines bet's with `fields.slice(0, cashout_after)`:
 * the site pays by the count of gems revealed (the simulator plays it so).
 */
import type { RoundPolicyMaker, RoundView } from '../kernel/round-view.js';
import { MINES_TILES, check_mines_fields } from './rules.js';
import type { MinesState } from './site.js';

/** The settings of the `fields` policy. */
export interface MinesPolicySettings {
  /** The tiles to reveal, in order (0-24, each once). */
  readonly fields: readonly number[];
  /** How many of them to reveal before cashing out (1 to `fields.length`). */
  readonly cashout_after: number;
}

/** Checks `{ fields, cashout_after }`; throws naming the field. */
export function check_mines_policy(settings: unknown): MinesPolicySettings {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) throw new TypeError('round: the mines policy takes { fields, cashout_after }');
  const s = settings as Record<string, unknown>;
  for (const key of Object.keys(s)) if (key !== 'fields' && key !== 'cashout_after' && key !== 'policy') throw new RangeError(`round.${key}: the mines policy takes fields and cashout_after only`);
  const fields = check_mines_fields(s['fields'], 1, MINES_TILES - 1);
  const after = s['cashout_after'] ?? fields.length;
  if (typeof after !== 'number' || !Number.isInteger(after) || after < 1 || after > fields.length) {
    throw new RangeError(`round.cashout_after must be a whole number from 1 to ${fields.length} (the count of fields)`);
  }
  return { fields: [...fields], cashout_after: after };
}

/** The step the policy plays in `view`: the next tile, or `cashout` once enough are revealed. */
export function mines_policy_step(settings: MinesPolicySettings, view: RoundView): 'cashout' | { fields: number[] } {
  const revealed = (view.state as MinesState).rounds.length;
  if (revealed >= settings.cashout_after) return 'cashout';
  return { fields: [settings.fields[revealed] as number] };
}

/** The `fields` policy, as the policy list takes it. */
export const MINES_FIELDS_POLICY: RoundPolicyMaker<MinesPolicySettings> = {
  game: 'mines',
  name: 'fields',
  check: check_mines_policy,
  make: (settings) => (view) => mines_policy_step(settings, view),
  // Tiles revealed in order up to the first mine pay as the same tiles revealed at once: by the count of gems, 0 on a mine.
  one_shot: (settings, bet) => ({ ...bet, fields: settings.fields.slice(0, settings.cashout_after) }),
};
