/**
 * The engine's side of the strategy: what it is shown (the counters in
 * currency units, the last bet, its memory), what it answers checked into a
 * planned bet or a stop, its state as the journal keeps it, and bets it must
 * be shown that it was not asked after (adopted ones), in the site's order.
 */
import type { Counters, Money } from './counters.js';
import { ParamsCache, plan_bet, type PlannedBet } from './planned-bet.js';
import { Stop, strategyStop } from './stop.js';
import { StrategyError, type SettledBet, type Strategy, type StrategyState } from '../strategies/strategy.js';
import { is_multiplayer_game, type MultiplayerGame } from '../../games/crash/rules.js';

/** A strategy's skip: nothing is bet in `game`'s next round. */
export interface SkipPlan {
  readonly skip: MultiplayerGame;
}

/** The rounds the strategy is shown (the driver's `rounds`). */
export type RoundsSource = (game: MultiplayerGame) => readonly number[] | null;

/** A bet counted without the strategy being asked after it, with the counters just after it. */
export interface UnseenBet {
  readonly bet: SettledBet;
  readonly counters: Counters;
}

/** One strategy as the engine drives it. */
export class StrategySeat {
  readonly #strategy: Strategy;
  readonly #memory: Record<string, unknown>;
  readonly #money: Money;
  readonly #currency: string;
  readonly #params = new ParamsCache();
  readonly #rounds: RoundsSource | undefined;
  /** The multiplayer game the strategy last answered for: its rounds are shown from then on. */
  #rounds_game: MultiplayerGame | null = null;

  constructor(strategy: Strategy, memory: Record<string, unknown>, money: Money, currency: string, rounds?: RoundsSource) {
    this.#strategy = strategy;
    this.#memory = memory;
    this.#money = money;
    this.#currency = currency;
    this.#rounds = rounds;
  }

  /** The next bet after `last`; synchronous unless the strategy answers with a promise (a simulation awaits nothing). */
  ask(c: Counters, last: SettledBet | null): PlannedBet | SkipPlan | Promise<PlannedBet | SkipPlan> {
    let answer: unknown;
    try {
      answer = this.#strategy.next(this.#state(c, last));
    } catch (error) {
      throw strategyStop(error);
    }
    if (answer instanceof Promise) return answer.then((a: unknown) => this.#plan(a), (error: unknown) => Promise.reject(strategyStop(error)));
    return this.#plan(answer);
  }

  /** Shows the strategy bets it was not asked after, in order: a stop it answers is honoured, a bet it asks for is not placed. */
  async replay(bets: readonly UnseenBet[]): Promise<void> {
    for (const { bet, counters } of bets) {
      let answer: unknown;
      try {
        answer = await this.#strategy.next(this.#state(counters, bet));
      } catch (error) {
        throw strategyStop(error);
      }
      if (typeof answer === 'object' && answer !== null && 'stop' in answer) this.#plan(answer);
    }
  }

  /**
   * The strategy's state as the journal keeps it: its JSON text, taken before
   * the request leaves. Memory JSON cannot hold (a cycle, a BigInt) is the
   * strategy's fault, and stops the run with nothing sent.
   */
  snapshot(): string {
    try {
      return JSON.stringify({ strategy: this.#strategy.save(), memory: this.#memory });
    } catch (error) {
      throw new Stop('error:strategy', `the strategy's state cannot be journaled as JSON (${error instanceof Error ? error.message.split('\n')[0] : 'not serialisable'})`);
    }
  }

  /** Restores a snapshot the journal holds (the strategy's own state and its memory, in place). */
  restore(json: string | null): void {
    const state: unknown = json === null ? null : JSON.parse(json);
    if (typeof state !== 'object' || state === null) return;
    const { strategy, memory } = state as { strategy?: unknown; memory?: unknown };
    if (strategy !== undefined && strategy !== null) this.#strategy.restore(strategy);
    if (typeof memory === 'object' && memory !== null) {
      const target = this.#memory;
      for (const key of Object.keys(target)) delete target[key];
      Object.assign(target, memory);
    }
  }

  #state(c: Counters, last: SettledBet | null): StrategyState {
    const money = this.#money;
    const rounds = this.#rounds_game === null ? null : (this.#rounds?.(this.#rounds_game) ?? null);
    return {
      ...(rounds === null ? {} : { rounds }),
      bets: c.bets,
      wins: c.wins,
      losses: c.losses,
      profit: money.amount(c.profit),
      wagered: money.amount(c.wagered),
      balance: money.amount(c.balance),
      streak: c.streak,
      peak_profit: money.amount(c.peak_profit),
      last,
      currency: this.#currency,
      memory: this.#memory,
    };
  }

  #plan(answer: unknown): PlannedBet | SkipPlan {
    if (typeof answer === 'object' && answer !== null && (answer as { skip?: unknown }).skip !== undefined && (answer as { skip?: unknown }).skip !== false) {
      const { game, skip } = answer as { game?: unknown; skip?: unknown };
      if (skip !== true || !is_multiplayer_game(game)) {
        throw strategyStop(new StrategyError('run', 'skip: true is an answer for a crash or slide round ({ game: "crash", skip: true })', { field: 'skip' }));
      }
      this.#rounds_game = game;
      return { skip: game };
    }
    let planned;
    try {
      planned = plan_bet(answer, this.#currency, this.#money, this.#params);
    } catch (error) {
      throw strategyStop(error);
    }
    if ('stop' in planned) throw new Stop('strategy', planned.stop);
    if (is_multiplayer_game(planned.game)) this.#rounds_game = planned.game;
    return planned;
  }
}
