/**
 * The simulator plays a round policy the way the round would settle: a
 * policy whose round is fixed before it starts (mines' `{ fields,
 * cashout_after }`) settles as one single-request bet (policy.one_shot), so
 * the simulator's own per-bet path plays it; a policy that decides from what
 * it sees (hilo's `cashout_at`, blackjack's `basic`) is handed to the
 * simulator's driver as the strategy's `round`, which plays each round over
 * its cards with the pure rules (sim-round.ts). Either way bet by bet equal
 * to a sandbox run of the policy on the same seeds.
 */
import { round_policy_of } from '../../../games/round-policies.js';
import { is_round_bet_game } from '../../../games/round-bets.js';
import type { PreparedStrategy } from '../../strategies/load.js';
import { check_round_fits } from './setup.js';
import type { Strategy, StrategyAnswer, StrategyState } from '../../strategies/strategy.js';

/** Checks a `round` the simulator can play; throws TypeError/RangeError naming the field. */
export function check_sim_round(round: unknown): ReturnType<typeof round_policy_of> {
  const policy = round_policy_of(round);
  if (policy.one_shot === null && !is_round_bet_game(policy.game)) throw new RangeError(`round: the simulator plays a ${policy.game} ${policy.name} round only on the sandbox or live (its steps depend on what it sees)`);
  return policy;
}

/** `prepared` with the policy of `round` playing its rounds; unchanged without `round`. Throws RangeError for a round bet with no policy. */
export function with_sim_round(prepared: PreparedStrategy, round: unknown): PreparedStrategy {
  const policy = round === undefined || round === null ? null : check_sim_round(round);
  check_round_fits(round, prepared, 'sim');
  if (policy === null) return prepared;
  const one_shot = policy.one_shot;
  const equal = (answer: StrategyAnswer): StrategyAnswer => {
    const a = answer as unknown as Record<string, unknown>;
    return one_shot !== null && a['game'] === policy.game && (a['stop'] === undefined || a['stop'] === null || a['stop'] === false) ? (one_shot(a) as unknown as StrategyAnswer) : answer;
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
        ...(one_shot === null ? { round: policy.step } : {}),
        ...(inner.close === undefined ? {} : { close: () => inner.close?.() }),
      };
      return outer;
    },
  };
}
