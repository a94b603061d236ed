/**
 * A driver for engine tests that keeps its own books: it settles each bet at
 * once from a seeded generator (or from given multipliers) and counts the
 * balance, profit, peak, wagered and loss streak in whole units itself, so a
 * test checks the engine against numbers the engine did not produce.
 */
import { Money } from '../../src/autobet/counters.js';
import type { Adoption, Driver, DriverStart, PlaceOutcome, ResolveOutcome, SeedView } from '../../src/autobet/driver.js';
import type { PlannedBet } from '../../src/autobet/planned-bet.js';
import type { SettledBet } from '../../src/autobet/strategy.js';

/** The books are in units of btc (8 decimals). */
const btc = new Money(8);

/** mulberry32: a small seeded generator, so a failing case replays. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Multipliers a bet may pay: losses, a partial loss, a push (not a win), wins
 * (1000× once in 500 bets); 0.87× on average, so sessions drift down to their stop-loss.
 */
const MULTIPLIERS = [0, 0, 0, 0, 0, 0, 0.5, 1, 1.98, 1.98, 2, 3];

/** One bet as the driver saw it arrive, with its own books before it. */
export interface Sent {
  readonly amount: number;
  readonly game: string;
  readonly balance_before: number;
  readonly profit_before: number;
  readonly wagered_before: number;
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
  clock = 0;
  readonly #draw: () => number;
  #pair = 0;
  #nonce = 0;

  /** Multipliers to pay in order (then drawn), for the runs that need given outcomes. */
  readonly #fixed: number[];

  constructor(balance: number, seed: number, fixed: readonly number[] = []) {
    this.balance = balance;
    this.#draw = rng(seed);
    this.#fixed = [...fixed];
  }

  #view(): SeedView {
    return { server_seed_hash: `hash-${this.#pair}`, client_seed: 'client', nonce: this.#nonce };
  }

  async start(): Promise<DriverStart> {
    return { balance: btc.amount(this.balance), seeds: this.#view() };
  }

  async place(bet: PlannedBet, currency: string, identifier: string): Promise<PlaceOutcome> {
    this.clock += 7;
    const amount = bet.amount_units;
    this.sent.push({ amount, game: bet.game, balance_before: this.balance, profit_before: this.profit, wagered_before: this.wagered });
    return { kind: 'placed', bet: this.book(bet.game, amount, currency, identifier) };
  }

  /** Settles a bet of `amount` units on the books at the pair's next nonce (one the engine sent, or another placed on the account). */
  book(game: string, amount: number, currency: string, identifier: string): SettledBet {
    const multiplier = this.#fixed.shift() ?? (this.#draw() < 0.002 ? 1000 : (MULTIPLIERS[Math.floor(this.#draw() * MULTIPLIERS.length)] as number));
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

