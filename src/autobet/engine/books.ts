/**
 * The run's books: every piece of state one run of the engine has, and the
 * only code that changes it. The counters and the limits' rules, the active
 * seed pair, the journal's sequence, the strategy's seat and what it has not
 * been shown yet, bets held against the limits after a lost answer, the watch
 * for late landings, a stop a round asked for, and the clock `max_duration`
 * reads. How a bet enters them: the intent row written before a request
 * leaves, a settled bet counted and journaled, and the bets the site booked
 * that the journal lacks adopted where they are found (counted against the
 * limits, shown to the strategy in nonce order).
 *
 * The betting loop (engine.ts) holds one `Books` and keeps no state of its
 * own: every turn reads and writes the run through these methods, so the
 * state machine reads in one file.
 */
import { new_identifier } from '../../operations/validate/identifier.js';
import { count_bet, is_win, type Counters } from './counters.js';
import type { HeldStop, IntentRef, SeedView } from './driver.js';
import { bet_line, type StopLine } from './events.js';
import type { EngineInput } from './engine-input.js';
import type { IntentRow } from './journal-port.js';
import type { Limits } from './limits.js';
import { check_after, limit_rules, refusal_of, type LimitRule, type Refusal } from './limit-rules.js';
import type { PlannedBet } from './planned-bet.js';
import { PlannedIntent } from './planned-intent.js';
import type { Steerable } from './remote-control.js';
import { Stop, stop_line_of } from './stop.js';
import { StrategySeat, type SkipPlan, type UnseenBet } from './strategy-seat.js';
import type { SettledBet } from '../strategies/strategy.js';
import type { VaultPort } from './vault-step.js';
import { win_probability } from './win-probability.js';

/** A bet found not placed that may still land, held against the limits until its watch ends. */
interface Hold {
  readonly game: string;
  readonly units: number;
  /** When its watch ends (ms since the epoch). */
  readonly until: number;
}

