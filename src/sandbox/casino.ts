/**
 * The games and money moves of the sandbox, with the site's rules and
 * refusals: every bet checks its input first (nothing changes on a refusal),
 * then holds its user's bet lock, so a second bet of the same user that
 * overlaps it is refused with `parallelCasinoBet`. `bet_delay_ms` holds the
 * lock that long before settling, to make the overlap easy to reproduce.
 *
 * Events (`core.events`): a bet emits a `balance` event for its debit when
 * placed and one for its credit when it pays (none for a zero amount), each
 * with the identifier of the request that moved the balance; `house_bet`
 * once a bet is finished. Vault moves are in vault.ts.
 */
import { randomUUID } from 'node:crypto';
import type { BetRecord, GameState, MinesState, RoundState } from './bets.js';
import type { CurrencyInfo } from './currencies.js';
import type { SandboxEvents } from './events.js';
import { outcome, type GameName } from '../fairness/index.js';
import { TILES, checkFields, checkMinesCount, minesMultiplier } from '../games/mines/sandbox.js';
import { check_card } from '../games/kernel/cards-input.js';
import { HILO_GUESSES, type HiloGuess } from '../games/hilo/round.js';
import { HILO_NO_CARD_LEFT, hilo_can_cash_out, hilo_payout_units, hilo_step } from '../games/hilo/rules.js';
import type { HiloState } from '../games/hilo/site.js';
import { blackjack_act, blackjack_deal, blackjack_result, blackjack_view, type BlackjackRound } from '../games/blackjack/rules.js';
import { BLACKJACK_ACTIONS, type BlackjackAction } from '../games/blackjack/round.js';
import { GAMES, is_registry_game } from '../games/registry.js';
import { minesOutcome } from './games/outcomes.js';
import { sandbox_game } from './games/registry.js';
import type { Ledger } from './ledger.js';
import { applyMultiplier, betUnits, fromMinorUnits, requireCurrency } from './money.js';
import { SITE_ERROR_MESSAGES, SiteRefusal } from './refusals.js';
import type { SeedUse } from './seeds.js';

const MAX_IDENTIFIER_LENGTH = 256;
const MAX_CLIENT_SEED_LENGTH = 64;

/** Plays the games of one sandbox against its ledger. */
export class Casino {
  readonly #ledger: Ledger;
  readonly #events: SandboxEvents;
  readonly #delayMs: number;
  readonly #sleep: (ms: number) => Promise<boolean>;
  readonly #busy = new Set<string>();

  constructor(ledger: Ledger, events: SandboxEvents, betDelayMs: number, sleep: (ms: number) => Promise<boolean>) {
    this.#ledger = ledger;
    this.#events = events;
    this.#delayMs = betDelayMs;
    this.#sleep = sleep;
  }

  /**
   * One round of a game played in one request (`diceRoll`, `limboBet`,
   * `kenoBet`, `plinkoBet`, …: every game of src/sandbox/games/registry.ts
   * with a `check`): the game's refusals first, then the outcome drawn from
   * the user's seeds and paid by the game's rules, the same `settle` the
   * simulator pays by.
   */
  play(userId: string, game: string, args: Readonly<Record<string, unknown>>): Promise<BetRecord> {
    const served = sandbox_game(game);
    const check = served?.check;
    if (check === undefined || !is_registry_game(game)) throw new SiteRefusal('invalidArgument', 'The sandbox does not play that game in one request.');
    const rules = GAMES[game];
    const info = requireCurrency(args['currency'] as string);
    const params = check(args);
    // A game taken without `amount` (roulette) is staked its chips' total, which its check returns as `amount`.
    const stake = rules.transport.amount === false ? (params as { amount: number }).amount : args['amount'];
    const units = betUnits(stake as number, info);
    const identifier = checkIdentifier(args['identifier'] as string);
    return this.#exclusive(userId, () => {
      // A game the sandbox refuses never gets here: its `check` refused it.
      const drawn = outcome(game as GameName, { ...this.#peek(userId), ...rules.outcome_params(params as never) } as never);
      const { multiplier, state } = rules.settle(drawn as never, params as never);
      const bet = this.#open(userId, info, units, identifier, { kind: game, view: state });
      this.#finish(bet, multiplier, identifier);
      return bet;
    });
  }

