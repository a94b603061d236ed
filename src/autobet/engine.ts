/**
 * The betting loop: one loop for the live site, the sandbox and the
 * simulator (only the driver differs), so a simulation and a run give the
 * same bets, bet by bet.
 *
 * Each turn: check the limits that end a run, ask the strategy, check its
 * answer, check the limits that refuse a bet, journal the intent (committed),
 * send, then settle: count the bet, journal it with the counters and the
 * strategy's state, print it. An answer that was lost is never sent again
 * blindly: the driver finds out whether the bet exists first, watching for
 * it through the whole settle period (reconcile.ts). A bet the site booked
 * that the journal does not hold (one that landed late, another client's)
 * is adopted where it is found: counted against the limits, journaled, and
 * shown to the strategy in nonce order before it is asked again.
 */
import { new_identifier } from '../operations/validate/identifier.js';
import { count_bet, is_win, type Counters } from './counters.js';
import type { Driver, IntentRef, PlaceOutcome } from './driver.js';
import { bet_line, type StopLine } from './events.js';
import type { EngineInput } from './engine-input.js';
import { Stop, stop_line_of } from './stop.js';
import type { IntentRow } from './journal-port.js';
import { check_after, limit_rules, refusal_of } from './limit-rules.js';
import type { PlannedBet } from './planned-bet.js';
import { StrategySeat, type UnseenBet } from './strategy-seat.js';
import { win_probability } from './win-probability.js';
import { deposit, resolve_deposit, type VaultPort } from './vault-step.js';
import { DEFAULT_ERROR_POLICY, RetryWindow, type ErrorPolicy } from './error-policy.js';
import { DEFAULT_SETTLE_MS } from './reconcile.js';
import { StrategyError, type SettledBet } from './strategy.js';

export type { EngineInput } from './engine-input.js';

/** Turns between two yields to the event loop when nothing else awaits (a simulation). */
const YIELD_EVERY = 1000;

/** Runs until a limit, the strategy, a stop request or an error ends it; resolves to the stop line. */
export async function run_engine(input: EngineInput): Promise<StopLine> {
  return new Engine(input).run();
}

class Engine {
  readonly #in: EngineInput;
  readonly #c: Counters;
  readonly #rules;
  readonly #policy: ErrorPolicy;
  readonly #now: () => number;
  readonly #seat: StrategySeat;
  #seq: number;
  /** The active pair; `nonce` moves with every bet (a copy: the caller's object is not changed). */
  #seeds: { server_seed_hash: string; client_seed: string; nonce: number };
  #last: SettledBet | null;
  #tick: number;
  #lastSentAt = -Infinity;
  /**
   * Bets counted since the strategy was last asked, when more than one may
   * be (adoptions): each but the last is shown to it before it is asked
   * again, so it goes on from every real outcome, in order.
   */
  #unseen: UnseenBet[] = [];
  /** Set while a resume settles what the journal left open: those bets are shown to the strategy too. */
  #collect = false;
  /**
   * Until when the site's nonce is read before each bet: a bet found not
   * placed after the settle period may still land later (a queue longer than
   * the settle period), and is adopted before the strategy is asked again.
   */
  #watchUntil = -Infinity;
  #vaultPort: VaultPort | null = null;

  constructor(input: EngineInput) {
    this.#in = input;
    this.#c = input.counters;
    this.#rules = limit_rules(input.limits, input.money);
    this.#policy = input.policy ?? DEFAULT_ERROR_POLICY;
    this.#now = input.now ?? Date.now;
    this.#seat = new StrategySeat(input.strategy, input.memory, input.money, input.currency);
    this.#seq = input.seq;
    this.#seeds = { ...input.seeds };
    this.#last = input.last;
    this.#tick = this.#now();
  }

