/**
 * One round over several requests, played for the engine as one bet: the
 * engine journals and sends "a bet"; the round player opens the round, asks
 * the policy for each step, journals each step's intent before it leaves,
 * and answers the engine with the round's end (stake, payout), as crash's
 * round betting does for a round of the feed (crash/round-betting.ts).
 *
 * Limits below the policy: a step that adds to the stake (a blackjack
 * double, split or insurance) is checked against the run's limits with the
 * round's whole stake; one that would pass a limit is not sent: the round is
 * finished with its safe action (stand; cashout) and the run stops with the
 * limit's name (`held`). A policy's bad answer is handled the same way
 * (`error:strategy`). A step whose answer was lost is found out from
 * `active_bet`, never sent again.
 */
import type { CasinoBet } from '../../../operations/documents/fragments.js';
import { round_rules, type RoundGame } from '../../../games/round-games.js';
import type { ActiveBetGame } from '../../../operations/rounds.js';
import { new_identifier } from '../../../operations/validate/identifier.js';
import type { RoundStep, RoundView } from '../../../games/kernel/round-view.js';
import { failure_outcome } from '../failure-outcome.js';
import type { Money } from '../../engine/counters.js';
import type { PlaceOutcome } from '../../engine/driver.js';
import type { Refusal } from '../../engine/limit-rules.js';
import type { SettledBet } from '../../strategies/strategy.js';
import { added_units, round_actions, round_multiplier, round_progress, safe_step, step_request, type StepRequest } from './steps.js';
import type { StepLog } from './step-log.js';
import type { RoundRequests } from './round-requests.js';

/** Decides a round's steps: a built-in policy, or a strategy module's `round(state)`. */
export type RoundDecider = (view: RoundView) => RoundStep | Promise<RoundStep>;

/** What playing a round needs. */
export interface RoundPort {
  /** The site's requests, through the driver the rounds are played over (round-requests.ts). */
  readonly site: RoundRequests;
  readonly money: Money;
  readonly currency: string;
  /** Null: the run has no round policy, and a round it is asked to open is refused unopened. */
  readonly decide: RoundDecider | null;
  /** The limit a round's total stake of `units` would pass (checked before a step that adds to it), or null. */
  readonly refusal: (units: number) => Refusal | null;
}

/** How a round ended for the engine: its outcome, and the stop the run must make before its next bet. */
export interface RoundEnd {
  readonly outcome: PlaceOutcome;
  readonly held: Refusal | null;
}

/** The round's stake so far, in units: the opening bet and what answered steps added. */
export interface RoundStake {
  readonly opening: number;
  readonly total: number;
}

/** Opens a round of `plan` and plays it to its end. */
export async function play_round(
  port: RoundPort, log: StepLog, game: RoundGame, plan: { amount: number; amount_units: number; params: Readonly<Record<string, unknown>> }, identifier: string,
): Promise<RoundEnd> {
  const input = { amount: plan.amount, currency: port.currency, ...round_rules(game).start_input(plan.params, identifier) };
  const n = log.intend('start', input, 'identifier' in input ? identifier : null, plan.amount_units);
  let opened: CasinoBet<unknown>;
  try {
    opened = await port.site.start(game, input);
  } catch (error) {
    const outcome = failure_outcome(error);
    // Refused with an errorType, or certainly never sent: the round never opened. Anything else may have opened it:
    // the step stays an intent, and the engine finds out (round-driver.ts resolve).
    if (outcome.kind === 'refused') log.failed(n, 'refused', outcome.error_type);
    else if (outcome.kind === 'not_sent') log.failed(n, 'not_sent', outcome.message);
    return { outcome, held: null };
  }
  log.answered(n, opened);
  return play_on(port, log, game, opened, { opening: plan.amount_units, total: plan.amount_units }, identifier);
}

