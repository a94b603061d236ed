/**
 * A property over random slow sites (issue 36): requests held for any time
 * within the settle period, answers lost before or after the site booked
 * the bet, timeouts, other clients betting meanwhile, reads that fail. The
 * real engine and the real reconciliation (reconcile.ts) run against a model
 * of the site on a virtual clock; the model's ledger is the reference.
 * Whatever happens, no strategy step is booked twice, every bet the engine
 * counted is on the ledger once, and every ledger bet booked before the run
 * ended is counted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money, new_counters } from '../../../src/autobet/engine/counters.js';
import type { Adoption, Driver, DriverStart, IntentRef, PlaceOutcome, ResolveOutcome, SeedView } from '../../../src/autobet/engine/driver.js';
import { run_engine } from '../../../src/autobet/engine/engine.js';
import { MemoryJournal } from '../../../src/autobet/engine/journal-port.js';
import type { PlannedBet } from '../../../src/autobet/engine/planned-bet.js';
import { adopt_from_history, resolve_intent } from '../../../src/autobet/engine/reconcile.js';
import type { SettledBet, Strategy, StrategyAnswer, StrategyState } from '../../../src/autobet/strategies/strategy.js';
import type { HouseBet } from '../../../src/operations/documents/my-bet-list.js';

const btc = new Money(8);
const TIMEOUT = 3000;
const SETTLE = 2 * TIMEOUT;
const RESOLVE = SETTLE + TIMEOUT;
const HASH = 'model-hash';
/** Another client's bets are of this many units: no strategy step asks for as much. */
const FOREIGN_UNITS = 100_000;

/** What happens to one bet request. */
type Fate =
  | { readonly kind: 'answered'; readonly ms: number }
  /** Booked after `ms` (past the client's timeout: the answer is lost, the bet still lands). */
  | { readonly kind: 'held'; readonly ms: number }
  /** Lost before the site saw it: never booked. */
  | { readonly kind: 'dropped' }
  /** Booked, then the answer lost. */
  | { readonly kind: 'dropped_after' };

interface Booked { readonly id: string; readonly nonce: number; readonly units: number; readonly at: number; readonly result: number }

/** The site: a ledger on a virtual clock, bookings waiting in a queue, other clients' bets at set times. */
class ModelSite implements Driver {
  readonly kind = 'sandbox' as const;
  clock = 0;
  readonly ledger: Booked[] = [];
  readonly #queue: { at: number; units: number }[] = [];
  readonly #fates: Fate[];
  readonly #failedReads: Set<number>;
  #reads = 0;
  #rolls = 0;

  constructor(fates: readonly Fate[], foreign_at: readonly number[], failed_reads: readonly number[]) {
    this.#fates = [...fates];
    for (const at of foreign_at) this.#queue.push({ at, units: FOREIGN_UNITS });
    this.#failedReads = new Set(failed_reads);
  }

  /** Books what is due by now, in time order. */
  #advance(ms: number): void {
    this.clock += ms;
    this.#queue.sort((a, b) => a.at - b.at);
    while (this.#queue.length > 0 && (this.#queue[0] as { at: number }).at <= this.clock) {
      const q = this.#queue.shift() as { at: number; units: number };
      this.#book(q.units, q.at);
    }
  }

  #book(units: number, at: number): Booked {
    // A fixed sequence of rolls: half the bets win.
    const result = (this.#rolls++ * 37) % 100;
    const b = { id: `bet-${this.ledger.length}`, nonce: this.ledger.length, units, at, result };
    this.ledger.push(b);
    return b;
  }

  #settled(b: Booked, identifier: string): SettledBet {
    const won = b.result > 50;
    return {
      id: b.id, active: false, payoutMultiplier: won ? 2 : 0, amountMultiplier: 1, amount: btc.amount(b.units),
      payout: btc.amount(won ? 2 * b.units : 0), updatedAt: '', currency: 'btc', game: 'dice', user: { id: 'u', name: 'u' },
      nonce: b.nonce, clientSeed: { seed: 'c' }, serverSeed: { seedHash: HASH, seed: null },
      state: { result: b.result, target: 50, condition: 'above' }, identifier,
    } as SettledBet;
  }

  async start(): Promise<DriverStart> {
    return { balance: 1, seeds: { server_seed_hash: HASH, client_seed: 'c', nonce: 0 } };
  }

  async place(bet: PlannedBet, _currency: string, identifier: string): Promise<PlaceOutcome> {
    const fate = this.#fates.shift() ?? { kind: 'answered', ms: 5 };
    this.#advance(1);
    const lost = { kind: 'unknown', cause: 'network', settle: true, message: 'lost', retry_after_ms: null } as const;
    switch (fate.kind) {
      case 'answered': {
        this.#advance(fate.ms);
        return { kind: 'placed', bet: this.#settled(this.#book(bet.amount_units, this.clock), identifier) };
      }
      case 'held':
        this.#queue.push({ at: this.clock + fate.ms, units: bet.amount_units });
        this.#advance(TIMEOUT);
        return lost;
      case 'dropped':
        this.#advance(TIMEOUT);
        return lost;
      case 'dropped_after':
        this.#book(bet.amount_units, this.clock);
        this.#advance(5);
        return lost;
    }
  }

  async seeds(): Promise<SeedView | null> {
    this.#advance(2);
    if (this.#failedReads.has(this.#reads++)) {
      this.#advance(TIMEOUT);
      return null;
    }
    return { server_seed_hash: HASH, client_seed: 'c', nonce: this.ledger.length };
  }

  async history_page(offset: number, limit: number): Promise<readonly HouseBet[]> {
    this.#advance(2);
    const newest = [...this.ledger].reverse().slice(offset, offset + limit);
    return newest.map((b) => {
      const { identifier: _i, state, ...bet } = this.#settled(b, '');
      return { id: b.id, iid: b.id, game: { name: 'Dice', slug: 'dice' }, bet: { __typename: 'CasinoBet', ...bet, state: { __typename: 'CasinoGameDice', ...state } } } as unknown as HouseBet;
    });
  }

  now(): number {
    return this.clock;
  }

  resolve(intent: IntentRef, deadline: number, signal: AbortSignal): Promise<ResolveOutcome> {
    return resolve_intent(this, intent, deadline, signal);
  }

  adopt(seed_hash: string, from: number, deadline: number, signal: AbortSignal): Promise<Adoption> {
    return adopt_from_history(this, seed_hash, from, deadline, signal);
  }

  async rotate_seed_pair(): Promise<SeedView> {
    throw new Error('not in this model');
  }

  async sleep(ms: number): Promise<void> {
    this.#advance(ms);
  }
}

