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
 *
 * The loop keeps no state: the run's state, and every change to it, is its
 * `Books` (books.ts).
 */
import type { Driver, PlaceOutcome } from './driver.js';
import type { StopLine } from './events.js';
import type { EngineInput } from './engine-input.js';
import { Books } from './books.js';
import { Stop } from './stop.js';
import type { IntentRow } from './journal-port.js';
import type { PlannedBet } from './planned-bet.js';
import { deposit, resolve_deposit } from './vault-step.js';
import { claim_step, reconcile_claim } from './rakeback-step.js';
import { DEFAULT_ERROR_POLICY, RetryWindow, type ErrorPolicy } from './error-policy.js';
import { DEFAULT_SETTLE_MS } from './reconcile.js';
import { cause_name } from '../../operations/request-fate.js';
import { StrategyError } from '../strategies/strategy.js';
import type { SkipPlan } from './strategy-seat.js';

export type { EngineInput } from './engine-input.js';

/** Turns between two yields to the event loop when nothing else awaits (a simulation). */
const YIELD_EVERY = 1000;

/** Runs until a limit, the strategy, a stop request or an error ends it; resolves to the stop line. */
export async function run_engine(input: EngineInput): Promise<StopLine> {
  return new Engine(input).run();
}

/** The betting loop: asks the strategy, checks its answer against the limits, sends it once, and books it (books.ts). */
class Engine {
  readonly #input: EngineInput;
  readonly #policy: ErrorPolicy;
  readonly #now: () => number;
  readonly #books: Books;

  constructor(input: EngineInput) {
    this.#input = input;
    this.#policy = input.policy ?? DEFAULT_ERROR_POLICY;
    this.#now = input.now ?? Date.now;
    this.#books = new Books(input);
  }

  async run(): Promise<StopLine> {
    const books = this.#books;
    try {
      for (let turn = 1; ; turn++) {
        // A simulation never awaits below: let timers and signals (Ctrl-C) in now and then.
        if (turn % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
        if (books.watching()) await books.adopt_unrecorded();
        // A rakeback claim on its schedule, between two bets: it raises the balance the next bet is checked against.
        const rakeback = this.#input.rakeback;
        if (rakeback !== undefined && rakeback.schedule.due()) await claim_step(books.vault(), rakeback.schedule, rakeback.report);
        const asked = this.#prepare();
        const plan = asked instanceof Promise ? await asked : asked;
        if ('skip' in plan) {
          await this.#skip(plan);
          continue;
        }
        // The deposit first: it lowers the balance the bet's limits are then checked against.
        if (plan.vault_units > 0) await deposit(books.vault(), plan.vault_units);
        // Limits first: a bet that will not be placed must not rotate (and so reveal) the seed pair.
        const refused = books.refusal(plan.amount_units);
        if (refused !== null) throw new Stop(refused.reason, refused.message);
        if (plan.rotate_seed_pair) await this.#rotate();
        if (books.limits.max_bets_per_second !== undefined) await this.#pace(books.limits.max_bets_per_second);
        const placed = this.#input.driver.place_now === undefined ? this.#place(plan) : this.#place_now(plan);
        if (placed !== true) await placed;
      }
    } catch (error) {
      books.elapse();
      return books.stopped(error);
    } finally {
      books.release();
    }
  }

  /** A Crash or Slide round the strategy sits out: nothing is sent; its end is waited for (a stop ends the wait). */
  async #skip(plan: SkipPlan): Promise<void> {
    const skip = this.#input.driver.skip_round;
    if (skip === undefined) throw new Stop('error:strategy', `this driver cannot skip a ${plan.skip} round`);
    try {
      await skip.call(this.#input.driver, plan.skip, this.#input.signal);
    } catch (error) {
      this.#books.check_stop();
      throw error;
    }
  }

  /** The checks before a bet and the strategy's answer: synchronous unless the strategy answers with a promise. */
  #prepare(): PlannedBet | SkipPlan | Promise<PlannedBet | SkipPlan> {
    this.#books.elapse();
    // The one place commands sent to the session (pause, stop, a lowered limit) are read: between two bets.
    const paused = this.#input.control?.between_bets(this.#books.steerable) ?? null;
    if (paused !== null) return paused.then(() => this.#resumed());
    return this.#books.ask();
  }

  /** After a pause: the wait is not running time; then every check again, as before any bet. */
  #resumed(): PlannedBet | SkipPlan | Promise<PlannedBet | SkipPlan> {
    this.#books.skip_clock();
    return this.#prepare();
  }