/** Plays the open round `bet` on to its end (also a resumed one). */
export async function play_on(port: RoundPort, log: StepLog, game: RoundGame, bet: CasinoBet<unknown>, stake: RoundStake, identifier: string): Promise<RoundEnd> {
  const { money } = port;
  let total = stake.total;
  let held: Refusal | null = null;
  while (bet.active) {
    let chosen: ChosenStep;
    if (held === null) {
      try {
        const view: RoundView = {
          game, state: bet.state, actions: round_actions(game, bet.state), stake: money.amount(total), amount: money.amount(stake.opening), multiplier: round_multiplier(game, bet.state),
        };
        if (port.decide === null) throw new Error('the run has no round policy');
        chosen = choose_step(game, await port.decide(view), { opening: stake.opening, total }, port.refusal, null, bet.state);
      } catch (error) {
        chosen = choose_step(game, null, { opening: stake.opening, total }, port.refusal, { reason: 'error:strategy', message: `the round's step: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500) }, bet.state);
      }
    } else {
      chosen = choose_step(game, null, { opening: stake.opening, total }, port.refusal, held, bet.state);
    }
    held = chosen.held;
    const { request, adds, safe } = chosen;
    if (request === null) return open_end(bet, identifier, total, money, held);
    // A step whose document takes no identifier (HiloNext: the site finds the round by the session) is told by the round's progress.
    const step_id = request.kind === 'act' && !round_rules(game).step_identifier ? null : new_identifier();
    const sent = { ...(request.kind === 'act' ? request.input : {}), ...(step_id === null ? {} : { identifier: step_id }) };
    const n = log.intend(request.kind, request.kind === 'act' ? request.input : {}, step_id, adds);
    try {
      bet = request.kind === 'cashout' ? await port.site.cashout(game as 'mines' | 'hilo', sent) : await port.site.act(game, sent);
      log.answered(n, bet);
      total += adds;
      continue;
    } catch (error) {
      // One rule for every request (request-fate.ts): a step is "not sent" only when it provably never left.
      const outcome = failure_outcome(error);
      if (outcome.kind === 'unknown' || outcome.kind === 'auth') {
        // It may have been played: what the site did is read from the open round, and the step is never sent again.
        const found = outcome.kind === 'unknown' ? await found_from_active(port, game, bet) : null;
        if (found === null) return { outcome, held };
        log.answered(n, found, 'found');
        bet = found;
        total += adds;
        continue;
      }
      if (outcome.kind === 'not_sent' && (error instanceof RangeError || error instanceof TypeError)) {
        // The client's own check refused it before the wire (hilo higher on a king).
        log.failed(n, 'not_sent', outcome.message);
        if (safe) return open_end(bet, identifier, total, money, held);
        held = { reason: 'error:strategy', message: `the round's step ${request.label}: ${outcome.message}`.slice(0, 500) };
        continue;
      }
      const failure: Refusal = { reason: outcome.kind === 'refused' ? `error:${outcome.error_type}` : 'error:network', message: outcome.message };
      log.failed(n, outcome.kind === 'refused' ? 'refused' : 'not_sent', outcome.kind === 'refused' ? outcome.error_type : outcome.message);
      if (safe) return open_end(bet, identifier, total, money, held ?? failure);
      held = failure;
    }
  }
  return { outcome: { kind: 'placed', bet: settled(bet, identifier, total, money) }, held };
}

/** The step a round plays next: what is sent (null: nothing can be, the round is left open), what it adds, whether it is the safe action, and the stop the run then makes. */
export interface ChosenStep {
  readonly request: StepRequest | null;
  readonly adds: number;
  readonly safe: boolean;
  readonly held: Refusal | null;
}

/**
 * The step to send for the policy's `answer` (null: none, `held` says why):
 * the answer's step when it is one and adds nothing a limit refuses (the
 * round's whole stake with it, `refusal`); else the game's safe action for
 * the round's `state` (steps.ts), adding nothing, with the stop the run
 * makes after the round; or no request where the state has no safe action.
 */
export function choose_step(game: RoundGame, answer: RoundStep | null, stake: RoundStake, refusal: (units: number) => Refusal | null, held: Refusal | null = null, state?: unknown): ChosenStep {
  let stop = held;
  const safe_request = (): StepRequest | null => {
    const step = safe_step(game, state);
    return step === null ? null : step_request(game, step);
  };
  if (stop === null && answer !== null) {
    let request: StepRequest | null = null;
    try {
      request = step_request(game, answer);
    } catch (error) {
      stop = { reason: 'error:strategy', message: `the round's step: it answered ${String(JSON.stringify(answer) ?? typeof answer).slice(0, 60)}: ${(error as Error).message}`.slice(0, 500) };
    }
    if (request !== null) {
      const adds = added_units(game, request, stake.opening);
      const refused = adds > 0 ? refusal(stake.total + adds) : null;
      if (refused === null) return { request, adds, safe: false, held: null };
      // The limit's own arithmetic speaks of "the next bet": here that is the round's whole stake with this step.
      const safe = safe_request();
      const ending = safe === null ? 'the round was left open (it has no step that adds nothing)' : `the round was finished with ${safe.label}`;
      stop = { reason: refused.reason, message: `the round's ${request.label} was not sent and ${ending} (the round's stake with it counted as the bet)${refused.message === undefined ? '' : `: ${refused.message}`}`.slice(0, 500) };
      return { request: safe, adds: 0, safe: true, held: stop };
    }
  }
  const safe = safe_request();
  if (safe === null && stop !== null) {
    const first = round_rules(game).first_step;
    const where = first !== null ? ` before its first ${first} (the site refuses a cashout then, and every step risks the stake)` : '';
    stop = { ...stop, message: `${stop.message ?? stop.reason}; the round is left open${where}: finish it with 'stakeql play ${game} --resume'`.slice(0, 500) };
  }
  return { request: safe, adds: 0, safe: true, held: stop };
}

/** The round left open: the engine stops on an active bet (`error:open_round`). */
function open_end(bet: CasinoBet<unknown>, identifier: string, total: number, money: Money, held: Refusal | null): RoundEnd {
  return { outcome: { kind: 'placed', bet: settled(bet, identifier, total, money) }, held };
}

/** The open round after a step whose answer was lost: the new state when the step shows in it (or the round ended), null when it does not (yet). */
async function found_from_active(port: RoundPort, game: RoundGame, before: CasinoBet<unknown>): Promise<CasinoBet<unknown> | null> {
  if (round_rules(game).open_round_unread !== null) return null;
  let open: CasinoBet<unknown> | null;
  try {
    open = await port.site.active_bet(game as ActiveBetGame);
  } catch {
    return null;
  }
  // No round open any more: the step ended it; its bet is found by the engine's resolve (the history).
  if (open === null || open.id !== before.id) return null;
  return round_progress(game, open.state) > round_progress(game, before.state) ? open : null;
}

/** The round's end as the engine counts it: its stake is what the steps put up. */
function settled(bet: CasinoBet<unknown>, identifier: string, total: number, money: Money): SettledBet {
  return { ...(bet as CasinoBet<Record<string, unknown>>), identifier, amount: money.amount(total) };
}
