/**
 * The simulator's round: a hilo or blackjack round played by a policy over
 * the round's cards (the provably-fair outcome, src/fairness) with the pure
 * rules the sandbox plays by (src/games/<game>/rules.ts), step by step as
 * the round player plays it on the sandbox (play-round.ts): the same step
 * choice (choose_step: a stake-adding step a limit refuses becomes the safe
 * action and the run stops with the limit), the same payouts as the
 * sandbox's desk, so a replay of a sandbox run's seeds gives the same bets.
 */
import { blackjack_act, blackjack_deal, blackjack_result, blackjack_view, type BlackjackAction, type BlackjackRound } from '../../../games/blackjack/rules.js';
import type { SiteCard } from '../../../games/kernel/cards-input.js';
import { card_at } from '../../../games/kernel/cards.js';
import type { GameName, PreparedSeedPair } from '../../../fairness/index.js';
import type { PlannedBet } from '../../engine/planned-bet.js';
import { payout_units } from '../../../games/kernel/payout.js';
import type { RoundStep, RoundView } from '../../../games/kernel/round-view.js';
import { hilo_can_cash_out, hilo_payout_units, hilo_step, type HiloGuess, type HiloState } from '../../../games/hilo/rules.js';
import type { RoundBetGame } from '../../../games/round-bets.js';
import type { Money } from '../../engine/counters.js';
import type { Refusal } from '../../engine/limit-rules.js';
import { Stop } from '../../engine/stop.js';
import { choose_step } from './play-round.js';
import { round_actions, round_multiplier } from './steps.js';

/** What plays the simulator's rounds: the policy, and the run's limits for a step that adds to the stake. */
export interface SimRoundPlay {
  readonly decide: (view: RoundView) => RoundStep | Promise<RoundStep>;
  readonly refusal: (units: number) => Refusal | null;
}

/** A simulated round's end: its state, everything staked and paid (units), and the stop the run makes after it. */
export interface SimRoundEnd {
  readonly state: unknown;
  readonly staked: number;
  readonly payout: number;
  /** The round's multiplier as the site reports it, in ten-thousandths (hilo's running multiplier; blackjack's payout over the stake). */
  readonly multiplier: number;
  readonly held: Refusal | null;
}

/**
 * Thrown when a round played over its first cards only (`short`) needs more
 * of them: the caller plays it again over all 52. Most rounds use fewer than
 * 8 cards, one HMAC digest, so the simulator draws those first.
 */
export const NEEDS_MORE_CARDS: unique symbol = Symbol('needs more cards');

/** Steps a round may take at most (52 cards; a blackjack round ends far sooner): a policy that never ends one is stopped. */
const MAX_STEPS = 60;

/**
 * Plays one round of `game` over `cards`, opened with `opening` units (hilo:
 * from `startCard`). With fewer than the round's 52 cards, a step that needs
 * one more (or fails) throws {@link NEEDS_MORE_CARDS} (a symbol: no stack to capture on the simulator's hot path).
 */
export function sim_round(game: RoundBetGame, cards: readonly SiteCard[], opening: number, params: Readonly<Record<string, unknown>>, play: SimRoundPlay, money: Money): SimRoundEnd {
  return SIM_ROUNDS[game](cards, opening, params, play, money);
}

/** How the simulator plays each round a strategy bets (keyed by the derived list's type: a new one fails to compile until it is here). */
const SIM_ROUNDS: Readonly<Record<RoundBetGame, (cards: readonly SiteCard[], opening: number, params: Readonly<Record<string, unknown>>, play: SimRoundPlay, money: Money) => SimRoundEnd>> = {
  hilo: (cards, opening, params, play, money) => hilo_round(cards, opening, params['startCard'] as SiteCard, play, money),
  blackjack: (cards, opening, _params, play, money) => blackjack_round(cards, opening, play, money),
};

/** The round of `bet` at `nonce` of `pair`: the first 8 cards (one HMAC digest) play most rounds; a longer one is played again over all 52. */
export function sim_round_at(pair: PreparedSeedPair, nonce: number, game: RoundBetGame, bet: PlannedBet, play: SimRoundPlay, money: Money): SimRoundEnd {
  try {
    return sim_round(game, pair.floats(nonce, 8).map((f) => card_at(Math.floor(f * 52))), bet.amount_units, bet.params, play, money);
  } catch (error) {
    if (error !== NEEDS_MORE_CARDS) throw error;
    const { cards } = pair.outcome(game as GameName, nonce, {} as never) as { cards: SiteCard[] };
    return sim_round(game, cards, bet.amount_units, bet.params, play, money);
  }
}

const short = (cards: readonly SiteCard[]): boolean => cards.length < 52;

/** The policy's answer, synchronously (a round's step in the simulator cannot wait). */
function ask(play: SimRoundPlay, game: RoundBetGame, state: unknown, opening: number, total: number, money: Money): RoundStep {
  const view: RoundView = { game, state, actions: round_actions(game, state), stake: money.amount(total), amount: money.amount(opening), multiplier: round_multiplier(game, state) };
  const answer = play.decide(view);
  if (answer instanceof Promise) throw new Stop('error:strategy', 'the simulator plays a round whose round(view) answers at once (not a promise)');
  return answer;
}

