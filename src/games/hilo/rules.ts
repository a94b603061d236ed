/**
 * Hilo's rules, pure: which guess wins on which card and what it pays.
 *
 * Sources (docs/round-rules.md has the full list and what stays unconfirmed):
 * - Stake's own guide, https://stake.com/blog/how-to-play-hilo-on-stake: the
 *   ranks from lowest to highest (ace low, king high), an unlimited number of
 *   decks (so the same rank may come again), the choices "Higher or Same",
 *   "Lower or Same" and "Skip Card", and its worked example: on a 2,
 *   "higher or the same" has a 92.31 % chance (12/13) and "a 2 or lower"
 *   15.38 % (2/13) — each rank 1/13, as the provably-fair page's unlimited
 *   deck gives (https://stake.com/provably-fair/game-events).
 * - The payout "will change based on the probability of the next card" (same
 *   guide), at Stake's 99 % return for its originals: hilo 99 % RTP
 *   (https://cryptodeepin.com/3679.html, "Hilo: 99% RTP at Stake (Stake
 *   Originals)"). So a won guess multiplies the round by 0.99 / chance, and
 *   every guess returns exactly 99 %; a skip draws the next card and changes
 *   nothing.
 */
import type { SiteCard } from '../kernel/cards-input.js';

/** A hilo guess (`CasinoGameHiloGuessEnum`). */
export type HiloGuess = 'higher' | 'lower' | 'equal' | 'higherEqual' | 'lowerEqual' | 'skip';

/** One guess of a hilo round: the card drawn, the guess, the running multiplier. */
export interface HiloRound {
  readonly card: SiteCard;
  readonly guess: string;
  readonly payoutMultiplier: number;
}

/** Hilo's `state`. */
export type HiloState = {
  readonly startCard: SiteCard;
  readonly rounds: readonly HiloRound[];
};

/** Stake's return on every hilo guess (1 % house edge). */
export const HILO_RTP = 0.99;
/** Ranks in the site's spelling, lowest first (the guide's order). */
const ORDER = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** A rank's place, 1 (ace) to 13 (king). */
export function hilo_rank_value(rank: string): number {
  const i = (ORDER as readonly string[]).indexOf(rank);
  if (i < 0) throw new RangeError(`rank must be one of ${ORDER.join(' ')}`);
  return i + 1;
}

/** How many of the 13 equally likely ranks make `guess` win on a card of value `v`. */
function winning_ranks(guess: Exclude<HiloGuess, 'skip'>, v: number): number {
  switch (guess) {
    case 'higher':
      return 13 - v;
    case 'lower':
      return v - 1;
    case 'equal':
      return 1;
    case 'higherEqual':
      return 14 - v;
    case 'lowerEqual':
      return v;
  }
}

/** The chance (0–1) that `guess` wins on `rank`; 1 for a skip, which cannot lose. */
export function hilo_win_chance(guess: HiloGuess, rank: string): number {
  if (guess === 'skip') return 1;
  return winning_ranks(guess, hilo_rank_value(rank)) / 13;
}

/**
 * Whether the site takes `guess` on `rank`: a guess that cannot win (higher
 * on a king) or cannot lose (higher-or-same on an ace) is no bet; the guide
 * offers neither.
 */
export function hilo_guess_allowed(guess: HiloGuess, rank: string): boolean {
  if (guess === 'skip') return true;
  const chance = hilo_win_chance(guess, rank);
  return chance > 0 && chance < 1;
}

/** Whether `guess` wins when `next` follows `current`. */
export function hilo_guess_wins(guess: HiloGuess, current: string, next: string): boolean {
  const a = hilo_rank_value(current);
  const b = hilo_rank_value(next);
  switch (guess) {
    case 'skip':
      return true;
    case 'higher':
      return b > a;
    case 'lower':
      return b < a;
    case 'equal':
      return b === a;
    case 'higherEqual':
      return b >= a;
    case 'lowerEqual':
      return b <= a;
  }
}

/** What a won guess multiplies the round by: 0.99 / its chance. */
export function hilo_step_factor(guess: HiloGuess, rank: string): number {
  return guess === 'skip' ? 1 : HILO_RTP / hilo_win_chance(guess, rank);
}