  async run(): Promise<StopLine> {
    try {
      for (let turn = 1; ; turn++) {
        // A simulation never awaits below: let timers and signals (Ctrl-C) in now and then.
        if (turn % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
        if (this.#watchUntil !== -Infinity && this.#watchUntil > this.#now()) await this.#adoptUnrecorded();
        const asked = this.#prepare();
        const plan = asked instanceof Promise ? await asked : asked;
        // The deposit first: it lowers the balance the bet's limits are then checked against.
        if (plan.vault_units > 0) await deposit(this.#vault(), plan.vault_units);
        // Limits first: a bet that will not be placed must not rotate (and so reveal) the seed pair.
        const refused = refusal_of(this.#rules, this.#c, plan.amount_units);
        if (refused !== null) throw new Stop(refused.reason, refused.message);
        if (plan.rotate_seed_pair) await this.#rotate();
        if (this.#in.limits.max_bets_per_second !== undefined) await this.#pace();
        const placed = this.#in.driver.place_now === undefined ? this.#place(plan) : this.#placeNow(plan);
        if (placed !== true) await placed;
      }
    } catch (error) {
      this.#elapse();
      return this.stopped(error);
    }
  }

  /** The stop line for what ended the run; a failure of the driver (a rotation, a seed read) is `error:<kind>`. */
  stopped(error: unknown): StopLine {
    return stop_line_of(error, this.#c, this.#in.money);
  }

  #elapse(): void {
    const now = this.#now();
    this.#c.elapsed_ms += Math.max(0, now - this.#tick);
    this.#tick = now;
  }

  #checkStop(): void {
    const { signal, journal } = this.#in;
    if (signal.aborted) throw new Stop(typeof signal.reason === 'string' ? signal.reason : 'interrupted');
    if (journal.stop_requested()) throw new Stop('user');
  }

  /** The checks before a bet and the strategy's answer: synchronous unless the strategy answers with a promise. */
  #prepare(): PlannedBet | Promise<PlannedBet> {
    this.#elapse();
    // Limits that end a run are checked before asking the strategy again: a
    // resumed session that already reached one stops without another bet.
    if (this.#c.bets > 0) {
      const reason = check_after(this.#rules, this.#c);
      if (reason !== null) throw new Stop(reason);
    }
    const held = this.#in.driver.held_stop?.();
    if (held) throw new Stop(held.reason, held.message);
    this.#checkStop();
    if (this.#unseen.length > 0) {
      const unseen = this.#unseen;
      this.#unseen = [];
      if (unseen.length > 1) return this.#seat.replay(unseen.slice(0, -1)).then(() => this.#seat.ask(this.#c, this.#last));
    }
    return this.#seat.ask(this.#c, this.#last);
  }

  async #rotate(): Promise<void> {
    const rotated = await this.#in.driver.rotate_seed_pair();
    if ('exhausted' in rotated) throw new Stop('seeds_exhausted');
    this.#seeds = { ...rotated };
    this.#in.on_note?.(`seed pair rotated: server seed hash ${rotated.server_seed_hash}`);
  }

  async #pace(): Promise<void> {
    const rate = this.#in.limits.max_bets_per_second;
    if (rate === undefined) return;
    const wait = this.#lastSentAt + 1000 / rate - this.#now();
    if (wait > 0) await this.#in.driver.sleep(wait, new AbortController().signal);
  }

  #intent(plan: PlannedBet): IntentRow {
    return {
      seq: this.#seq++,
      identifier: this.#in.driver.identifier?.() ?? new_identifier(),
      game: plan.game,
      variables: { amount: plan.amount, ...plan.params },
      amount_units: plan.amount_units,
      seed_hash: this.#seeds.server_seed_hash,
      nonce_expected: this.#seeds.nonce,
      // Only a journal that keeps state needs the strategy's snapshot (the simulator's keeps nothing).
      strategy_state: this.#in.journal.durable ? this.#seat.snapshot() : null,
    };
  }

  /**
   * A synchronous driver's bet: counted at once when it is placed under the
   * expected nonce (true); anything else goes the general way.
   */
  #placeNow(plan: PlannedBet): true | Promise<void> {
    const { driver, journal, currency } = this.#in;
    const intent = this.#intent(plan);
    if (journal.durable) journal.intend(intent);
    const outcome = (driver.place_now as NonNullable<Driver['place_now']>)(plan, currency, intent.identifier);
    if (outcome.kind === 'placed' && !(outcome.bet.serverSeed?.seedHash === this.#seeds.server_seed_hash && outcome.bet.nonce > this.#seeds.nonce)) {
      // A simulated round's stake may have grown (a blackjack double): then it is the bet's own amount.
      this.#count(outcome.bet, intent, false, 'answer', outcome.bet.amount === plan.amount ? plan.amount_units : undefined);
      if (outcome.bet.active) throw new Stop('error:open_round', `bet ${intent.identifier} left a round open; finish it on the site`);
      return true;
    }
    return this.#place(plan, { intent, outcome });
  }

  /** Sends `plan` until it is placed once, or the run must stop; never twice. `first`: a try already made. */
  async #place(plan: PlannedBet, first?: { intent: IntentRow; outcome: PlaceOutcome }): Promise<void> {
    const { driver, journal, currency } = this.#in;
    const retry = new RetryWindow(this.#policy, this.#now);
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1) {
        // Bets adopted meanwhile count against the limits: the same plan may no longer fit them.
        const refused = refusal_of(this.#rules, this.#c, plan.amount_units);
        if (refused !== null) throw new Stop(refused.reason, refused.message);
      }
      const intent = attempt === 1 && first !== undefined ? first.intent : this.#intent(plan);
      if (first === undefined || attempt > 1) journal.intend(intent);
      this.#lastSentAt = this.#now();
      const outcome = attempt === 1 && first !== undefined ? first.outcome : await driver.place(plan, currency, intent.identifier);
      switch (outcome.kind) {
        case 'placed':
          await this.#settle(intent, outcome.bet, 'answer');
          return;
        case 'refused': {
          journal.refused(intent.seq, outcome.error_type, outcome.message);
          const action = this.#policy.refused[outcome.error_type] ?? this.#policy.refused_default;
          retry.failed();
          if (action === 'stop' || retry.exhausted(attempt)) {
            throw new Stop(`error:${outcome.error_type}`, outcome.message);
          }
          // Another bet of this account is in flight (perhaps one of ours the site is still booking): wait, then
          // make sure the journal knows every bet the site booked before trying again.
          await this.#waitOut(outcome.error_type, retry.wait_ms(attempt));
          await this.#adoptUnrecorded();
          continue;
        }
        case 'not_sent':
          journal.not_placed(intent.seq, 'not_sent', outcome.message);
          retry.failed();
          if (retry.exhausted(attempt)) throw new Stop('error:network', outcome.message);
          this.#in.on_note?.(`bet not sent (${outcome.message}); trying again`);
          await this.#waitOut('network', retry.wait_ms(attempt));
          continue;
        case 'turned_away': {
          const cause = outcome.cause === 'rate_limited' ? 'rateLimited' : 'challenge';
          journal.refused(intent.seq, cause, outcome.message);
          retry.failed();
          if (retry.exhausted(attempt)) throw new Stop(`error:${cause}`, outcome.message);
          await this.#waitOut(cause, retry.wait_ms(attempt, outcome.retry_after_ms));
          continue;
        }
        case 'auth':
          journal.refused(intent.seq, 'notAuthenticated', outcome.message);
          throw new Stop('error:notAuthenticated', outcome.message);
        case 'unknown': {
          // The settle period runs from the moment the answer was given up on.
          const settle = this.#in.settle_ms ?? DEFAULT_SETTLE_MS;
          const settle_until = this.#now() + settle;
          this.#in.on_note?.(
            `the answer to bet ${intent.identifier} was lost (${outcome.cause}); finding out whether it was placed ` +
              `(nothing is sent before it is found, or before ${Math.ceil(settle / 1000)} s pass without it on the site)`,
          );
          retry.failed();
          const cause = outcome.cause === 'challenge' ? 'challenge' : outcome.cause === 'rate_limited' ? 'rateLimited' : 'network';
          // Waiting out trouble gives the search as long as the window has left: the outcome is still found out first.
          // Without --retry-for there is no window: the resolve timeout alone bounds the search.
          const window_ms = this.#policy.retry_for_ms === undefined ? 0 : Math.min(retry.left_ms(), 2 ** 31 - 1);
          const look_ms = Math.max(this.#in.resolve_timeout_ms, window_ms);
          if (outcome.retry_after_ms !== null) await this.#waitOut(cause, Math.min(outcome.retry_after_ms, look_ms));
          const found = await driver.resolve(this.#ref(intent, settle_until), this.#now() + look_ms, this.#in.signal);
          if (found.kind === 'placed') {
            this.#in.on_note?.(`bet ${intent.identifier} was placed (found by ${found.by})`);
            await this.#settle(intent, found.bet, found.by);
            return;
          }
          if (found.kind === 'unknown') {
            const interrupted = this.#in.signal.aborted;
            throw new Stop(
              interrupted ? (typeof this.#in.signal.reason === 'string' ? this.#in.signal.reason : 'interrupted') : 'unknown_outcome',
              `the outcome of bet ${intent.identifier} is not known (${found.why}); 'autobet resume' looks for it again before betting`,
              intent.identifier,
            );
          }
          journal.not_placed(intent.seq, found.by, outcome.message);
          // Others' bets that took nonces meanwhile are the account's: counted before this step is sent again.
          await this.#adoptUnrecorded();
          this.#watchUntil = this.#now() + this.#in.resolve_timeout_ms;
          this.#in.on_note?.(`bet ${intent.identifier} was not placed (nothing of it under the seed pair after the settle period); sending it again as a new bet`);
          if (retry.exhausted(attempt)) throw new Stop(`error:${cause}`, outcome.message);
          this.#checkStop();
          await this.#waitOut(cause, retry.wait_ms(attempt, outcome.retry_after_ms));
          continue;
        }
      }
    }
  }

  /** What a vault deposit needs of the engine (vault-step.ts). */
  #vault(): VaultPort {
    return (this.#vaultPort ??= {
      input: this.#in,
      counters: this.#c,
      now: this.#now,
      next_seq: () => this.#seq++,
      strategy_snapshot: () => this.#seat.snapshot(),
      engine_snapshot: () => ({ counters: { ...this.#c }, seeds: { ...this.#seeds } }),
      last: () => this.#last,
    });
  }

  #ref(intent: IntentRow, settle_until: number): IntentRef {
    return {
      identifier: intent.identifier,
      game: intent.game,
      amount: this.#in.money.amount(intent.amount_units),
      seed_hash: intent.seed_hash,
      nonce_expected: intent.nonce_expected,
      params: intent.variables,
      settle_until,
    };
  }

  /** A wait for trouble to pass, told to the caller (`{ event: 'wait' }`) before it starts. */
  async #waitOut(reason: string, ms: number): Promise<void> {
    if (ms <= 0) return;
    this.#in.on_wait?.({ event: 'wait', reason, seconds: Math.round(ms / 100) / 10 });
    await this.#in.driver.sleep(ms, this.#in.signal);
  }

  /** Adopts the bets the site booked under the active pair past the journal's nonce. */
  async #adoptUnrecorded(): Promise<void> {
    const seeds = await this.#in.driver.seeds(this.#in.signal);
    if (seeds === null || seeds.server_seed_hash !== this.#seeds.server_seed_hash || seeds.nonce <= this.#seeds.nonce) return;
    await this.#adoptFrom(this.#seeds.nonce, seeds.nonce);
  }

  /** Journals and counts the bets with nonces `from` to `to - 1` of the active pair, read from the site. */
  async #adoptFrom(from: number, to: number): Promise<void> {
    const { driver, signal } = this.#in;
    const found = await driver.adopt(this.#seeds.server_seed_hash, from, this.#now() + this.#in.resolve_timeout_ms, signal);
    const bets = found.bets.filter((b) => b.nonce < to);
    if (bets.length !== to - from) {
      throw new Stop('unknown_outcome', `the site holds ${to - from} bets this session never recorded, ${bets.length} found: ${found.gap ?? 'not all are in the history'}`);
    }
    for (const bet of bets) {
      const identifier = `adopted-${bet.id}`;
      this.#in.on_note?.(`adopting bet ${bet.id} (nonce ${bet.nonce}, ${bet.game} ${bet.amount}), booked by the site but not in the journal: counted against the limits`);
      const intent: IntentRow = {
        seq: this.#seq++,
        identifier,
        game: bet.game,
        variables: { amount: bet.amount },
        amount_units: this.#in.money.units(bet.amount),
        seed_hash: this.#seeds.server_seed_hash,
        nonce_expected: bet.nonce,
        strategy_state: this.#seat.snapshot(),
      };
      this.#count({ ...bet, identifier }, intent, true);
    }
  }

  /** Counts and journals a settled bet; adopts any bet the site booked before it that the journal lacks. */
  async #settle(intent: IntentRow, bet: SettledBet, by: string): Promise<void> {
    if (bet.serverSeed?.seedHash === this.#seeds.server_seed_hash && bet.nonce > this.#seeds.nonce) {
      await this.#adoptFrom(this.#seeds.nonce, bet.nonce);
    }
    this.#count(bet, intent, false, by);
    if (bet.active) throw new Stop('error:open_round', `bet ${intent.identifier} left a round open; finish it on the site`);
  }

