/**
 * A driver for engine tests that keeps its own books: it settles each bet at
 * once, paying the multipliers it is given in order, and counts the
 * balance, profit, peak, wagered and loss streak in whole units itself, so a
 * test checks the engine against numbers the engine did not produce.
 */
import { Money } from '../../../src/autobet/engine/counters.js';
import type { Adoption, Driver, DriverStart, PlaceOutcome, ResolveOutcome, SeedView } from '../../../src/autobet/engine/driver.js';
import type { PlannedBet } from '../../../src/autobet/engine/planned-bet.js';
import type { SettledBet } from '../../../src/autobet/strategies/strategy.js';

/** The books are in units of btc (8 decimals). */
const btc = new Money(8);

/** The driver's books at one moment, in units (the clock in ms). */
export interface Books {
  readonly balance: number;
  readonly profit: number;
  /** The highest profit so far, from 0. */
  readonly peak: number;
  readonly wagered: number;
  /** Bets lost in a row (a push is not a win). */
  readonly loss_streak: number;
  /** Bets settled on the account: the engine's and any other. */
  readonly booked: number;
  readonly clock: number;
}

/** One bet as the driver saw it arrive, with its books just before it. */
export interface Sent {
  readonly amount: number;
  readonly game: string;
  readonly before: Books;
}

/** Settles every bet at once and keeps its own books in units. */
export class BooksDriver implements Driver {
  readonly kind = 'simulator' as const;
  readonly sent: Sent[] = [];
  balance: number;
  profit = 0;
  peak = 0;
  wagered = 0;
  loss_streak = 0;
  booked = 0;
  clock = 0;
  #pair = 0;
  #nonce = 0;

  /** The multipliers the next bets pay, in order; a bet past the last one loses. */
  readonly #outcomes: number[];

  constructor(balance: number, outcomes: readonly number[] = []) {
    this.balance = balance;
    this.#outcomes = [...outcomes];
  }

  #view(): SeedView {
    return { server_seed_hash: `hash-${this.#pair}`, client_seed: 'client', nonce: this.#nonce };
  }

  async start(): Promise<DriverStart> {
    return { balance: btc.amount(this.balance), seeds: this.#view() };
  }

  async place(bet: PlannedBet, currency: string, identifier: string): Promise<PlaceOutcome> {
    const amount = bet.amount_units;
    this.sent.push({ amount, game: bet.game, before: this.books() });
    this.clock += 7;
    return { kind: 'placed', bet: this.book(bet.game, amount, currency, identifier) };
  }

  /** The books now. */
  books(): Books {
    return { balance: this.balance, profit: this.profit, peak: this.peak, wagered: this.wagered, loss_streak: this.loss_streak, booked: this.booked, clock: this.clock };
  }

  /** Settles a bet of `amount` units on the books at the pair's next nonce (one the engine sent, or another placed on the account). */
  book(game: string, amount: number, currency: string, identifier: string): SettledBet {
    const multiplier = this.#outcomes.shift() ?? 0;
    this.booked++;
    const payout = Math.floor(amount * multiplier);
    this.balance += payout - amount;
    this.profit += payout - amount;
    this.wagered += amount;
    if (this.profit > this.peak) this.peak = this.profit;
    this.loss_streak = multiplier > 1 ? 0 : this.loss_streak + 1;
    return {
      id: `bet-${this.sent.length}-${this.#nonce}`,
      active: false,
      payoutMultiplier: multiplier,
      amountMultiplier: 1,
      amount: btc.amount(amount),
      payout: btc.amount(payout),
      updatedAt: new Date(0).toUTCString(),
      currency,
      game,
      user: { id: 'u', name: 'u' },
      nonce: this.#nonce++,
      clientSeed: { seed: 'client' },
      serverSeed: { seedHash: `hash-${this.#pair}`, seed: null },
      state: {},
      identifier,
    } satisfies SettledBet;
  }

  async resolve(): Promise<ResolveOutcome> {
    throw new Error('the books driver answers every bet: nothing to resolve');
  }

  async adopt(): Promise<Adoption> {
    throw new Error('the books driver keeps the nonces the engine expects: nothing to adopt');
  }

  async seeds(): Promise<SeedView> {
    return this.#view();
  }

  async rotate_seed_pair(): Promise<SeedView> {
    this.#pair++;
    this.#nonce = 0;
    return this.#view();
  }

  async sleep(ms: number): Promise<void> {
    this.clock += ms;
  }
}

