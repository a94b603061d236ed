/**
 * The simulator plays a round policy the way the round would settle: a
 * policy whose round is fixed before it starts (mines' `{ fields,
 * cashout_after }`) settles as one single-request bet (policy.one_shot), so
 * the simulator's own per-bet path plays it, bet by bet equal to a sandbox
 * run of the policy on the same seeds. A policy that decides from what it
 * sees (a strategy module's `round`, hilo's `cashout_at`) is refused here.
 */
import { round_policy_of } from '../../games/round-policies.js';
import type { PreparedStrategy } from '../strategies/load.js';
import type { Strategy, StrategyAnswer, StrategyState } from '../strategy.js';

/** Checks a `round` the simulator can play; throws TypeError/RangeError naming the field. */
export function check_sim_round(round: unknown): ReturnType<typeof round_policy_of> & { readonly one_shot: NonNullable<ReturnType<typeof round_policy_of>['one_shot']> } {
  const policy = round_policy_of(round);
  if (policy.one_shot === null) throw new RangeError(`round: the simulator plays a ${policy.game} ${policy.name} round only on the sandbox or live (its steps depend on what it sees)`);
  return policy as ReturnType<typeof check_sim_round>;
}

/** `prepared`, its bets of the policy's game made the single-request bet equal to the policy's round; unchanged without `round`. */
export function with_sim_round(prepared: PreparedStrategy, round: unknown): PreparedStrategy {
  if (round === undefined || round === null) return prepared;
  const policy = check_sim_round(round);
  const one_shot = policy.one_shot;
  const equal = (answer: StrategyAnswer): StrategyAnswer => {
    const a = answer as unknown as Record<string, unknown>;
    return a['game'] === policy.game && (a['stop'] === undefined || a['stop'] === null || a['stop'] === false) ? (one_shot(a) as unknown as StrategyAnswer) : answer;
  };
  return {
    ...prepared,
    name: `${prepared.name} (round ${policy.game} ${policy.name})`,
    bind: async (context) => {
      const inner = await prepared.bind(context);
      const outer: Strategy = {
        name: inner.name,
        next: (state: StrategyState) => {
          const answer = inner.next(state);
          return answer instanceof Promise ? answer.then(equal) : equal(answer);
        },
        save: () => inner.save(),
        restore: (snapshot) => inner.restore(snapshot),
        ...(inner.close === undefined ? {} : { close: () => inner.close?.() }),
      };
      return outer;
    },
  };
}