/** The state of one run and every change to it. */
export class Books {
  readonly #input: EngineInput;
  readonly #c: Counters;
  /** Replaced only by a lowered limit (remote-control.ts): never widened. */
  #rules: readonly LimitRule[];
  /** The limits the rules were made from. */
  #limits: Limits;
  readonly #now: () => number;
  readonly #seat: StrategySeat;
  #seq: number;
  /** The active pair; `nonce` moves with every bet (a copy: the caller's object is not changed). */
  #seeds: { server_seed_hash: string; client_seed: string; nonce: number };
  #last: SettledBet | null;
  /** When `elapsed_ms` was last brought up to date. */
  #tick: number;
  /**
   * Bets counted since the strategy was last asked, when more than one may
   * be (adoptions): each but the last is shown to it before it is asked
   * again, so it goes on from every real outcome, in order.
   */
  #unseen: UnseenBet[] = [];
  /** Set while a resume settles what the journal left open: those bets are shown to the strategy too. */
  #collect = false;
  #vault_port: VaultPort | null = null;
  /**
   * Bets found not placed after a lost answer whose watch is still open: one
   * may still land (a queue longer than the settle period, a resent copy),
   * so until its watch ends its amount counts against the limits as if it
   * were placed and lost.
   */
  #holds: Hold[] = [];
  /**
   * Until when the site's nonce is read before each bet: a bet found not
   * placed after the settle period may still land later (a queue longer than
   * the settle period), and is adopted before the strategy is asked again.
   */
  #watch_until = -Infinity;
  /** When the last bet request left (`max_bets_per_second` paces from it). */
  #last_sent_at = -Infinity;
  /** The stop a round's outcome asked for, made before the next bet (or named when the round was left open). */
  #held: HeldStop | null = null;
  /** Whether the run's signal fired: set by its listener, so a bet reads a field, not the signal's getters. */
  #aborted: boolean;
  readonly #on_abort = (): void => {
    this.#aborted = true;
  };

  /** What a command sent to the running session may see and change (remote-control.ts): limits only get lowered there. */
  readonly steerable: Steerable;

  constructor(input: EngineInput) {
    this.#input = input;
    this.#c = input.counters;
    this.#limits = input.limits;
    this.#rules = limit_rules(input.limits, input.money);
    this.#now = input.now ?? Date.now;
    const driver = input.driver;
    this.#seat = new StrategySeat(input.strategy, input.memory, input.money, input.currency, driver.rounds === undefined ? undefined : (game) => driver.rounds?.(game) ?? null);
    this.#seq = input.seq;
    this.#seeds = { ...input.seeds };
    this.#last = input.last;
    this.#tick = this.#now();
    this.#aborted = input.signal.aborted;
    input.signal.addEventListener('abort', this.#on_abort, { once: true });
    this.steerable = {
      counters: this.#c,
      limits: () => this.#limits,
      set_limits: (limits) => {
        this.#limits = limits;
        this.#rules = limit_rules(limits, input.money);
      },
    };
  }

  get limits(): Limits {
    return this.#limits;
  }

  /** Stops listening to the run's signal: the run is over (a long-lived signal keeps no listener of it). */
  release(): void {
    this.#input.signal.removeEventListener('abort', this.#on_abort);
  }

  /** The stop line for what ended the run; a failure of the driver (a rotation, a seed read) is `error:<kind>`. */
  stopped(error: unknown): StopLine {
    return stop_line_of(error, this.#c, this.#input.money);
  }

  /** Adds the time since the last look to the counters' `elapsed_ms` (`max_duration` counts it over resumes). */
  elapse(): void {
    const now = this.#now();
    this.#c.elapsed_ms += Math.max(0, now - this.#tick);
    this.#tick = now;
  }

  /** A paused run's wait is not running time: `max_duration` counts from the end of the pause. */
  skip_clock(): void {
    this.#tick = this.#now();
  }

  /** Throws the stop a signal or `autobet stop` asked for. */
  check_stop(): void {
    if (this.#aborted) {
      const { reason } = this.#input.signal;
      throw new Stop(typeof reason === 'string' ? reason : 'interrupted');
    }
    if (this.#input.journal.stop_requested()) throw new Stop('user');
  }

  /**
   * The checks before the strategy is asked again, then its answer:
   * limits that end a run (a resumed session that already reached one stops
   * without another bet), a stop a round asked for, a stop request. Bets
   * counted that it was not shown (adoptions) are shown first, in order.
   */
  ask(): PlannedBet | SkipPlan | Promise<PlannedBet | SkipPlan> {
    if (this.#c.bets > 0) {
      const reason = check_after(this.#rules, this.#c);
      if (reason !== null) throw new Stop(reason);
    }
    const held = this.#held;
    if (held !== null) {
      this.#held = null;
      throw new Stop(held.reason, held.message);
    }
    this.check_stop();
    if (this.#unseen.length > 0) {
      const unseen = this.#unseen;
      this.#unseen = [];
      if (unseen.length > 1) return this.#seat.replay(unseen.slice(0, -1)).then(() => this.#seat.ask(this.#c, this.#last));
    }
    return this.#seat.ask(this.#c, this.#last);
  }

  /** The seed pair the run bets under from now on. */
  rotated(seeds: SeedView): void {
    this.#seeds = { ...seeds };
  }

  /** How long to wait before the next request leaves for `rate` bets a second at most (0: none). */
  pace_ms(rate: number): number {
    return Math.max(0, this.#last_sent_at + 1000 / rate - this.#now());
  }

  /** A bet request leaves now. */
  sent(): void {
    this.#last_sent_at = this.#now();
  }

  /** Whether the site's nonce is watched before each bet (a bet found not placed may still land). */
  watching(): boolean {
    return this.#watch_until !== -Infinity && this.#watch_until > this.#now();
  }

  /** The intent row of `plan`, journaled before its request leaves (the next sequence number, the nonce it should take). */
  intent(plan: PlannedBet): IntentRow {
    const identifier = this.#input.driver.identifier?.() ?? new_identifier();
    // Only a journal that keeps state needs the strategy's snapshot (the simulator's keeps nothing).
    const state = this.#input.journal.durable ? this.#seat.snapshot() : null;
    return new PlannedIntent(this.#seq++, identifier, plan, this.#seeds.server_seed_hash, this.#seeds.nonce, state);
  }

  /**
   * A bet found not placed after a lost answer: it may still land, so its
   * amount is held against the limits, and the site's nonce watched, for
   * `ms` (or until it is adopted).
   */
  hold(plan: PlannedBet, ms: number): void {
    const until = this.#now() + ms;
    this.#watch_until = Math.max(this.#watch_until, until);
    this.#holds.push({ game: plan.game, units: plan.amount_units, until });
  }

  /**
   * The limit a bet of `amount` units would pass, counting every held bet as
   * placed and lost; null when none. The simulator never holds one, and pays
   * one array length check.
   */
  refusal(amount: number): Refusal | null {
    if (this.#holds.length > 0) {
      const now = this.#now();
      this.#holds = this.#holds.filter((h) => h.until > now);
    }
    if (this.#holds.length === 0) return refusal_of(this.#rules, this.#c, amount);
    const held = this.#holds.reduce((sum, h) => sum + h.units, 0);
    const c: Counters = { ...this.#c, profit: this.#c.profit - held, balance: this.#c.balance - held, wagered: this.#c.wagered + held };
    const refused = refusal_of(this.#rules, c, amount);
    if (refused === null) return null;
    const shown = `${this.#input.money.amount(held)} ${this.#input.currency}`;
    const note = `counting ${this.#holds.length === 1 ? 'a bet' : `${this.#holds.length} bets`} of ${shown} found not placed after a lost answer that may still land`;
    return { reason: refused.reason, message: refused.message === undefined ? note : `${refused.message} (${note})` };
  }

  /** What a vault deposit or a rakeback claim needs of the run (vault-step.ts, rakeback-step.ts). */
  vault(): VaultPort {
    return (this.#vault_port ??= {
      input: this.#input,
      counters: this.#c,
      now: this.#now,
      next_seq: () => this.#seq++,
      strategy_snapshot: () => this.#seat.snapshot(),
      engine_snapshot: () => ({ counters: { ...this.#c }, seeds: { ...this.#seeds } }),
      last: () => this.#last,
    });
  }

  /** What the driver looks for to find out whether `intent` was placed. */
  ref(intent: IntentRow, settle_until: number): IntentRef {
    return {
      identifier: intent.identifier,
      game: intent.game,
      amount: this.#input.money.amount(intent.amount_units),
      seed_hash: intent.seed_hash,
      nonce_expected: intent.nonce_expected,
      params: intent.variables,
      settle_until,
    };
  }

  /** Adopts the bets the site booked under the active pair past the journal's nonce. */
  async adopt_unrecorded(): Promise<void> {
    const seeds = await this.#input.driver.seeds(this.#input.signal);
    if (seeds === null || seeds.server_seed_hash !== this.#seeds.server_seed_hash || seeds.nonce <= this.#seeds.nonce) return;
    await this.#adopt_from(this.#seeds.nonce, seeds.nonce);
  }

  /** Journals and counts the bets with nonces `from` to `to - 1` of the active pair, read from the site. */
  async #adopt_from(from: number, to: number): Promise<void> {
    const { driver, signal } = this.#input;
    const found = await driver.adopt(this.#seeds.server_seed_hash, from, this.#now() + this.#input.resolve_timeout_ms, signal);
    const bets = found.bets.filter((b) => b.nonce < to);
    if (bets.length !== to - from) {
      throw new Stop('unknown_outcome', `the site holds ${to - from} bets this session never recorded, ${bets.length} found: ${found.gap ?? 'not all are in the history'}`);
    }
    for (const bet of bets) {
      const identifier = `adopted-${bet.id}`;
      this.#input.on_note?.(`adopting bet ${bet.id} (nonce ${bet.nonce}, ${bet.game} ${bet.amount}), booked by the site but not in the journal: counted against the limits`);
      const intent: IntentRow = {
        seq: this.#seq++,
        identifier,
        game: bet.game,
        variables: { amount: bet.amount },
        amount_units: this.#input.money.units(bet.amount),
        seed_hash: this.#seeds.server_seed_hash,
        nonce_expected: bet.nonce,
        strategy_state: this.#seat.snapshot(),
      };
      this.#release(bet.game, intent.amount_units);
      this.#count({ ...bet, identifier }, intent, true);
    }
  }

  /**
   * Counts and journals a settled bet; adopts any bet the site booked before
   * it that the journal lacks. `then_stop`: the stop its round asked for,
   * made before the next bet (or named now, when the round was left open).
   */
  async settle(intent: IntentRow, bet: SettledBet, by: string, then_stop?: HeldStop | null): Promise<void> {
    if (bet.serverSeed?.seedHash === this.#seeds.server_seed_hash && bet.nonce > this.#seeds.nonce) {
      await this.#adopt_from(this.#seeds.nonce, bet.nonce);
    }
    this.#count(bet, intent, false, by);
    this.#settled_round(intent, bet, then_stop);
  }

  /**
   * A synchronous driver's answer (the simulator): counted at once when it is
   * placed under the expected nonce (true); false when it must go the general
   * way (an adoption first).
   */
  settle_now(intent: IntentRow, bet: SettledBet, plan: PlannedBet, then_stop?: HeldStop | null): boolean {
    if (bet.serverSeed?.seedHash === this.#seeds.server_seed_hash && bet.nonce > this.#seeds.nonce) return false;
    // A simulated round's stake may have grown (a blackjack double): then it is the bet's own amount.
    this.#count(bet, intent, false, 'answer', bet.amount === plan.amount ? plan.amount_units : undefined);
    this.#settled_round(intent, bet, then_stop);
    return true;
  }

  /** Holds a round's stop for the next turn; a round left open stops the run now. */
  #settled_round(intent: IntentRow, bet: SettledBet, then_stop: HeldStop | null | undefined): void {
    if (then_stop !== undefined && then_stop !== null) this.#held = then_stop;
    if (bet.active) throw this.#open_round_stop(intent.identifier);
  }

  /** A resume settles what the journal left open (`on`): those bets are shown to the strategy too. */
  collecting(on: boolean): void {
    this.#collect = on;
  }

  /** The strategy goes on from the state it had when it asked for a bet (or a deposit) the journal left open. */
  restore_strategy(state: string | null): void {
    this.#seat.restore(state);
  }

  /**
   * A bet the journal left open was found placed: the strategy goes on from
   * the state it had when it proposed it; that state has seen every bet
   * before this one, so only this one (and what is adopted after it) is new to it.
   */
  found_open(intent: IntentRow): void {
    this.#seat.restore(intent.strategy_state);
    this.#unseen = this.#unseen.slice(-1);
  }

  /** The site's balance is the truth after a resume's reconciliation. */
  set_balance(units: number): void {
    this.#c.balance = units;
  }

  /** A held bet landed after all (adopted): it is counted for real now, so it is held no more. */
  #release(game: string, units: number): void {
    const i = this.#holds.findIndex((h) => h.game === game && h.units === units);
    if (i >= 0) this.#holds.splice(i, 1);
  }

  /** The stop for a round left open: the limit or failure that left it so when there is one (a round's held stop), else `error:open_round`. */
  #open_round_stop(identifier: string): Stop {
    const held = this.#held;
    this.#held = null;
    const where = `bet ${identifier} left a round open; finish it on the site`;
    return held === null ? new Stop('error:open_round', where) : new Stop(held.reason, held.message === undefined ? where : `${held.message} (${where})`);
  }

  #count(bet: SettledBet, intent: IntentRow, adopted: boolean, by = 'answer', amount_units?: number): void {
    const { money, journal, currency } = this.#input;
    const amount = amount_units ?? money.units(bet.amount);
    const payout = money.units(bet.payout);
    count_bet(this.#c, amount, payout, is_win(bet));
    this.#expect(bet);
    if (bet.serverSeed?.seedHash === this.#seeds.server_seed_hash) this.#seeds.nonce = bet.nonce + 1;
    this.#last = bet;
    if (adopted || this.#collect || this.#unseen.length > 0) this.#unseen.push({ bet, counters: { ...this.#c } });
    if (!journal.durable && this.#input.on_bet === undefined) return;
    const line = bet_line(intent.seq, bet, currency, payout - amount, this.#c, money);
    if (journal.durable) {
      const snapshot = { counters: { ...this.#c }, seeds: { ...this.#seeds } };
      if (adopted) journal.adopted(intent, bet, payout, snapshot, line);
      else journal.placed(intent.seq, bet, payout, snapshot, line, by);
    }
    this.#input.on_bet?.(line);
  }

  /** Adds the bet's win chance to the session's expected wins (luck's denominator). */
  #expect(bet: SettledBet): void {
    const sum = this.#c.expected_wins;
    if (sum === null) return;
    const p = win_probability(bet);
    // A session journaled before the field existed has no sum to go on from: its luck stays unknown.
    this.#c.expected_wins = p === null || (sum === undefined && this.#c.bets > 1) ? null : (sum ?? 0) + p;
  }
}
