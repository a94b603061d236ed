/**
 * Slide through `makebet()`, with the option `makebet: 'one_per_round'`
 * (options.ts). The bots' slide scripts call `makebet(amount, chanceOrTarget,
 * identifier)` several times in one `dobet()`; bot4stake and evilbot queue
 * the calls and send them all into the next round, then set
 * `id[identifier] = win` as each is answered and call `dobet()` again once the
 * round has ended (`poky1084/bot4stake:web.js` `makebet` l. 1306, `slidebet`
 * l. 1375, `id[gamelist[…]] = win` l. 919; `poky1084/evilbot:index.js` ~l. 11229,
 * ~l. 16251, ~l. 16513; both READMEs "Slide"). bot4stake (and stake-autobot)
 * pass a `chance` (cash-out `99 / chance`), evilbot a `target`: the choice
 * limbo already follows (`limbo_input`).
 *
 * stakeql places one bet at a time, each written down before it leaves, and a
 * slide bet is answered only once its round has ended: so the queue is played
 * one bet a round, in order, the host setting the globals and `id` after each;
 * `dobet()` runs again once the queue is empty. The queue and the bet in
 * flight are part of the strategy's snapshot, so a resumed run places the rest
 * of the queue and never one of it twice.
 */
import { check_multiplayer } from '../../../games/crash/rules.js';
import type { NextBet, SettledBet } from '../strategy.js';
import { StrategyError } from '../strategy.js';
import { floor_to_decimals } from '../lua/answer.js';
import { limbo_target_of_chance } from './games.js';
import type { LimboInput } from './options.js';

/** The longest identifier, in characters. */
export const MAX_IDENTIFIER = 100;

/** One queued slide bet, as the engine will place it. */
export interface QueuedBet {
  readonly amount: number;
  readonly cashoutAt: number;
  /** The key of `id` its result goes under. */
  readonly identifier: string;
}

/** What the snapshot holds of the queue. */
export interface MakebetState {
  readonly queue: readonly QueuedBet[];
  /** The bet proposed last, its result not yet in `id`, or null. */
  readonly in_flight: QueuedBet | null;
}

/** A number as the prelude wrote it: a number, or the name of what was there instead. */
type Written = number | string;

function describe(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v) ?? 'nothing';
}

function number_of(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The prelude's list of one `dobet()`'s `makebet()` calls as the engine's bets.
 * @throws StrategyError naming the argument at fault (`makebet.amount`,
 * `makebet.target` or `makebet.chance`, `makebet.identifier`), the call's number and identifier.
 */
export function read_makebets(raw: unknown, input: LimboInput, currency: string, decimals: number, phase: 'load' | 'run'): QueuedBet[] {
  if (!Array.isArray(raw)) throw new StrategyError(phase, 'the script\'s makebet() calls could not be read', { field: 'makebet' });
  return raw.map((call: unknown, i) => {
    const [amount_raw, value_raw, ident_raw] = Array.isArray(call) ? call as [Written, Written, unknown] : [null, null, null];
    const ident_value = typeof ident_raw === 'object' && ident_raw !== null ? ident_raw as { s?: unknown; n?: unknown; t?: unknown } : {};
    const where = `makebet() call ${i + 1} of this dobet()`;
    let identifier: string;
    if (typeof ident_value.s === 'string') identifier = ident_value.s;
    else if (typeof ident_value.n === 'number' && Number.isFinite(ident_value.n)) identifier = String(ident_value.n);
    else throw new StrategyError(phase, `${where}: identifier must be a string or a number, the key of its result in id (the script passed ${describe(ident_value.t ?? ident_value.n)})`, { field: 'makebet.identifier' });
    if (identifier.length === 0 || identifier.length > MAX_IDENTIFIER) {
      throw new StrategyError(phase, `${where}: identifier must be 1 to ${MAX_IDENTIFIER} characters long`, { field: 'makebet.identifier' });
    }
    const named = `${where} (${JSON.stringify(identifier)})`;
    const amount = number_of(amount_raw);
    if (amount === null) throw new StrategyError(phase, `${named}: amount must be a finite number (the script passed ${describe(amount_raw)})`, { field: 'makebet.amount' });
    const units = floor_to_decimals(amount, decimals);
    if (!(units > 0)) {
      throw new StrategyError(phase, `${named}: amount ${amount} rounds down to ${units} ${currency} (${decimals} decimals): no bet to place`, { field: 'makebet.amount' });
    }
    const field = input === 'chance' ? 'makebet.chance' : 'makebet.target';
    const value = number_of(value_raw);
    if (value === null) throw new StrategyError(phase, `${named}: ${input} must be a finite number (the script passed ${describe(value_raw)})`, { field });
    if (input === 'chance' && !(value > 0)) throw new StrategyError(phase, `${named}: chance ${value} gives no slide cash-out (99 / chance)`, { field });
    const cashout = input === 'chance' ? limbo_target_of_chance(value) : value;
    let cashoutAt: number;
    try {
      cashoutAt = check_multiplayer({ cashoutAt: cashout }).cashoutAt;
    } catch (error) {
      if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
      throw new StrategyError(phase, `${named}: ${input} (the site's cashoutAt)${error.message.slice('cashoutAt'.length)} (the script passed ${cashout})`, { field, cause: error });
    }
    return { amount: units, cashoutAt, identifier };
  });
}

function same(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));
}

