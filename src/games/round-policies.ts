/**
 * The built-in round policies, one line each (games.md § Automation on every
 * game): what a settings strategy names with `round: { game, policy, … }`.
 * A policy lives in its game's folder (policy.ts); adding one is that file
 * and a line here. Pure: autobet and the simulator both read this list.
 */
import type { RoundPolicyMaker, RoundStep, RoundView } from './kernel/round-view.js';
import { HILO_CASHOUT_POLICY } from './hilo/policy.js';
import { MINES_FIELDS_POLICY } from './mines/policy.js';
import { basic_strategy } from './blackjack/basic.js';
import type { BlackjackState } from './blackjack/rules.js';

export type { RoundPolicyMaker, RoundStep, RoundView } from './kernel/round-view.js';

/** A policy without settings (blackjack `basic`): a function of the view alone. */
export function stateless_policy(game: string, name: string, step: (view: RoundView) => RoundStep): RoundPolicyMaker<null> {
  return {
    game,
    name,
    check: (settings) => {
      const extra = typeof settings === 'object' && settings !== null ? Object.keys(settings).filter((k) => k !== 'policy' && k !== 'game') : [];
      if (extra.length > 0) throw new RangeError(`round.${extra[0] as string}: the ${game} ${name} policy takes no settings`);
      return null;
    },
    make: () => step,
  };
}

/** Every built-in policy. */
export const ROUND_POLICIES: readonly RoundPolicyMaker[] = Object.freeze([
  MINES_FIELDS_POLICY as RoundPolicyMaker,
  HILO_CASHOUT_POLICY as RoundPolicyMaker,
  stateless_policy('blackjack', 'basic', (v) => basic_strategy(v.state as BlackjackState)) as RoundPolicyMaker,
]);

/** A settings strategy's `round` checked: its policy made, ready to play; throws TypeError/RangeError naming the field. */
export function round_policy_of(settings: unknown): {
  readonly game: string;
  readonly name: string;
  readonly step: (view: RoundView) => RoundStep;
  /** The single-request bet equal to the round, where the policy has one (policy.one_shot). */
  readonly one_shot: ((bet: Readonly<Record<string, unknown>>) => Record<string, unknown>) | null;
} {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) throw new TypeError('round must be an object { game, policy, … }');
  const s = settings as Record<string, unknown>;
  const game = s['game'];
  const games = [...new Set(ROUND_POLICIES.map((p) => p.game))];
  if (typeof game !== 'string' || !games.includes(game)) throw new RangeError(`round.game must be one of ${games.join(', ')}`);
  const mine = ROUND_POLICIES.filter((p) => p.game === game);
  const name = s['policy'] ?? (mine.length === 1 ? (mine[0] as RoundPolicyMaker).name : undefined);
  const policy = mine.find((p) => p.name === name);
  if (policy === undefined) throw new RangeError(`round.policy must be one of ${mine.map((p) => p.name).join(', ')} for ${game}`);
  const { game: _game, ...rest } = s;
  const checked = policy.check(rest);
  const one_shot = policy.one_shot;
  return { game, name: policy.name, step: policy.make(checked), one_shot: one_shot === undefined ? null : (bet) => one_shot(checked, bet) };
}