/** Each step asks for its own amount (step n: n units), so a step booked twice shows on the ledger. */
class StepStrategy implements Strategy {
  readonly name = 'steps';
  step = 0;
  next(_state: StrategyState): StrategyAnswer {
    this.step++;
    return { game: 'dice', amount: btc.amount(this.step), target: 50, condition: 'above' };
  }
  save(): unknown {
    return this.step;
  }
  restore(): void {}
}

const fate: fc.Arbitrary<Fate> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 50 }).map((ms) => ({ kind: 'answered' as const, ms })) },
  // Held within what the settle period covers: booked before the request timeout plus the settle period is over.
  { weight: 3, arbitrary: fc.integer({ min: TIMEOUT + 1, max: TIMEOUT + SETTLE - 10 }).map((ms) => ({ kind: 'held' as const, ms })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'dropped' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'dropped_after' as const }) },
);

describe('lost answers on a slow site', () => {
  it('no strategy step is ever booked twice, and every bet the engine counted is booked once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fate, { minLength: 1, maxLength: 14 }),
        fc.array(fc.integer({ min: 0, max: 60_000 }), { maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 6 }),
        async (fates, foreign_at, failed_reads) => {
          const site = new ModelSite(fates, foreign_at, failed_reads);
          const strategy = new StepStrategy();
          const journal = new MemoryJournal();
          const stop = await run_engine({
            strategy, driver: site, journal, currency: 'btc', money: btc,
            limits: { stop_loss: 1, max_bet: 1, max_bets: 12 },
            counters: new_counters(btc.units(1)), memory: {}, last: null, seq: 1,
            seeds: { server_seed_hash: HASH, client_seed: 'c', nonce: 0 },
            signal: new AbortController().signal,
            resolve_timeout_ms: RESOLVE, settle_ms: SETTLE, request_timeout_ms: TIMEOUT,
            policy: { refused: {}, refused_default: 'stop', max_attempts: 8, backoff_ms: () => 100 },
            now: () => site.clock,
          });
          const stoppedAt = site.clock;
          // Let every held request land: what the ledger ends with.
          await site.sleep(SETTLE + TIMEOUT);
          const own = site.ledger.filter((b) => b.units !== FOREIGN_UNITS);
          expect(new Set(own.map((b) => b.units)).size, `${stop.reason}: ${own.map((b) => b.units).join(',')}`).toBe(own.length);
          // Every bet the engine counted is on the ledger, once; and none booked before it stopped is missing.
          const counted = journal.lines.map((l) => l.nonce);
          expect(new Set(counted).size).toBe(counted.length);
          expect(stop.bets).toBe(counted.length);
          expect(counted.every((n) => n < site.ledger.length)).toBe(true);
          if (stop.reason === 'max_bets') {
            expect([...counted].sort((a, b) => a - b)).toEqual(site.ledger.filter((b) => b.at <= stoppedAt).map((b) => b.nonce).slice(0, counted.length));
          } else {
            expect(['unknown_outcome', 'error:network']).toContain(stop.reason);
          }
        },
      ),
      { numRuns: 60, seed: 36 },
    );
  });
});
