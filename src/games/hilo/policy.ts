/**
 * Hilo's built-in round policy, `{ cashout_at }` (games.md § Automation):
 * guess the likelier side of the current card, and cash out once the round's
 * multiplier reaches `cashout_at`. Ranks run A (lowest) to K (highest)
 * (round.ts); of the 13 ranks, `r` or more are 14 - r and `r` or less are r,
 * so A-6 guess `higherEqual`, 8-K `lowerEqual` and 7 (even) `higherEqual`;
 * on an ace nothing is lower and on a king nothing is higher, so there the
 * site's bots guess `higher` / `lower` (site-coverage.md §2.2).
 */
import type { RoundPolicyMaker, RoundView } from '../kernel/round-view.js';
import { hilo_current_card, type HiloGuess } from './round.js';
import type { HiloState } from './site.js';

/** The settings of the `cashout_at` policy. */
export interface HiloPolicySettings {
  /** The multiplier at which the round is cashed out (above 1). */
  readonly cashout_at: number;
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** Checks `{ cashout_at }`; throws naming the field. */
export function check_hilo_policy(settings: unknown): HiloPolicySettings {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) throw new TypeError('round: the hilo policy takes { cashout_at }');
  const s = settings as Record<string, unknown>;
  for (const key of Object.keys(s)) if (key !== 'cashout_at' && key !== 'policy') throw new RangeError(`round.${key}: the hilo policy takes cashout_at only`);
  const at = s['cashout_at'];
  if (typeof at !== 'number' || !Number.isFinite(at) || at <= 1 || at > 1e6) throw new RangeError('round.cashout_at must be a number above 1 (up to 1000000)');
  return { cashout_at: at };
}

/** The likelier side of a card of `rank`. */
export function hilo_likelier(rank: string): HiloGuess {
  const r = RANKS.indexOf(rank) + 1;
  if (r < 1) throw new RangeError(`hilo: no card of rank ${JSON.stringify(rank.slice(0, 5))}`);
  if (r === 1) return 'higher';
  if (r === 13) return 'lower';
  return 14 - r >= r ? 'higherEqual' : 'lowerEqual';
}

/** The round's multiplier so far (1 before the first guess). */
export function hilo_multiplier(state: HiloState): number {
  const last = state.rounds[state.rounds.length - 1];
  return last === undefined ? 1 : last.payoutMultiplier;
}

/** The step the policy plays: `cashout` once the multiplier reached `cashout_at` (after a guess), else the likelier side. */
export function hilo_policy_step(settings: HiloPolicySettings, view: RoundView): HiloGuess | 'cashout' {
  const state = view.state as HiloState;
  if (state.rounds.length > 0 && hilo_multiplier(state) >= settings.cashout_at) return 'cashout';
  return hilo_likelier(hilo_current_card(state).rank);
}

/** The `cashout_at` policy, as the policy list takes it. */
export const HILO_CASHOUT_POLICY: RoundPolicyMaker<HiloPolicySettings> = {
  game: 'hilo',
  name: 'cashout_at',
  check: check_hilo_policy,
  make: (settings) => (view) => hilo_policy_step(settings, view),
};
