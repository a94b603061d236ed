/**
 * The settings strategy: the site's own autobet form. Before each bet after
 * the first, `on_win` / `on_loss` apply to the last amount (reset to the base
 * amount, or change it by `increase_pct` percent), then each advanced rule in
 * order, against the engine's counters. Amounts move in whole smallest units
 * (a percentage change rounds to the nearest unit), chances in hundredths.
 *
 * Rule conditions: `every: n` fires at the n-th, 2n-th, … bet / win / loss
 * counted from the session's start; `every_streak: n` at every multiple of n
 * within a streak; `first_streak: n` once, when a streak reaches n;
 * `streak_above: n` / `streak_below: n` on every bet of a streak longer /
 * shorter than n; `profit_above: x` / `loss_above: x` when the session's
 * profit / loss is strictly above x.
 */
import { decimals_for } from '../../operations/validate/currencies.js';
import { is_win } from '../counters.js';
import { StrategyError, type NextBet, type Strategy, type StrategyAnswer, type StrategyContext, type StrategyState } from '../strategy.js';
import { check_settings, type OnResult, type Rule, type Settings } from './settings-check.js';

/** What the strategy remembers between bets (journaled; restored on resume). */
interface SettingsMemory {
  amount_units: number;
  /** Dice and limbo: the win chance in percent (limbo's is 99 / multiplierTarget). */
  chance: number | null;
  condition: 'above' | 'below' | null;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

function base_chance(s: Settings): number | null {
  if (s.game === 'dice') {
    const target = s.bet['target'] as number;
    return round2(s.bet['condition'] === 'above' ? 100 - target : target);
  }
  if (s.game === 'limbo') return round2(99 / (s.bet['multiplierTarget'] as number));
  return null;
}

function fires(rule: Rule, state: StrategyState, won: boolean): boolean {
  const w = rule.when;
  if (w.kind === 'profit_above') return state.profit > w.x;
  if (w.kind === 'loss_above') return -state.profit > w.x;
  if (w.kind === 'every') {
    if (w.of === 'bets') return state.bets % w.n === 0;
    if (w.of === 'wins') return won && state.wins % w.n === 0;
    return !won && state.losses % w.n === 0;
  }
  // Streak conditions: the streak of the kind named, on a bet that continued it.
  if (!('of' in w)) return false;
  const run = w.of === 'wins' ? (state.streak > 0 ? state.streak : 0) : state.streak < 0 ? -state.streak : 0;
  if (run === 0) return false;
  switch (w.kind) {
    case 'every_streak':
      return run % w.n === 0;
    case 'first_streak':
      return run === w.n;
    case 'streak_above':
      return run > w.n;
    case 'streak_below':
      return run < w.n;
  }
}

/** A strategy for checked `settings` in `context.currency`. */
export class SettingsStrategy implements Strategy {
  readonly name: string;
  readonly #s: Settings;
  readonly #scale: number;
  readonly #base_units: number;
  readonly #base_chance: number | null;
  #m: SettingsMemory;

  constructor(settings: Settings, context: Pick<StrategyContext, 'currency'>, name = 'settings') {
    this.name = name;
    this.#s = settings;
    this.#scale = 10 ** decimals_for(context.currency);
    this.#base_units = Math.round(settings.bet.amount * this.#scale);
    if (Math.abs(settings.bet.amount * this.#scale - this.#base_units) > 1e-6) {
      throw new StrategyError('load', `settings: bet.amount ${settings.bet.amount} has more decimals than ${context.currency} allows`, { field: 'bet.amount' });
    }
    this.#base_chance = base_chance(settings);
    this.#m = { amount_units: this.#base_units, chance: this.#base_chance, condition: (settings.bet['condition'] as 'above' | 'below' | undefined) ?? null };
  }

  next(state: StrategyState): StrategyAnswer {
    const m = this.#m;
    if (state.last !== null) {
      const won = is_win(state.last);
      // The change applies to the amount the last bet really had: after a resume that adopted a bet
      // the journal never recorded, that is the site's amount, not the one remembered.
      m.amount_units = Math.round(state.last.amount * this.#scale);
      this.#apply(won ? this.#s.on_win : this.#s.on_loss);
      for (const rule of this.#s.rules) {
        if (!fires(rule, state, won)) continue;
        const stop = this.#act(rule);
        if (stop) return { stop: `rule ${rule.when.kind} ${'n' in rule.when ? rule.when.n : rule.when.x}: stop` };
      }
    }
    return this.#bet(m);
  }

  #apply(on: OnResult): void {
    if (on === 'reset') this.#m.amount_units = this.#base_units;
    else this.#m.amount_units = Math.round(this.#m.amount_units * (1 + on.increase_pct / 100));
  }

  /** Applies a rule's action; true for `stop`. */
  #act(rule: Rule): boolean {
    const m = this.#m;
    const a = rule.action;
    switch (a.kind) {
      case 'increase_bet_pct':
        m.amount_units = Math.round(m.amount_units * (1 + a.value / 100));
        return false;
      case 'set_bet':
        m.amount_units = Math.round(a.value * this.#scale);
        return false;
      case 'reset_bet':
        m.amount_units = this.#base_units;
        return false;
      case 'increase_chance_pct':
        m.chance = round2((m.chance as number) * (1 + a.value / 100));
        return false;
      case 'set_chance':
        m.chance = round2(a.value);
        return false;
      case 'reset_chance':
        m.chance = this.#base_chance;
        return false;
      case 'switch_condition':
        m.condition = m.condition === 'above' ? 'below' : 'above';
        return false;
      case 'stop':
        return true;
    }
  }

  #bet(m: SettingsMemory): NextBet {
    const amount = m.amount_units / this.#scale;
    const s = this.#s;
    if (s.game === 'dice') {
      const chance = m.chance as number;
      return { game: 'dice', amount, condition: m.condition as 'above' | 'below', target: round2(m.condition === 'above' ? 100 - chance : chance) };
    }
    if (s.game === 'limbo') return { game: 'limbo', amount, multiplierTarget: round2(99 / (m.chance as number)) };
    return { ...(s.bet as object), game: s.game, amount } as NextBet;
  }

  save(): unknown {
    return { ...this.#m };
  }

  restore(snapshot: unknown): void {
    if (typeof snapshot !== 'object' || snapshot === null) throw new StrategyError('load', 'settings: the journaled state is not an object');
    const s = snapshot as Partial<SettingsMemory>;
    if (typeof s.amount_units !== 'number' || !Number.isSafeInteger(s.amount_units)) {
      throw new StrategyError('load', 'settings: the journaled state has no amount');
    }
    this.#m = { amount_units: s.amount_units, chance: typeof s.chance === 'number' ? s.chance : this.#base_chance, condition: s.condition ?? this.#m.condition };
  }
}

/** A settings strategy from its JSON text (a `.json` file). */
export function load_settings_strategy(text: string, context: Pick<StrategyContext, 'currency'>, name = 'settings'): SettingsStrategy {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new StrategyError('load', `settings: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`, { cause: error });
  }
  return new SettingsStrategy(check_settings(parsed), context, name);
}

export { check_settings, type Settings };
