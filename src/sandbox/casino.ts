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
import type { BetRecord, GameState, MinesState } from './bets.js';
import type { CurrencyInfo } from './currencies.js';
import type { SandboxEvents } from './events.js';
import { outcome, type GameName } from '../fairness/index.js';
import { TILES, checkFields, checkMinesCount, minesMultiplier } from '../games/mines/sandbox.js';
import { blackjackBet, blackjackNext, hiloBet, hiloCashout, hiloNext, type RoundDesk } from './rounds.js';
import { GAMES, is_registry_game } from '../games/registry.js';
import { minesOutcome } from './games/outcomes.js';
import { sandbox_game } from './games/registry.js';
import type { Ledger } from './ledger.js';
import { applyMultiplier, betUnits, fromMinorUnits, requireCurrency } from './money.js';
import { SITE_ERROR_MESSAGES, SiteRefusal, checkIdentifier } from './refusals.js';
import type { SeedUse } from './seeds.js';

const MAX_CLIENT_SEED_LENGTH = 64;

/** Plays the games of one sandbox against its ledger. */
export class Casino {
  readonly #ledger: Ledger;
  readonly #events: SandboxEvents;
  readonly #delayMs: number;
  readonly #sleep: (ms: number) => Promise<boolean>;
  readonly #busy = new Set<string>();
  readonly #desk: RoundDesk;

  constructor(ledger: Ledger, events: SandboxEvents, betDelayMs: number, sleep: (ms: number) => Promise<boolean>) {
    this.#ledger = ledger;
    this.#events = events;
    this.#delayMs = betDelayMs;
    this.#sleep = sleep;
    this.#desk = {
      ledger,
      exclusive: (userId, work) => this.#exclusive(userId, work),
      peek: (userId) => this.#peek(userId),
      open: (userId, info, units, identifier, state) => this.#open(userId, info, units, identifier, state),
      finish: (bet, multiplier, identifier, payout) => this.#finish(bet, multiplier, identifier, payout),
      stake_more: (bet, units, identifier) => this.#stakeMore(bet, units, identifier),
      open_round: (userId, game) => this.#openRoundOf(userId, game),
    };
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

  /** `hiloBet`, `hiloNext`, `hiloCashout`, `blackjackBet`, `blackjackNext`: rounds.ts plays them at this casino's desk. */
  hiloBet(userId: string, args: Parameters<typeof hiloBet>[2]): Promise<BetRecord> {
    return hiloBet(this.#desk, userId, args);
  }

  hiloNext(userId: string, args: Parameters<typeof hiloNext>[2]): Promise<BetRecord> {
    return hiloNext(this.#desk, userId, args);
  }

  hiloCashout(userId: string, args: Parameters<typeof hiloCashout>[2]): Promise<BetRecord> {
    return hiloCashout(this.#desk, userId, args);
  }

  blackjackBet(userId: string, args: Parameters<typeof blackjackBet>[2]): Promise<BetRecord> {
    return blackjackBet(this.#desk, userId, args);
  }

  blackjackNext(userId: string, args: Parameters<typeof blackjackNext>[2]): Promise<BetRecord> {
    return blackjackNext(this.#desk, userId, args);
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

  /** Debits `units` more for an open bet (a blackjack double, split or insurance): `insufficientBalance` changes nothing. */
  #stakeMore(bet: BetRecord, units: bigint, identifier: string | null): void {
    const balance = this.#ledger.debit(bet.user.id, bet.currency, units);
    bet.amountUnits += units;
    this.#events.emit('balance', {
      user_id: bet.user.id,
      currency: bet.currency.name,
      amount: -fromMinorUnits(units, bet.currency),
      balance: fromMinorUnits(balance, bet.currency),
      identifier,
    });
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

function parallel(): SiteRefusal {
  return new SiteRefusal('parallelCasinoBet', SITE_ERROR_MESSAGES.parallelCasinoBet);
}