/** The queue of one `dobet()`'s slide bets, played one a turn. */
export class MakebetQueue {
  #queue: QueuedBet[] = [];
  /** The bet proposed last, until a settled bet shows it was placed. */
  #in_flight: QueuedBet | null = null;

  get size(): number {
    return this.#queue.length;
  }

  /**
   * Whose bet `last` is: the identifier of the bet proposed last when it is
   * that bet (then no longer in flight); `other` when a bet is in flight and
   * `last` is another (a bet the engine adopted, shown to the strategy); null
   * when none is in flight.
   */
  settled(last: SettledBet): string | 'other' | null {
    const p = this.#in_flight;
    if (p === null) return null;
    const cashout = (last.state as { cashoutAt?: unknown } | null)?.cashoutAt;
    if (last.game !== 'slide' || !same(last.amount, p.amount) || typeof cashout !== 'number' || !same(cashout, p.cashoutAt)) return 'other';
    this.#in_flight = null;
    return p.identifier;
  }

  /** A new `dobet()`'s bets (the first is taken next). */
  fill(bets: readonly QueuedBet[]): void {
    this.#queue = [...bets];
  }

  /** The next bet to propose, with the answer's seed rotation and vault deposit when it starts a batch. */
  take(extras: Readonly<Record<string, unknown>> = {}): NextBet {
    const next = this.#queue.shift();
    if (next === undefined) throw new StrategyError('run', 'no makebet() bet is queued');
    this.#in_flight = next;
    return { game: 'slide', amount: next.amount, cashoutAt: next.cashoutAt, ...extras } as NextBet;
  }

  /** The bet in flight proposed again: the strategy was shown another bet, and its proposal may not have been placed. */
  again(): NextBet {
    const p = this.#in_flight;
    if (p === null) throw new StrategyError('run', 'no makebet() bet is in flight');
    return { game: 'slide', amount: p.amount, cashoutAt: p.cashoutAt } as NextBet;
  }

  save(): MakebetState {
    return { queue: this.#queue.map((b) => ({ ...b })), in_flight: this.#in_flight === null ? null : { ...this.#in_flight } };
  }

  /** @throws StrategyError (field `snapshot`) for anything {@link save} did not write. */
  restore(saved: unknown): void {
    const bad = (what: string): StrategyError => new StrategyError('load', `the saved bot script state is not one save() wrote: makebet ${what}`, { field: 'snapshot' });
    const bet = (b: unknown, what: string): QueuedBet => {
      const q = b as Partial<QueuedBet> | null;
      if (typeof q !== 'object' || q === null || number_of(q.amount) === null || !(q.amount! > 0) || number_of(q.cashoutAt) === null
        || typeof q.identifier !== 'string') throw bad(`${what} is not { amount, cashoutAt, identifier }`);
      return { amount: q.amount!, cashoutAt: q.cashoutAt!, identifier: q.identifier };
    };
    const s = saved as Partial<MakebetState> | null;
    if (typeof s !== 'object' || s === null || !Array.isArray(s.queue)) throw bad('has no queue');
    const queue = s.queue.map((b: unknown, i) => bet(b, `queue[${i}]`));
    const in_flight = s.in_flight === null || s.in_flight === undefined ? null : bet(s.in_flight, 'in_flight');
    this.#queue = queue;
    this.#in_flight = in_flight;
  }
}