function hilo_round(cards: readonly SiteCard[], opening: number, start: SiteCard, play: SimRoundPlay, money: Money): SimRoundEnd {
  let state: HiloState = { startCard: { rank: start.rank, suit: start.suit }, rounds: [] };
  let held: Refusal | null = null;
  for (let n = 0; n < MAX_STEPS; n++) {
    let answer: RoundStep | null = null;
    if (held === null) {
      try {
        answer = ask(play, 'hilo', state, opening, opening, money);
      } catch (error) {
        if (error instanceof Stop) throw error;
        held = { reason: 'error:strategy', message: `the round's step: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500) };
      }
    }
    const chosen = choose_step('hilo', answer, { opening, total: opening }, play.refusal, held, state);
    held = chosen.held;
    const { request } = chosen;
    // No safe step before the first guess: the live run leaves the round open and stops; so does the simulation.
    if (request === null) throw new Stop(held?.reason ?? 'error:open_round', held?.message);
    if (request.kind === 'cashout') {
      // Before a won guess the site refuses the cashout: the round stays open, as on the sandbox.
      if (!hilo_can_cash_out(state)) throw new Stop('error:open_round', 'the simulated hilo round was cashed out before a won guess (the site answers hiloNoRoundsPlayed)');
      return { state, staked: opening, payout: payout_units(opening, hilo_payout_units(state)), multiplier: hilo_payout_units(state), held };
    }
    const card = cards[state.rounds.length];
    let step: ReturnType<typeof hilo_step>;
    try {
      if (card === undefined) throw new RangeError('the round has drawn all 52 of its cards');
      step = hilo_step(state, (request as Extract<typeof request, { kind: 'act' }>).input['guess'] as HiloGuess, card);
    } catch (error) {
      if (short(cards)) throw NEEDS_MORE_CARDS;
      // The client's own check refuses it before the wire: the safe action next.
      if (chosen.safe) throw new Stop('error:open_round', 'the simulated hilo round could not be finished');
      held = { reason: 'error:strategy', message: `the round's step ${request.label}: ${(error as Error).message}`.slice(0, 500) };
      continue;
    }
    state = step.state;
    if (step.lost) return { state, staked: opening, payout: 0, multiplier: 0, held };
  }
  throw new Stop('error:strategy', `the simulated hilo round took more than ${MAX_STEPS} steps`);
}

function blackjack_round(cards: readonly SiteCard[], opening: number, play: SimRoundPlay, money: Money): SimRoundEnd {
  let round: BlackjackRound;
  try {
    round = blackjack_deal(cards);
  } catch (error) {
    if (short(cards)) throw NEEDS_MORE_CARDS;
    throw error;
  }
  let total = opening;
  let insured = 0;
  let held: Refusal | null = null;
  for (let n = 0; !round.over && n < MAX_STEPS; n++) {
    const state = blackjack_view(round);
    let answer: RoundStep | null = null;
    if (held === null) {
      try {
        answer = ask(play, 'blackjack', state, opening, total, money);
      } catch (error) {
        if (error instanceof Stop) throw error;
        held = { reason: 'error:strategy', message: `the round's step: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500) };
      }
    }
    const chosen = choose_step('blackjack', answer, { opening, total }, play.refusal, held, state);
    held = chosen.held;
    const request = chosen.request;
    const action = request !== null && request.kind === 'act' ? (request.input['action'] as BlackjackAction) : 'stand';
    try {
      round = blackjack_act(round, action);
    } catch (error) {
      if (short(cards)) throw NEEDS_MORE_CARDS;
      // The site refuses a move the round does not take now (invalidArgument): the round goes on with the safe action.
      if (chosen.safe) throw new Stop('error:open_round', 'the simulated blackjack round could not be finished');
      held = { reason: 'error:invalidArgument', message: (error as Error).message.slice(0, 500) };
      continue;
    }
    total += chosen.adds;
    // The sandbox stakes half the first bet, rounded down, for insurance.
    if (action === 'insurance') {
      total += Math.floor(opening / 2) - chosen.adds;
      insured = Math.floor(opening / 2);
    }
  }
  if (!round.over) throw new Stop('error:strategy', `the simulated blackjack round took more than ${MAX_STEPS} steps`);
  const result = blackjack_result(round);
  // What its hands return in first stakes (whole half stakes: a natural returns 2.5), plus a won insurance 3 times itself: the sandbox's desk.
  const payout = Math.floor((opening * Math.round(result.returned * 2)) / 2) + (result.insurance === 'won' ? 3 * insured : 0);
  return { state: blackjack_view(round), staked: total, payout, multiplier: total === 0 ? 0 : Math.floor((payout * 10_000) / total), held };
}