/** The round's running multiplier (1 before any won guess, 0 once lost). */
export function hilo_multiplier(state: HiloState): number {
  const last = state.rounds[state.rounds.length - 1];
  return last === undefined ? 1 : last.payoutMultiplier;
}

/** The card the next guess is about: the last drawn, else the start card. */
function current_card(state: HiloState): SiteCard {
  const last = state.rounds[state.rounds.length - 1];
  return last === undefined ? state.startCard : last.card;
}

/** Whether a round has a won guess to cash out (skips alone are not one). */
export function hilo_can_cash_out(state: HiloState): boolean {
  return state.rounds.some((r) => r.guess !== 'skip') && hilo_multiplier(state) > 0;
}

/** One step's result: the new state, and whether the guess lost the round. */
export interface HiloStep {
  readonly state: HiloState;
  readonly lost: boolean;
}

/**
 * Plays `guess` with `card` as the next card drawn. Throws a RangeError for a
 * guess the site does not take on the current card, or a round already lost.
 */
export function hilo_step(state: HiloState, guess: HiloGuess, card: SiteCard): HiloStep {
  const running = hilo_multiplier(state);
  if (running === 0) throw new RangeError('the round is lost: no more guesses');
  const current = current_card(state).rank;
  if (!hilo_guess_allowed(guess, current)) throw new RangeError(`guess ${guess} is not offered on ${current}: it cannot ${hilo_win_chance(guess, current) === 0 ? 'win' : 'lose'}`);
  const won = hilo_guess_wins(guess, current, card.rank);
  const payoutMultiplier = won ? running * hilo_step_factor(guess, current) : 0;
  const round: HiloRound = { card: { rank: card.rank, suit: card.suit }, guess, payoutMultiplier };
  return { state: { startCard: state.startCard, rounds: [...state.rounds, round] }, lost: !won };
}

/**
 * What the round pays, in ten-thousandths (the unit the sandbox's money and
 * `CasinoBet.payoutMultiplier × 10⁴` use), rounded down so it never pays more
 * than the rule; how the site rounds is not public.
 */
export function hilo_payout_units(state: HiloState): number {
  // The tiny epsilon keeps an exact product such as 0.99 × 13 = 12.87 from flooring to 12.8699.
  return Math.floor(hilo_multiplier(state) * 10_000 + 1e-7);
}

/** Why a guess past the round's 52 cards is refused. */
export const HILO_NO_CARD_LEFT = 'the round has drawn all 52 of its cards: cash out';

/** A policy's move in a round: a guess, or cash out. */
export type HiloMove = HiloGuess | 'cashout';

/** A round played out: every state after each step, and what it paid (a multiplier, 0 when lost; null while still open). */
export interface HiloSettled {
  readonly states: readonly HiloState[];
  readonly multiplier: number | null;
}

/**
 * Settles a round for the simulator: `cards` are the round's cards in draw
 * order (the provably-fair outcome, `cards[i]` drawn for the i-th guess),
 * `moves` the policy's answers. The round ends on a loss, on `cashout` (which
 * needs a won guess first); when the moves run out first the round is still
 * open (multiplier null). A guess after the round's 52 cards (Stake's page:
 * hilo draws 52 floats) is refused, our choice: the site's answer there is
 * not public.
 */
export function hilo_settle(startCard: SiteCard, cards: readonly SiteCard[], moves: readonly HiloMove[]): HiloSettled {
  let state: HiloState = { startCard: { rank: startCard.rank, suit: startCard.suit }, rounds: [] };
  const states: HiloState[] = [state];
  for (const move of moves) {
    if (move === 'cashout') {
      if (!hilo_can_cash_out(state)) throw new RangeError('cashout before a won guess: the site answers hiloNoRoundsPlayed');
      return { states, multiplier: hilo_payout_units(state) / 10_000 };
    }
    const card = cards[state.rounds.length];
    if (card === undefined) throw new RangeError(HILO_NO_CARD_LEFT);
    const step = hilo_step(state, move, card);
    state = step.state;
    states.push(state);
    if (step.lost) return { states, multiplier: 0 };
  }
  return { states, multiplier: null };
}