  async #rotate(): Promise<void> {
    const rotated = await this.#input.driver.rotate_seed_pair();
    if ('exhausted' in rotated) throw new Stop('seeds_exhausted');
    this.#books.rotated(rotated);
    this.#input.on_note?.(`seed pair rotated: server seed hash ${rotated.server_seed_hash}`);
  }

  async #pace(rate: number): Promise<void> {
    const wait = this.#books.pace_ms(rate);
    if (wait > 0) await this.#input.driver.sleep(wait, new AbortController().signal);
  }

  /** A wait for trouble to pass, told to the caller (`{ event: 'wait' }`) before it starts. */
  async #wait_out(reason: string, ms: number): Promise<void> {
    if (ms <= 0) return;
    this.#input.on_wait?.({ event: 'wait', reason, seconds: Math.round(ms / 100) / 10 });
    await this.#input.driver.sleep(ms, this.#input.signal);
  }

  /**
   * A synchronous driver's bet: counted at once when it is placed under the
   * expected nonce (true); anything else goes the general way.
   */
  #place_now(plan: PlannedBet): true | Promise<void> {
    const { driver, journal, currency } = this.#input;
    const intent = this.#books.intent(plan);
    if (journal.durable) journal.intend(intent);
    const outcome = (driver.place_now as NonNullable<Driver['place_now']>)(plan, currency, intent.identifier);
    if (outcome.kind === 'placed' && this.#books.settle_now(intent, outcome.bet, plan, outcome.then_stop)) return true;
    return this.#place(plan, { intent, outcome });
  }

  /** Sends `plan` until it is placed once, or the run must stop; never twice. `first`: a try already made. */
  async #place(plan: PlannedBet, first?: { intent: IntentRow; outcome: PlaceOutcome }): Promise<void> {
    const { driver, journal, currency } = this.#input;
    const books = this.#books;
    const retry = new RetryWindow(this.#policy, this.#now);
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1) {
        // Bets adopted meanwhile count against the limits: the same plan may no longer fit them.
        const refused = books.refusal(plan.amount_units);
        if (refused !== null) throw new Stop(refused.reason, refused.message);
      }
      const intent = attempt === 1 && first !== undefined ? first.intent : books.intent(plan);
      if (first === undefined || attempt > 1) journal.intend(intent);
      books.sent();
      const outcome = attempt === 1 && first !== undefined ? first.outcome : await driver.place(plan, currency, intent.identifier);
      switch (outcome.kind) {
        case 'placed':
          await books.settle(intent, outcome.bet, 'answer', outcome.then_stop);
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
          await this.#wait_out(outcome.error_type, retry.wait_ms(attempt));
          await books.adopt_unrecorded();
          continue;
        }
        case 'not_sent':
          journal.not_placed(intent.seq, 'not_sent', outcome.message);
          retry.failed();
          if (retry.exhausted(attempt)) throw new Stop('error:network', outcome.message);
          books.check_stop();
          this.#input.on_note?.(`bet not sent (${outcome.message}); trying again`);
          await this.#wait_out('network', retry.wait_ms(attempt));
          books.check_stop();
          continue;
        case 'auth':
          // Refused credentials may come after a mutation ran in part: the intent stays open, and the next
          // start (with good credentials) finds out what became of it before anything is sent.
          throw new Stop('error:notAuthenticated', `${outcome.message}; the outcome of bet ${intent.identifier} is found out by 'autobet resume' before betting`, intent.identifier);
        case 'unknown': {
          const lost = await this.#find_out(plan, intent, outcome, retry);
          if (lost === 'placed') return;
          const cause = cause_name(outcome.cause);
          if (retry.exhausted(attempt)) throw new Stop(`error:${cause}`, outcome.message);
          books.check_stop();
          // A 429's or a challenge's wait was taken before the look.
          if (outcome.settle) await this.#wait_out(cause, retry.wait_ms(attempt));
          continue;
        }
      }
    }
  }
  /**
   * A bet whose request may have run (request-fate.ts): nothing is sent again
   * before the site is looked at. A 429 or a challenge is looked at once,
   * after its wait; anything else through the settle period. Found: counted
   * ('placed'). Not there: journaled not placed, its amount held against the
   * limits while a late landing may still come ('not_placed'). Not known by
   * the deadline: the run stops, naming the identifier.
   */
  async #find_out(plan: PlannedBet, intent: IntentRow, outcome: Extract<PlaceOutcome, { kind: 'unknown' }>, retry: RetryWindow): Promise<'placed' | 'not_placed'> {
    const { driver, journal } = this.#input;
    const cause = cause_name(outcome.cause);
    const settle = this.#input.settle_ms ?? DEFAULT_SETTLE_MS;
    this.#input.on_note?.(
      `the answer to bet ${intent.identifier} was lost or turned away (${outcome.cause}); finding out whether it was placed ` +
        (outcome.settle
          ? `(nothing is sent before it is found, or before ${Math.ceil(settle / 1000)} s pass without it on the site)`
          : '(it is sent again only if a look at the site after the wait shows it is not there)'),
    );
    retry.failed();
    // Waiting out trouble gives the search as long as the window has left: the outcome is still found out first.
    // Without --retry-for there is no window: the resolve timeout alone bounds the search.
    const window_ms = this.#policy.retry_for_ms === undefined ? 0 : Math.min(retry.left_ms(), 2 ** 31 - 1);
    const look_ms = Math.max(this.#input.resolve_timeout_ms, window_ms);
    if (!outcome.settle) await this.#wait_out(cause, Math.min(retry.wait_ms(1, outcome.retry_after_ms), look_ms));
    else if (outcome.retry_after_ms !== null) await this.#wait_out(cause, Math.min(outcome.retry_after_ms, look_ms));
    // The settle period runs from the moment the answer was given up on; a turned-away answer is looked at once, now.
    const settle_until = outcome.settle ? this.#now() + settle : this.#now();
    const found = await driver.resolve(this.#books.ref(intent, settle_until), this.#now() + look_ms, this.#input.signal);
    if (found.kind === 'placed') {
      this.#input.on_note?.(`bet ${intent.identifier} was placed (found by ${found.by})`);
      await this.#books.settle(intent, found.bet, found.by, found.then_stop);
      return 'placed';
    }
    if (found.kind === 'unknown') {
      const interrupted = this.#input.signal.aborted;
      throw new Stop(
        interrupted ? (typeof this.#input.signal.reason === 'string' ? this.#input.signal.reason : 'interrupted') : 'unknown_outcome',
        `the outcome of bet ${intent.identifier} is not known (${found.why}); 'autobet resume' looks for it again before betting`,
        intent.identifier,
      );
    }
    journal.not_placed(intent.seq, found.by, outcome.message);
    // Others' bets that took nonces meanwhile are the account's: counted before this step is sent again.
    await this.#books.adopt_unrecorded();
    // It may still land (a queue longer than the settle period, a resent copy): until the watch ends, its amount counts as if lost.
    this.#books.hold(plan, this.#input.resolve_timeout_ms);
    this.#input.on_note?.(`bet ${intent.identifier} was not placed (nothing of it on the site${outcome.settle ? ' after the settle period' : ''}); sending it again as a new bet`);
    return 'not_placed';
  }

  /** Before the first bet of a resumed run: resolve what the journal left open and adopt what it never recorded. */
  async reconcile(pending: readonly IntentRow[]): Promise<void> {
    this.#books.collecting(pending.length > 0);
    const settle = this.#input.settle_ms ?? DEFAULT_SETTLE_MS;
    const timeout = this.#input.request_timeout_ms ?? DEFAULT_SETTLE_MS;
    for (const intent of pending) {
      if (intent.game === 'vault') {
        // A deposit that ran: the strategy goes on from the state it had when it asked for it.
        const settle_until = (intent.sent_at ?? this.#now()) + timeout + settle;
        if (await resolve_deposit(this.#books.vault(), intent, settle_until)) this.#books.restore_strategy(intent.strategy_state);
        continue;
      }
      if (intent.game === 'rakeback') {
        await reconcile_claim(this.#books.vault(), intent, (intent.sent_at ?? this.#now()) + timeout + settle);
        continue;
      }
      // The request left at most when it was journaled, and was given up on a request timeout later.
      const settle_until = (intent.sent_at ?? this.#now()) + timeout + settle;
      const found = await this.#input.driver.resolve(this.#books.ref(intent, settle_until), this.#now() + this.#input.resolve_timeout_ms, this.#input.signal);
      if (found.kind === 'unknown') {
        throw new Stop('unknown_outcome', `the outcome of bet ${intent.identifier} is still not known (${found.why})`, intent.identifier);
      }
      if (found.kind === 'not_placed') {
        this.#input.journal.not_placed(intent.seq, found.by, null);
        this.#input.on_note?.(`bet ${intent.identifier} was not placed`);
      } else {
        this.#input.on_note?.(`bet ${intent.identifier}, left open by the journal, was placed (found by ${found.by})`);
        await this.#books.settle(intent, found.bet, found.by, found.then_stop);
        // The strategy goes on from the state it had when it proposed this bet, not the one before.
        this.#books.found_open(intent);
      }
    }
    await this.#books.adopt_unrecorded();
    this.#books.collecting(false);
    if (this.#input.refresh_balance !== undefined) this.#books.set_balance(await this.#input.refresh_balance());
  }

  /** The stop line of a resume whose reconciliation ended it before any bet. */
  stopped_early(error: unknown): StopLine {
    this.#books.release();
    return this.#books.stopped(error);
  }
}

/** A resumed run: first reconciles the journal with the site, then runs. */
export async function resume_engine(input: EngineInput, pending: readonly IntentRow[]): Promise<StopLine> {
  const engine = new Engine(input);
  try {
    await engine.reconcile(pending);
  } catch (error) {
    return engine.stopped_early(error);
  }
  return engine.run();
}

export { StrategyError };