  #count(bet: SettledBet, intent: IntentRow, adopted: boolean, by = 'answer', amount_units?: number): void {
    const { money, journal, currency } = this.#in;
    const amount = amount_units ?? money.units(bet.amount);
    const payout = money.units(bet.payout);
    count_bet(this.#c, amount, payout, is_win(bet));
    this.#expect(bet);
    if (bet.serverSeed?.seedHash === this.#seeds.server_seed_hash) this.#seeds.nonce = bet.nonce + 1;
    this.#last = bet;
    if (adopted || this.#collect || this.#unseen.length > 0) this.#unseen.push({ bet, counters: { ...this.#c } });
    if (!journal.durable && this.#in.on_bet === undefined) return;
    const line = bet_line(intent.seq, bet, currency, payout - amount, this.#c, money);
    if (journal.durable) {
      const snapshot = { counters: { ...this.#c }, seeds: { ...this.#seeds } };
      if (adopted) journal.adopted(intent, bet, payout, snapshot, line);
      else journal.placed(intent.seq, bet, payout, snapshot, line, by);
    }
    this.#in.on_bet?.(line);
  }

  /** Adds the bet's win chance to the session's expected wins (luck's denominator). */
  #expect(bet: SettledBet): void {
    const sum = this.#c.expected_wins;
    if (sum === null) return;
    const p = win_probability(bet);
    // A session journaled before the field existed has no sum to go on from: its luck stays unknown.
    this.#c.expected_wins = p === null || (sum === undefined && this.#c.bets > 1) ? null : (sum ?? 0) + p;
  }



  /** Before the first bet of a resumed run: resolve what the journal left open and adopt what it never recorded. */
  async reconcile(pending: readonly IntentRow[]): Promise<void> {
    this.#collect = pending.length > 0;
    const settle = this.#in.settle_ms ?? DEFAULT_SETTLE_MS;
    const timeout = this.#in.request_timeout_ms ?? DEFAULT_SETTLE_MS;
    for (const intent of pending) {
      if (intent.game === 'vault') {
        // A deposit that ran: the strategy goes on from the state it had when it asked for it.
        if (await resolve_deposit(this.#vault(), intent)) this.#seat.restore(intent.strategy_state);
        continue;
      }
      // The request left at most when it was journaled, and was given up on a request timeout later.
      const settle_until = (intent.sent_at ?? this.#now()) + timeout + settle;
      const found = await this.#in.driver.resolve(this.#ref(intent, settle_until), this.#now() + this.#in.resolve_timeout_ms, this.#in.signal);
      if (found.kind === 'unknown') {
        throw new Stop('unknown_outcome', `the outcome of bet ${intent.identifier} is still not known (${found.why})`, intent.identifier);
      }
      if (found.kind === 'not_placed') {
        this.#in.journal.not_placed(intent.seq, found.by, null);
        this.#in.on_note?.(`bet ${intent.identifier} was not placed`);
      } else {
        this.#in.on_note?.(`bet ${intent.identifier}, left open by the journal, was placed (found by ${found.by})`);
        await this.#settle(intent, found.bet, found.by);
        // The strategy goes on from the state it had when it proposed this bet, not the one before.
        this.#seat.restore(intent.strategy_state);
        // That state has seen every bet before this one: only this one (and what is adopted after it) is new to it.
        this.#unseen = this.#unseen.slice(-1);
      }
    }
    await this.#adoptUnrecorded();
    this.#collect = false;
    if (this.#in.refresh_balance !== undefined) this.#c.balance = await this.#in.refresh_balance();
  }
}

/** A resumed run: first reconciles the journal with the site, then runs. */
export async function resume_engine(input: EngineInput, pending: readonly IntentRow[]): Promise<StopLine> {
  const engine = new Engine(input);
  try {
    await engine.reconcile(pending);
  } catch (error) {
    return engine.stopped(error);
  }
  return engine.run();
}

export { StrategyError };
