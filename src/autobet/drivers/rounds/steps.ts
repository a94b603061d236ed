/**
 * What each round game's steps are, for the round player and `stakeql
 * play`, read from the game's rules object (src/games/<game>/round.ts, listed
 * in src/games/round-games.ts): the actions allowed in a state, a policy's
 * answer turned into the request `client.act` / `client.cashout` takes, what
 * a step adds to the round's stake, the safe action that ends a round
 * without adding to it, and how far a state shows the round has gone (to
 * tell, after a lost answer, whether the step landed).
 */
import { round_rules, type RoundGame, type StepRequest } from '../../../games/round-games.js';
import type { RoundStep } from '../../../games/kernel/round-view.js';

export type { StepRequest };

/** The actions a policy may answer in `state`. */
export function round_actions(game: RoundGame, state: unknown): readonly string[] {
  return round_rules(game).actions(state);
}

/** The round's multiplier so far (hilo, mines; 1 otherwise or before a step). */
export function round_multiplier(game: RoundGame, state: unknown): number {
  return round_rules(game).multiplier(state);
}

/** A policy's answer as a request; throws RangeError naming what was wrong (the client checks it again). */
export function step_request(game: RoundGame, step: RoundStep): StepRequest {
  const rules = round_rules(game);
  if (step === 'cashout') {
    if (!rules.cashout) throw new RangeError(`round: ${game} has no cashout (stand ends a blackjack hand)`);
    return { kind: 'cashout', label: 'cashout' };
  }
  return rules.step_request(step);
}

/** What a step adds to the round's stake, in whole units, given the opening bet's units. */
export function added_units(game: RoundGame, request: StepRequest, opening_units: number): number {
  return round_rules(game).added_units(request, opening_units);
}

/**
 * The step that ends the round (or brings it nearer its end) without adding
 * to its stake, read from the round's `state` (the rules' `safe_step`:
 * blackjack noInsurance then stand; mines and hilo cashout once a step was
 * played). Null where there is none: the round is then left open and the
 * run stops saying so.
 */
export function safe_step(game: RoundGame, state?: unknown): RoundStep | null {
  return round_rules(game).safe_step(state);
}

/** How many steps `state` shows were played (a lost step landed when this grew). */
export function round_progress(game: RoundGame, state: unknown): number {
  return round_rules(game).progress(state);
}
