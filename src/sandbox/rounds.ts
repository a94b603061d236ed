/**
 * The round games the sandbox plays beside mines — hilo and blackjack — with
 * their pure rules (src/games/hilo/rules.ts, src/games/blackjack/rules.ts;
 * sources in docs/round-rules.md), at a casino's desk: its bet lock, seeds,
 * debits and payouts (casino.ts). Every input is checked and every pure step
 * computed before anything changes, so a refusal changes nothing.
 */
import type { BetRecord, GameState, RoundState } from './bets.js';
import type { CurrencyInfo } from './currencies.js';
import { outcome } from '../fairness/index.js';
import { blackjack_act, blackjack_deal, blackjack_result, blackjack_view, type BlackjackRound } from '../games/blackjack/rules.js';
import { BLACKJACK_ACTIONS, type BlackjackAction } from '../games/blackjack/round.js';
import { HILO_GUESSES, type HiloGuess } from '../games/hilo/round.js';
import { HILO_NO_CARD_LEFT, hilo_can_cash_out, hilo_payout_units, hilo_step } from '../games/hilo/rules.js';
import type { HiloState } from '../games/hilo/site.js';
import { check_card } from '../games/kernel/cards-input.js';
import type { Ledger } from './ledger.js';
import { betUnits, requireCurrency } from './money.js';
import { SiteRefusal, checkIdentifier } from './refusals.js';
import type { SeedUse } from './seeds.js';

/** What a round game needs of the casino (casino.ts builds one over its private parts). */
export interface RoundDesk {
  readonly ledger: Ledger;
  /** Runs `work` holding the user's bet lock (`parallelCasinoBet` otherwise). */
  exclusive<T>(userId: string, work: () => T): Promise<T>;
  /** The seeds the user's next bet draws from. */
  peek(userId: string): SeedUse['draw'];
  /** Debits and records a bet (`insufficientBalance` changes nothing). */
  open(userId: string, info: CurrencyInfo, units: bigint, identifier: string | null, state: GameState): BetRecord;
  /** Pays and ends a bet: the amount times `multiplier` (ten-thousandths), or `payout` when given. */
  finish(bet: BetRecord, multiplier: number, identifier: string | null, payout?: bigint): void;
  /** Debits more for an open bet (`insufficientBalance` changes nothing). */
  stake_more(bet: BetRecord, units: bigint, identifier: string | null): void;
  /** The user's open round of `game`, or `notFound`. */
  open_round(userId: string, game: string): BetRecord;
}

/**
 * `hiloBet`: debits and opens a round on the start card the player chose;
 * the round's 52 cards are drawn now from the seeds (the nonce is used
 * here), card i for the i-th guess.
 */
export function hiloBet(desk: RoundDesk, userId: string, args: { amount: number; currency: string; startCard: unknown; identifier?: string | null }): Promise<BetRecord> {
  const info = requireCurrency(args.currency);
  const units = betUnits(args.amount, info);
  const startCard = refuseAs(() => check_card(args.startCard, 'startCard'));
  const identifier = args.identifier === undefined || args.identifier === null ? null : checkIdentifier(args.identifier);
  return desk.exclusive(userId, () => {
    if (desk.ledger.activeRound(userId, 'hilo') !== undefined) {
      throw new SiteRefusal('existingGame', 'You already have an active hilo game: finish it first.');
    }
    const { cards } = outcome('hilo', desk.peek(userId));
    const view: HiloState = { startCard, rounds: [] };
    const bet = desk.open(userId, info, units, identifier, { kind: 'hilo', view, cards: cards.map(({ rank, suit }) => ({ rank, suit })) });
    desk.ledger.setActiveRound(userId, 'hilo', bet);
    return bet;
  });
}

/** `hiloNext`: draws the next card; a wrong guess ends the round with nothing paid. */
export function hiloNext(desk: RoundDesk, userId: string, args: { guess: string }): Promise<BetRecord> {
  if (!(HILO_GUESSES as readonly string[]).includes(args.guess)) throw new SiteRefusal('invalidArgument', `guess must be one of ${HILO_GUESSES.join(', ')}.`);
  return desk.exclusive(userId, () => {
    const bet = desk.open_round(userId, 'hilo');
    const round = bet.state as RoundState;
    const view = round.view as HiloState;
    const card = round.cards[view.rounds.length];
    if (card === undefined) throw new SiteRefusal('invalidArgument', HILO_NO_CARD_LEFT);
    const step = refuseAs(() => hilo_step(view, args.guess as HiloGuess, card));
    round.view = step.state;
    bet.updatedAt = Date.now();
    if (step.lost) desk.finish(bet, 0, null);
    else bet.payoutMultiplier = hilo_payout_units(step.state);
    return bet;
  });
}

