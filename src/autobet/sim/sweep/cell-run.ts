/**
 * A cell's sessions, `from` to `to`, each on its derived seed pairs, through
 * the simulator's own session (`run_sim_session`: the engine, the simulator's
 * driver, the limits): a sweep has no betting loop of its own. Run by a
 * worker thread or, without one, on the main thread.
 */
import { decimals_for } from '../../../operations/validate/currencies.js';
import { check_limits } from '../../engine/limits.js';
import { check_settings } from '../../strategies/settings.js';
import { ruin_exact } from './ruin.js';
import { run_sim_session } from '../sim-session.js';
import type { PreparedStrategy } from '../../strategies/load.js';
import type { Strategy, StrategyAnswer, StrategyState } from '../../strategies/strategy.js';
import type { SessionSample } from './figures.js';
import { derived_pair, type Cell } from './spec.js';

/** What every session of a sweep shares. */
export interface SweepRunCommon {
  readonly seed: string;
  readonly balance: number;
  readonly bets: number;
  readonly currency: string;
}

/**
 * The strategy with a watch on what it asks: the largest `amount − profit`
 * (in units, rounded at the end), the smallest start balance that would pay
 * every bet it asked for. One class, one method: the engine's call stays as
 * cheap as the strategy's own.
 */
class Watched implements Strategy {
  readonly name: string;
  readonly round?: Strategy['round'];
  readonly #inner: Strategy;
  /** In currency units. */
  need = 0;

  constructor(inner: Strategy) {
    this.#inner = inner;
    this.name = inner.name;
    if (inner.round !== undefined) this.round = inner.round.bind(inner);
  }

  next(state: StrategyState): StrategyAnswer | Promise<StrategyAnswer> {
    const answer = this.#inner.next(state);
    if (answer instanceof Promise) return answer.then((a) => this.#track(state, a));
    return this.#track(state, answer);
  }

  #track(state: StrategyState, answer: StrategyAnswer): StrategyAnswer {
    const amount = (answer as { amount?: unknown }).amount;
    if (typeof amount === 'number' && amount - state.profit > this.need) this.need = amount - state.profit;
    return answer;
  }

  save(): unknown {
    return this.#inner.save();
  }

  restore(snapshot: unknown): void {
    this.#inner.restore(snapshot);
  }

  close(): void | Promise<void> {
    return this.#inner.close?.();
  }
}

/** Runs sessions `from` (inclusive) to `to` of `cell`; their samples in session order. */
export async function run_cell_sessions(prepared: PreparedStrategy, cell: Cell, from: number, to: number, common: SweepRunCommon, signal: AbortSignal): Promise<SessionSample[]> {
  const scale = 10 ** decimals_for(common.currency);
  const limits = check_limits({ max_bets: common.bets }, false);
  const samples: SessionSample[] = [];
  for (let session = from; session < to && !signal.aborted; session++) {
    let watched: Watched | null = null;
    const result = await run_sim_session({
      index: session,
      prepared: { ...prepared, bind: async (context) => (watched = new Watched(await prepared.bind(context))) },
      limits,
      start_balance: common.balance,
      currency: common.currency,
      seeds: { kind: 'derived', pair: (k) => derived_pair(common.seed, cell, session, k) },
      signal,
    });
    samples.push({
      profit: Math.round(result.profit * scale),
      wagered: Math.round(result.wagered * scale),
      bets: result.bets,
      bust: result.reason === 'insufficient_balance',
      longest_loss_streak: result.longest_loss_streak,
      need: Math.round(((watched as Watched | null)?.need ?? 0) * scale),
      error: result.reason.startsWith('error:') ? `${result.reason}${result.message === undefined ? '' : `: ${result.message}`}` : null,
    });
  }
  return samples;
}

/** The exact ruin figure of a cell's strategy, where it applies (a martingale-family settings strategy on dice), else null. */
export function cell_ruin(prepared: PreparedStrategy, common: SweepRunCommon): number | null {
  if (prepared.kind !== 'settings') return null;
  const scale = 10 ** decimals_for(common.currency);
  return ruin_exact(check_settings(JSON.parse(prepared.source)), Math.floor(common.balance * scale + 1e-6), common.bets, scale);
}
