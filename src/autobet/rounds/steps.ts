/**
 * What each round game's steps are, for the round player and `stakeql
 * play`: the actions allowed in a state, a policy's answer turned into the
 * request `client.act` / `client.cashout` takes, what a step adds to the
 * round's stake, the safe action that ends a round without adding to it, and
 * how far a state shows the round has gone (to tell, after a lost answer,
 * whether the step landed).
 *
 * Stakes a blackjack step adds: a double or a split puts up the opening bet
 * again, an insurance half of it (the common table rule; the site's answer
 * says what it took). Rounded up to a whole unit, so a limit is never
 * passed by a rounding.
 */
import type { RoundGame } from '../../operations/rounds.js';
import type { BlackjackState } from '../../games/blackjack/site.js';
import { blackjack_insurance_offered } from '../../games/blackjack/rules.js';
import type { HiloState } from '../../games/hilo/site.js';
import type { MinesState } from '../../games/mines/site.js';
import { BLACKJACK_ACTIONS } from '../../games/blackjack/round.js';
import { HILO_GUESSES } from '../../games/hilo/round.js';
import type { RoundStep } from '../../games/kernel/round-view.js';

/** A step as the client sends it. */
export type StepRequest =
  | { readonly kind: 'act'; readonly input: Readonly<Record<string, unknown>>; readonly label: string }
  | { readonly kind: 'cashout'; readonly label: 'cashout' };

/** The actions a policy may answer in `state`. */
export function round_actions(game: RoundGame, state: unknown): readonly string[] {
  switch (game) {
    case 'mines':
      return (state as MinesState).rounds.length > 0 ? ['reveal', 'cashout'] : ['reveal'];
    case 'hilo':
      return (state as HiloState).rounds.length > 0 ? [...HILO_GUESSES, 'cashout'] : HILO_GUESSES;
    case 'blackjack':
      return BLACKJACK_ACTIONS;
    case 'videoPoker':
      return ['hold'];
  }
}

/** The round's multiplier so far (hilo, mines; 1 otherwise or before a step). */
export function round_multiplier(game: RoundGame, state: unknown): number {
  if (game !== 'mines' && game !== 'hilo') return 1;
  const rounds = (state as MinesState | HiloState).rounds;
  const last = rounds[rounds.length - 1];
  return last === undefined ? 1 : last.payoutMultiplier;
}

/** A policy's answer as a request; throws RangeError naming what was wrong (the client checks it again). */
export function step_request(game: RoundGame, step: RoundStep): StepRequest {
  if (step === 'cashout') {
    if (game !== 'mines' && game !== 'hilo') throw new RangeError(`round: ${game} has no cashout (stand ends a blackjack hand)`);
    return { kind: 'cashout', label: 'cashout' };
  }
  switch (game) {
    case 'mines':
      if (typeof step !== 'object' || step === null || !Array.isArray(step.fields)) throw new RangeError("round: a mines step is { fields: [tile] } or 'cashout'");
      return { kind: 'act', input: { fields: [...step.fields] }, label: `reveal ${step.fields.join(' ')}` };
    case 'hilo':
      if (typeof step !== 'string') throw new RangeError(`round: a hilo step is one of ${HILO_GUESSES.join(', ')} or 'cashout'`);
      return { kind: 'act', input: { guess: step }, label: step };
    case 'blackjack':
      if (typeof step !== 'string') throw new RangeError(`round: a blackjack step is one of ${BLACKJACK_ACTIONS.join(', ')}`);
      return { kind: 'act', input: { action: step }, label: step };
    case 'videoPoker':
      if (typeof step !== 'object' || step === null || !('held' in step)) throw new RangeError('round: a video poker step is { held: [cards] }');
      return { kind: 'act', input: { held: (step as { held: unknown }).held }, label: 'draw' };
  }
}

/** What a step adds to the round's stake, in whole units, given the opening bet's units. */
export function added_units(game: RoundGame, request: StepRequest, opening_units: number): number {
  if (game !== 'blackjack' || request.kind !== 'act') return 0;
  const action = request.input['action'];
  if (action === 'double' || action === 'split') return opening_units;
  if (action === 'insurance') return Math.ceil(opening_units / 2);
  return 0;
}

/**
 * The step that ends the round (or brings it nearer its end) without adding
 * to its stake, read from the round's `state`: blackjack answers an offered
 * insurance with noInsurance, then stands; mines and hilo cash out once a
 * tile is revealed or a card guessed. Null where there is none: mines and
 * hilo before their first step (the site refuses a cashout then, and every
 * reveal or guess risks the stake), video poker. The round is then left open
 * and the run stops saying so. Without a state: stand, cashout.
 */
export function safe_step(game: RoundGame, state?: unknown): RoundStep | null {
  switch (game) {
    case 'blackjack':
      return state !== undefined && blackjack_insurance_offered(state as BlackjackState) ? 'noInsurance' : 'stand';
    case 'mines':
    case 'hilo':
      return state !== undefined && round_progress(game, state) === 0 ? null : 'cashout';
    case 'videoPoker':
      return null;
  }
}

/** How many steps `state` shows were played (a lost step landed when this grew). */
export function round_progress(game: RoundGame, state: unknown): number {
  switch (game) {
    case 'mines':
      return (state as MinesState).rounds.length;
    case 'hilo':
      return (state as HiloState).rounds.length;
    case 'blackjack':
      return (state as BlackjackState).player.reduce((n, hand) => n + hand.actions.length, 0);
    case 'videoPoker':
      return 0;
  }
}