/** `hiloCashout`: pays the running multiplier; refused before a won guess (`hiloNoRoundsPlayed`). */
export function hiloCashout(desk: RoundDesk, userId: string, args: { identifier: string }): Promise<BetRecord> {
  const identifier = checkIdentifier(args.identifier);
  return desk.exclusive(userId, () => {
    const bet = desk.open_round(userId, 'hilo');
    const view = (bet.state as RoundState).view as HiloState;
    if (!hilo_can_cash_out(view)) throw new SiteRefusal('hiloNoRoundsPlayed', 'Make a guess before cashing out.');
    desk.finish(bet, hilo_payout_units(view), identifier);
    return bet;
  });
}

/** Blackjack's round in the sandbox: the rules' round, the first stake, the insurance staked. */
interface BlackjackEngine {
  round: BlackjackRound;
  readonly base: bigint;
  insured: bigint;
}

/**
 * `blackjackBet`: debits, deals from the round's cards (drawn now from the
 * seeds, the nonce used here) and opens the round; a natural (either side,
 * the dealer showing no ace) ends it at once.
 */
export function blackjackBet(desk: RoundDesk, userId: string, args: { amount: number; currency: string; identifier: string }): Promise<BetRecord> {
  const info = requireCurrency(args.currency);
  const units = betUnits(args.amount, info);
  const identifier = checkIdentifier(args.identifier);
  return desk.exclusive(userId, () => {
    if (desk.ledger.activeRound(userId, 'blackjack') !== undefined) {
      throw new SiteRefusal('existingGame', 'You already have an active blackjack game: finish it first.');
    }
    const { cards } = outcome('blackjack', desk.peek(userId));
    const round = blackjack_deal(cards.map(({ rank, suit }) => ({ rank, suit })));
    const engine: BlackjackEngine = { round, base: units, insured: 0n };
    const bet = desk.open(userId, info, units, identifier, { kind: 'blackjack', view: blackjack_view(round), cards: round.cards, engine });
    desk.ledger.setActiveRound(userId, 'blackjack', bet);
    if (round.over) finishBlackjack(desk, bet, engine, identifier);
    return bet;
  });
}

/**
 * `blackjackNext`: one move. A double or a split stakes the first amount
 * again, insurance half of it (debited first: `insufficientBalance` changes
 * nothing); a move the round does not take now is refused.
 */
export function blackjackNext(desk: RoundDesk, userId: string, args: { action: string; identifier: string }): Promise<BetRecord> {
  const identifier = checkIdentifier(args.identifier);
  if (!(BLACKJACK_ACTIONS as readonly string[]).includes(args.action)) throw new SiteRefusal('invalidArgument', `action must be one of ${BLACKJACK_ACTIONS.join(', ')}.`);
  const action = args.action as BlackjackAction;
  return desk.exclusive(userId, () => {
    const bet = desk.open_round(userId, 'blackjack');
    const state = bet.state as RoundState;
    const engine = state.engine as BlackjackEngine;
    const round = refuseAs(() => blackjack_act(engine.round, action));
    const extra = action === 'double' || action === 'split' ? engine.base : action === 'insurance' ? engine.base / 2n : 0n;
    if (extra > 0n) {
      desk.stake_more(bet, extra, identifier);
      if (action === 'insurance') engine.insured = extra;
    }
    engine.round = round;
    state.view = blackjack_view(round);
    bet.updatedAt = Date.now();
    if (round.over) finishBlackjack(desk, bet, engine, identifier);
    return bet;
  });
}

/** Pays a finished round: what its hands return in first stakes, plus a won insurance (3 times itself). */
function finishBlackjack(desk: RoundDesk, bet: BetRecord, engine: BlackjackEngine, identifier: string | null): void {
  const result = blackjack_result(engine.round);
  // `returned` is a whole number of half stakes (a natural returns 2.5).
  const hands = (engine.base * BigInt(Math.round(result.returned * 2))) / 2n;
  const payout = hands + (result.insurance === 'won' ? 3n * engine.insured : 0n);
  const multiplier = bet.amountUnits === 0n ? 0 : Number((payout * 10_000n) / bet.amountUnits);
  desk.finish(bet, multiplier, identifier, payout);
}

/** Runs a pure rule's check, its RangeError/TypeError becoming the site's `invalidArgument` (nothing changed yet). */
function refuseAs<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw new SiteRefusal('invalidArgument', `${error.message}.`);
    throw error;
  }
}