  /**
   * `minesBet`: debits, fixes the mines from the seeds (the nonce is used
   * here) and opens the round. With `fields` it plays them at once and cashes
   * out if none was a mine, as the site's auto mode does.
   */
  minesBet(
    userId: string,
    args: { amount: number; currency: string; minesCount: number; fields?: readonly number[] | null; identifier?: string | null },
  ): Promise<BetRecord> {
    const info = requireCurrency(args.currency);
    const units = betUnits(args.amount, info);
    checkMinesCount(args.minesCount);
    const fields = args.fields ?? [];
    if (fields.length > 0) checkFields(fields, []);
    const identifier = args.identifier === undefined || args.identifier === null ? null : checkIdentifier(args.identifier);
    return this.#exclusive(userId, () => {
      if (this.#ledger.activeMines(userId) !== undefined) {
        throw new SiteRefusal('existingGame', 'You already have an active mines game: finish it first.');
      }
      const { mines } = minesOutcome(this.#peek(userId), args.minesCount);
      const bet = this.#open(userId, info, units, identifier, { kind: 'mines', minesCount: args.minesCount, mines, rounds: [] });
      this.#ledger.setActiveMines(userId, bet);
      if (fields.length > 0) {
        this.#reveal(bet, fields, identifier);
        if (bet.active) this.#cashout(bet, identifier);
      }
      return bet;
    });
  }

  /** `minesNext`: reveals `fields` in order; a mine ends the round with nothing paid. */
  minesNext(userId: string, args: { fields?: readonly number[] | null; identifier: string }): Promise<BetRecord> {
    const identifier = checkIdentifier(args.identifier);
    return this.#exclusive(userId, () => {
      const bet = this.#openRound(userId);
      checkFields(args.fields ?? [], (bet.state as MinesState).rounds.map((r) => r.field));
      this.#reveal(bet, args.fields ?? [], identifier);
      return bet;
    });
  }

  /** `minesCashout`: pays the current multiplier and ends the round. */
  minesCashout(userId: string, args: { identifier: string }): Promise<BetRecord> {
    const identifier = checkIdentifier(args.identifier);
    return this.#exclusive(userId, () => {
      const bet = this.#openRound(userId);
      if ((bet.state as MinesState).rounds.length === 0) {
        // The site answers a cashout before any tile with a refusal; public bots treat `insignificantBet` here as "nothing to cash out".
        throw new SiteRefusal('insignificantBet', 'Reveal at least one tile before cashing out.');
      }
      this.#cashout(bet, identifier);
      return bet;
    });
  }

  /**
   * `hiloBet`: debits and opens a round on the start card the player chose;
   * the round's 52 cards are drawn now from the seeds (the nonce is used
   * here), card i for the i-th guess.
   */
  hiloBet(userId: string, args: { amount: number; currency: string; startCard: unknown; identifier?: string | null }): Promise<BetRecord> {
    const info = requireCurrency(args.currency);
    const units = betUnits(args.amount, info);
    const startCard = refuseAs('invalidArgument', () => check_card(args.startCard, 'startCard'));
    const identifier = args.identifier === undefined || args.identifier === null ? null : checkIdentifier(args.identifier);
    return this.#exclusive(userId, () => {
      if (this.#ledger.activeRound(userId, 'hilo') !== undefined) {
        throw new SiteRefusal('existingGame', 'You already have an active hilo game: finish it first.');
      }
      const { cards } = outcome('hilo', this.#peek(userId));
      const view: HiloState = { startCard, rounds: [] };
      const bet = this.#open(userId, info, units, identifier, { kind: 'hilo', view, cards: cards.map(({ rank, suit }) => ({ rank, suit })) });
      this.#ledger.setActiveRound(userId, 'hilo', bet);
      return bet;
    });
  }

  /** `hiloNext`: draws the next card; a wrong guess ends the round with nothing paid. */
  hiloNext(userId: string, args: { guess: string }): Promise<BetRecord> {
    if (!(HILO_GUESSES as readonly string[]).includes(args.guess)) throw new SiteRefusal('invalidArgument', `guess must be one of ${HILO_GUESSES.join(', ')}.`);
    return this.#exclusive(userId, () => {
      const bet = this.#openRoundOf(userId, 'hilo');
      const round = bet.state as RoundState;
      const view = round.view as HiloState;
      const card = round.cards[view.rounds.length];
      if (card === undefined) throw new SiteRefusal('invalidArgument', HILO_NO_CARD_LEFT);
      const step = refuseAs('invalidArgument', () => hilo_step(view, args.guess as HiloGuess, card));
      round.view = step.state;
      bet.updatedAt = Date.now();
      if (step.lost) this.#finish(bet, 0, null);
      else bet.payoutMultiplier = hilo_payout_units(step.state);
      return bet;
    });
  }

  /** `hiloCashout`: pays the running multiplier; refused before a won guess (`hiloNoRoundsPlayed`). */
  hiloCashout(userId: string, args: { identifier: string }): Promise<BetRecord> {
    const identifier = checkIdentifier(args.identifier);
    return this.#exclusive(userId, () => {
      const bet = this.#openRoundOf(userId, 'hilo');
      const view = (bet.state as RoundState).view as HiloState;
      if (!hilo_can_cash_out(view)) throw new SiteRefusal('hiloNoRoundsPlayed', 'Make a guess before cashing out.');
      this.#finish(bet, hilo_payout_units(view), identifier);
      return bet;
    });
  }

  /**
   * `blackjackBet`: debits, deals from the round's cards (drawn now from the
   * seeds, the nonce used here) and opens the round; a natural (either side,
   * the dealer showing no ace) ends it at once.
   */
  blackjackBet(userId: string, args: { amount: number; currency: string; identifier: string }): Promise<BetRecord> {
    const info = requireCurrency(args.currency);
    const units = betUnits(args.amount, info);
    const identifier = checkIdentifier(args.identifier);
    return this.#exclusive(userId, () => {
      if (this.#ledger.activeRound(userId, 'blackjack') !== undefined) {
        throw new SiteRefusal('existingGame', 'You already have an active blackjack game: finish it first.');
      }
      const { cards } = outcome('blackjack', this.#peek(userId));
      const round = blackjack_deal(cards.map(({ rank, suit }) => ({ rank, suit })));
      const engine: BlackjackEngine = { round, base: units, insured: 0n };
      const bet = this.#open(userId, info, units, identifier, { kind: 'blackjack', view: blackjack_view(round), cards: round.cards, engine });
      this.#ledger.setActiveRound(userId, 'blackjack', bet);
      if (round.over) this.#finishBlackjack(bet, engine, identifier);
      return bet;
    });
  }

  /**
   * `blackjackNext`: one move. A double or a split stakes the first amount
   * again, insurance half of it (debited first: `insufficientBalance` changes
   * nothing); a move the round does not take now is refused.
   */
  blackjackNext(userId: string, args: { action: string; identifier: string }): Promise<BetRecord> {
    const identifier = checkIdentifier(args.identifier);
    if (!(BLACKJACK_ACTIONS as readonly string[]).includes(args.action)) throw new SiteRefusal('invalidArgument', `action must be one of ${BLACKJACK_ACTIONS.join(', ')}.`);
    const action = args.action as BlackjackAction;
    return this.#exclusive(userId, () => {
      const bet = this.#openRoundOf(userId, 'blackjack');
      const state = bet.state as RoundState;
      const engine = state.engine as BlackjackEngine;
      const round = refuseAs('invalidArgument', () => blackjack_act(engine.round, action));
      const extra = action === 'double' || action === 'split' ? engine.base : action === 'insurance' ? engine.base / 2n : 0n;
      if (extra > 0n) {
        const balance = this.#ledger.debit(userId, bet.currency, extra);
        bet.amountUnits += extra;
        if (action === 'insurance') engine.insured = extra;
        this.#events.emit('balance', { user_id: userId, currency: bet.currency.name, amount: -fromMinorUnits(extra, bet.currency), balance: fromMinorUnits(balance, bet.currency), identifier });
      }
      engine.round = round;
      state.view = blackjack_view(round);
      bet.updatedAt = Date.now();
      if (round.over) this.#finishBlackjack(bet, engine, identifier);
      return bet;
    });
  }

  /** Pays a finished round: what its hands return in first stakes, plus a won insurance (3 times itself). */
  #finishBlackjack(bet: BetRecord, engine: BlackjackEngine, identifier: string | null): void {
    const result = blackjack_result(engine.round);
    // `returned` is a whole number of half stakes (a natural returns 2.5).
    const hands = (engine.base * BigInt(Math.round(result.returned * 2))) / 2n;
    const payout = hands + (result.insurance === 'won' ? 3n * engine.insured : 0n);
    const multiplier = bet.amountUnits === 0n ? 0 : Number((payout * 10_000n) / bet.amountUnits);
    this.#finish(bet, multiplier, identifier, payout);
  }

  /**
   * `rotateSeedPair`: the new client seed, the next server seed active, nonce
   * 0, the previous server seed revealed. Refused while a bet is in progress
   * (`parallelCasinoBet`) or a mines round is open (`existingGame`: the site
   * refuses the rotation then; which errorType it uses is not public).
   */
  rotateSeedPair(userId: string, seed: string): void {
    if (seed.length === 0 || seed.length > MAX_CLIENT_SEED_LENGTH || seed.trim() !== seed) {
      throw new SiteRefusal('invalidSeed', `The client seed must be 1 to ${MAX_CLIENT_SEED_LENGTH} characters without surrounding spaces.`);
    }
    if (this.#busy.has(userId)) throw parallel();
    if (this.#ledger.hasOpenRound(userId)) {
      throw new SiteRefusal('existingGame', 'Finish your active game before changing seeds.');
    }
    this.#ledger.seeds(userId).rotate(seed);
  }

  async #exclusive<T>(userId: string, work: () => T): Promise<T> {
    if (this.#busy.has(userId)) throw parallel();
    this.#busy.add(userId);
    try {
      if (this.#delayMs > 0 && !(await this.#sleep(this.#delayMs))) throw new Error('sandbox closed');
      return work();
    } finally {
      this.#busy.delete(userId);
    }
  }

  #openRound(userId: string): BetRecord {
    const bet = this.#ledger.activeMines(userId);
    if (bet === undefined) throw new SiteRefusal('notFound', 'No active mines game.');
    return bet;
  }

  #openRoundOf(userId: string, game: string): BetRecord {
    const bet = this.#ledger.activeRound(userId, game);
    if (bet === undefined) throw new SiteRefusal('notFound', `No active ${game} game.`);
    return bet;
  }

  /** The seeds the user's next bet draws from (the nonce is taken only by `#open`). */
  #peek(userId: string): SeedUse['draw'] {
    const pair = this.#ledger.seeds(userId);
    return { server_seed: pair.serverSeed.seed, client_seed: pair.clientSeed.seed, nonce: pair.nonce };
  }

  /**
   * Debits (or refuses with `insufficientBalance`, changing nothing), takes
   * the nonce the state was drawn with, records the bet.
   */
  #open(userId: string, info: CurrencyInfo, units: bigint, identifier: string | null, state: GameState): BetRecord {
    const balance = this.#ledger.debit(userId, info, units);
    const seeds = this.#ledger.seeds(userId).use();
    const now = Date.now();
    const bet: BetRecord = {
      id: randomUUID(),
      iid: this.#ledger.bets.nextIid(),
      game: state.kind,
      user: this.#ledger.user(userId) as BetRecord['user'],
      currency: info,
      amountUnits: units,
      identifier,
      seeds,
      createdAt: now,
      state,
      active: true,
      payoutUnits: 0n,
      payoutMultiplier: 0,
      updatedAt: now,
    };
    this.#ledger.bets.add(bet);
    if (units > 0n) {
      this.#events.emit('balance', {
        user_id: userId,
        currency: info.name,
        amount: -fromMinorUnits(units, info),
        balance: fromMinorUnits(balance, info),
        identifier,
      });
    }
    return bet;
  }

  /** Reveals tiles one by one; stops at a mine; all safe tiles revealed cashes out. */
  #reveal(bet: BetRecord, fields: readonly number[], identifier: string | null): void {
    const state = bet.state as MinesState;
    for (const field of fields) {
      if (state.mines.includes(field)) {
        state.rounds.push({ field, payoutMultiplier: 0 });
        this.#finish(bet, 0, identifier);
        return;
      }
      const multiplier = minesMultiplier(state.minesCount, state.rounds.length + 1);
      state.rounds.push({ field, payoutMultiplier: multiplier / 10_000 });
      bet.payoutMultiplier = multiplier;
      bet.updatedAt = Date.now();
    }
    if (state.rounds.length === TILES - state.minesCount) this.#cashout(bet, identifier);
  }

  #cashout(bet: BetRecord, identifier: string | null): void {
    const state = bet.state as MinesState;
    this.#finish(bet, minesMultiplier(state.minesCount, state.rounds.length), identifier);
  }

  /** Credits the payout (the amount times the multiplier, unless given), ends the bet, reports it. */
  #finish(bet: BetRecord, multiplier: number, identifier: string | null, given?: bigint): void {
    const payout = given ?? applyMultiplier(bet.amountUnits, multiplier);
    bet.active = false;
    bet.payoutMultiplier = multiplier;
    bet.payoutUnits = payout;
    bet.updatedAt = Date.now();
    if (bet.game === 'mines') this.#ledger.setActiveMines(bet.user.id, undefined);
    else this.#ledger.setActiveRound(bet.user.id, bet.game, undefined);
    const info = bet.currency;
    if (payout > 0n) {
      const balance = this.#ledger.credit(bet.user.id, info, payout);
      this.#events.emit('balance', {
        user_id: bet.user.id,
        currency: info.name,
        amount: fromMinorUnits(payout, info),
        balance: fromMinorUnits(balance, info),
        identifier,
      });
    }
    this.#events.emit('house_bet', {
      id: bet.id,
      iid: bet.iid,
      game: bet.game,
      amount: fromMinorUnits(bet.amountUnits, info),
      payout: fromMinorUnits(payout, info),
      payoutMultiplier: multiplier / 10_000,
      currency: info.name,
      updatedAt: new Date(bet.updatedAt).toUTCString(),
      user: { id: bet.user.id, name: bet.user.name },
    });
  }
}

function checkIdentifier(identifier: string): string {
  if (identifier.length === 0 || identifier.length > MAX_IDENTIFIER_LENGTH) {
    throw new SiteRefusal('invalidArgument', `The identifier must be 1 to ${MAX_IDENTIFIER_LENGTH} characters.`);
  }
  return identifier;
}

/** Blackjack's round in the sandbox: the rules' round, the first stake, the insurance staked. */
interface BlackjackEngine {
  round: BlackjackRound;
  readonly base: bigint;
  insured: bigint;
}

/** Runs a pure rule's check, its RangeError/TypeError becoming the site's refusal (nothing changed yet). */
function refuseAs<T>(errorType: 'invalidArgument', check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw new SiteRefusal(errorType, `${error.message}.`);
    throw error;
  }
}

function parallel(): SiteRefusal {
  return new SiteRefusal('parallelCasinoBet', SITE_ERROR_MESSAGES.parallelCasinoBet);
}
