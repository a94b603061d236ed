/**
 * A `when:` list beside any strategy (settings, module, Lua, in-page bot
 * script): before the strategy is asked for its next bet, the conditions are
 * evaluated on the last one, and may stop the run, arm a stop after the next
 * win, or notify. The strategy's answer passes through untouched: a `when:`
 * item never changes a bet.
 */
import { decimals_for } from '../../../operations/validate/currencies.js';
import type { RoundStep, RoundView } from '../../../games/kernel/round-view.js';
import type { Strategy, StrategyAnswer, StrategyState } from '../strategy.js';
import type { WhenItem } from './check.js';
import { evaluate, type Condition } from './conditions.js';
import { Hunt, type HuntSink } from './hunt.js';

/** What the watch needs of the run. */
export interface WhenContext {
  readonly currency: string;
  readonly hunt?: HuntSink;
  /** A resume of a session a condition stopped: the bet that met it does not stop the run again. */
  readonly resumed_after_condition?: boolean;
}

/** `strategy` watched by `items`; the strategy itself when there are none. */
export function with_when(strategy: Strategy, items: readonly WhenItem[], context: WhenContext): Strategy {
  if (items.length === 0) return strategy;
  const watched = new WhenStrategy(strategy, items, context);
  if (strategy.round === undefined) return watched;
  // A round policy stays the strategy's own (rounds/play-round.ts asks it between steps).
  return Object.assign(watched, { round: (view: RoundView): RoundStep | Promise<RoundStep> => (strategy.round as NonNullable<Strategy['round']>)(view) });
}

class WhenStrategy implements Strategy {
  readonly name: string;
  readonly #inner: Strategy;
  readonly #items: readonly WhenItem[];
  readonly #conditions: readonly Condition[];
  readonly #scale: number;
  readonly #hunt: Hunt;
  #runs: number[];
  /** The last bet looked at: asked again after a skipped round, the same bet is not evaluated twice. */
  #processed: StrategyState['last'] = null;

  constructor(inner: Strategy, items: readonly WhenItem[], context: WhenContext) {
    this.name = inner.name;
    this.#inner = inner;
    this.#items = items;
    this.#conditions = items.map((i) => i.condition);
    this.#scale = 10 ** decimals_for(context.currency);
    this.#hunt = new Hunt(context.hunt, context.resumed_after_condition === true);
    this.#runs = items.map(() => 0);
  }

  next(state: StrategyState): StrategyAnswer | Promise<StrategyAnswer> {
    const last = state.last;
    if (last !== null && last !== this.#processed) {
      this.#processed = last;
      this.#hunt.before(last);
      const view = { last, profit_units: Math.round(state.profit * this.#scale), balance_units: Math.round(state.balance * this.#scale), scale: this.#scale };
      const { fired, runs } = evaluate(this.#conditions, view, this.#runs);
      this.#runs = runs;
      for (const i of fired) this.#hunt.act(this.#items[i] as WhenItem, last);
      this.#hunt.done();
    }
    return this.#inner.next(state);
  }

  save(): unknown {
    return { strategy: this.#inner.save(), when: { runs: [...this.#runs], ...this.#hunt.memory } };
  }

  restore(snapshot: unknown): void {
    const s = typeof snapshot === 'object' && snapshot !== null ? (snapshot as { strategy?: unknown; when?: unknown }) : {};
    if (s.strategy !== undefined && s.strategy !== null) this.#inner.restore(s.strategy);
    const when = typeof s.when === 'object' && s.when !== null ? (s.when as { runs?: unknown }) : {};
    const runs = Array.isArray(when.runs) ? when.runs : [];
    this.#runs = this.#items.map((_, i) => {
      const n: unknown = runs[i];
      return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0;
    });
    this.#hunt.restore(when);
  }

  close(): void | Promise<void> {
    return this.#inner.close?.();
  }
}
