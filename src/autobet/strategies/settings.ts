/**
 * The settings strategy: the site's own autobet form. Before each bet after
 * the first, `on_win` / `on_loss` apply to the last amount (reset to the base
 * amount, or change it by `increase_pct` percent), then each advanced rule in
 * order, against the engine's counters. Amounts move in whole smallest units
 * (a percentage change rounds to the nearest unit, a half up), a dice chance
 * in hundredths; a limbo chance is 99 / multiplierTarget unrounded, so the
 * multiplier is sent as written until a chance action changes it.
 *
 * Rule conditions: `every: n` fires at the n-th, 2n-th, … bet / win / loss
 * counted from the session's start; `every_streak: n` at every multiple of n
 * within a streak; `first_streak: n` once, when a streak reaches n;
 * `streak_above: n` / `streak_below: n` on every bet of a streak longer /
 * shorter than n; `profit_above: x` / `loss_above: x` when the session's
 * profit / loss is strictly above x.
 */
import { decimals_for } from '../../operations/validate/currencies.js';
import { is_win } from '../engine/counters.js';
import { StrategyError, type NextBet, type Strategy, type StrategyAnswer, type StrategyContext, type StrategyState } from './strategy.js';
import { check_settings, type OnResult, type RoundsRule, type Rule, type Settings } from './settings-check.js';
import type { MultiplayerGame } from '../../games/crash/rules.js';
import { evaluate, type Condition } from './conditions/conditions.js';
import { Hunt } from './conditions/hunt.js';

/** What the strategy remembers between bets (journaled; restored on resume). */
interface SettingsMemory {
  amount_units: number;
  /** Dice: the win chance in percent, two decimals; limbo: 99 / multiplierTarget, unrounded. */
  chance: number | null;
  condition: 'above' | 'below' | null;
  /** The session's profit (units) at the last `vault_pct` deposit: the next deposit is a share of the profit above it. */
  vault_base_units?: number;
  /** Per hunting-condition rule (in rule order): the run of bets meeting it so far (`in_a_row`). */
  runs?: number[];
  /** A `stop_after_win` armed and waiting for a win (conditions/hunt.ts). */
  armed?: string | null;
}

/** The settings context: the currency, and where `notify` goes. */
export type SettingsContext = Pick<StrategyContext, 'currency'> & Partial<Pick<StrategyContext, 'hunt' | 'resumed_after_condition'>>;

const EMPTY: ReadonlySet<number> = new Set();

/** Whether the last `bet_after` rounds shown all meet the rule (fewer shown: not yet). */
function rounds_allow(rule: RoundsRule, shown: readonly number[] | undefined): boolean {
  if (shown === undefined || shown.length < rule.bet_after) return false;
  for (let i = shown.length - rule.bet_after; i < shown.length; i++) {
    const p = shown[i] as number;
    if (rule.below !== undefined ? !(p < rule.below) : !(p >= (rule.at_least as number))) return false;
  }
  return true;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * `x` changed by `pct` percent, rounded to a whole number (a half up). Scaling
 * by `(100 + pct) / 100` keeps a whole `x` and a whole `pct` exact up to the
 * last division, so 50 + 15 % is 57.5 → 58 (`50 * 1.15` is 57.49999…).
 */
const change_pct = (x: number, pct: number): number => Math.round((x * (100 + pct)) / 100);

function base_chance(s: Settings): number | null {
  if (s.game === 'dice') {
    const target = s.bet['target'] as number;
    return round2(s.bet['condition'] === 'above' ? 100 - target : target);
  }
  if (s.game === 'limbo') return 99 / (s.bet['multiplierTarget'] as number);
  return null;
}

/** `amount` in whole units of a currency of `scale`, refused (phase load, naming `field`) when it does not fit. */
function whole_units(amount: number, scale: number, currency: string, field: string): number {
  const units = Math.round(amount * scale);
  if (!Number.isSafeInteger(units)) throw new StrategyError('load', `settings: ${field} ${amount} is too large`, { field });
  if (Math.abs(amount * scale - units) > 1e-6) {
    throw new StrategyError('load', `settings: ${field} ${amount} has more decimals than ${currency} allows`, { field });
  }
  return units;
}

function fires(rule: Rule, state: StrategyState, won: boolean): boolean {
  const w = rule.when;
  if (w.kind === 'condition') return false;
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
  /** The bet's game parameters without its amount, spread after `game` and `amount` (a spread that a later key overrides is slow in V8). */
  readonly #params: Readonly<Record<string, unknown>>;
  #m: SettingsMemory;
  /** This turn's deposit (units) and seed rotation, from the rules that fired. */
  #vault = 0;
  #rotate = false;
  /** The rules with a hunting condition (their indexes) and those conditions, evaluated together after each bet. */
  readonly #hunting: readonly number[];
  readonly #conditions: readonly Condition[];
  readonly #hunt: Hunt;
  /** The last bet looked at: asked again after a skipped round, the strategy does not count the same bet twice. */
  #processed: StrategyState['last'] = null;

  constructor(settings: Settings, context: SettingsContext, name = 'settings') {
    this.name = name;
    this.#s = settings;
    this.#scale = 10 ** decimals_for(context.currency);
    this.#base_units = whole_units(settings.bet.amount, this.#scale, context.currency, 'bet.amount');
    // A set_bet the currency cannot hold is refused now, not rounded when the rule fires.
    settings.rules.forEach((rule, i) => {
      if (rule.action.kind === 'set_bet') whole_units(rule.action.value, this.#scale, context.currency, `rules[${i}].action.set_bet`);
    });
    this.#base_chance = base_chance(settings);
    const { amount: _amount, ...params } = settings.bet;
    this.#params = Object.freeze(params);
    this.#m = { amount_units: this.#base_units, chance: this.#base_chance, condition: (settings.bet['condition'] as 'above' | 'below' | undefined) ?? null };
    this.#hunting = settings.rules.flatMap((rule, i) => (rule.when.kind === 'condition' ? [i] : []));
    this.#conditions = this.#hunting.map((i) => (settings.rules[i]?.when as { condition: Condition }).condition);
    this.#hunt = new Hunt(context.hunt, context.resumed_after_condition === true);
  }

  next(state: StrategyState): StrategyAnswer {
    const m = this.#m;
    this.#vault = 0;
    this.#rotate = false;
    if (state.last !== null && state.last !== this.#processed) {
      this.#processed = state.last;
      const won = is_win(state.last);
      // The change applies to the amount the last bet really had: after a resume that adopted a bet
      // the journal never recorded, that is the site's amount, not the one remembered.
      m.amount_units = Math.round(state.last.amount * this.#scale);
      this.#follow(won ? this.#s.on_win : this.#s.on_loss);
      // Settings without a hunting condition pay nothing for them (the simulator's hot path).
      const hunted = this.#hunting.length === 0 ? EMPTY : this.#hunted(state);
      const rules = this.#s.rules;
      for (let i = 0; i < rules.length; i++) {
        const rule = rules[i] as Rule;
        if (rule.when.kind === 'condition') {
          if (!hunted.has(i)) continue;
          const a = rule.action.kind;
          if (a === 'stop' || a === 'stop_after_win' || a === 'notify') {
            this.#hunt.act({ field: `rules[${i}]`, condition: rule.when.condition, action: a }, state.last);
            continue;
          }
        } else if (!fires(rule, state, won)) continue;
        const stop = this.#act(rule, state);
        if (stop && rule.when.kind !== 'condition') return { stop: `rule ${rule.when.kind} ${'n' in rule.when ? rule.when.n : rule.when.x}: stop` };
      }
      if (this.#hunting.length > 0) this.#hunt.done();
    }
    const rounds = this.#s.rounds;
    if (rounds !== null && !rounds_allow(rounds, state.rounds)) return { game: this.#s.game as MultiplayerGame, skip: true };
    const bet = this.#bet(m);
    if (this.#vault === 0 && !this.#rotate) return bet;
    return { ...bet, ...(this.#vault > 0 ? { vault: this.#vault / this.#scale } : {}), ...(this.#rotate ? { rotate_seed_pair: true } : {}) };
  }

  /** The rules whose hunting condition fired on the last bet; a stop_after_win armed earlier stops the run here on a win. */
  #hunted(state: StrategyState): ReadonlySet<number> {
    const last = state.last as NonNullable<StrategyState['last']>;
    this.#hunt.memory.armed = this.#m.armed ?? null;
    try {
      this.#hunt.before(last);
      const view = { last, profit_units: Math.round(state.profit * this.#scale), balance_units: Math.round(state.balance * this.#scale), scale: this.#scale };
      const { fired, runs } = evaluate(this.#conditions, view, this.#m.runs ?? []);
      this.#m.runs = runs;
      return new Set(fired.map((k) => this.#hunting[k] as number));
    } finally {
      this.#m.armed = this.#hunt.memory.armed;
    }
  }

  #follow(on: OnResult): void {
    if (on === 'reset') this.#m.amount_units = this.#base_units;
    else this.#m.amount_units = change_pct(this.#m.amount_units, on.increase_pct);
  }

  /** Applies a rule's action; true for `stop`. */
  #act(rule: Rule, state: StrategyState): boolean {
    const m = this.#m;
    const a = rule.action;
    switch (a.kind) {
      case 'increase_bet_pct':
        m.amount_units = change_pct(m.amount_units, a.value);
        return false;
      case 'set_bet':
        m.amount_units = Math.round(a.value * this.#scale);
        return false;
      case 'reset_bet':
        m.amount_units = this.#base_units;
        return false;
      case 'increase_chance_pct':
        m.chance = this.#s.game === 'dice'
          ? change_pct(Math.round((m.chance as number) * 100), a.value) / 100
          : ((m.chance as number) * (100 + a.value)) / 100;
        return false;
      case 'set_chance':
        m.chance = this.#s.game === 'dice' ? round2(a.value) : a.value;
        return false;
      case 'reset_chance':
        m.chance = this.#base_chance;
        return false;
      case 'switch_condition':
        m.condition = m.condition === 'above' ? 'below' : 'above';
        return false;
      case 'vault_pct': {
        // P % of the profit made since the last deposit, rounded down to a whole unit: never more than P %.
        const profit = Math.round(state.profit * this.#scale);
        const step = profit - (m.vault_base_units ?? 0);
        if (step > 0) {
          this.#vault += Math.floor((step * a.value) / 100 + 1e-9);
          m.vault_base_units = profit;
        }
        return false;
      }
      case 'reset_seed':
        this.#rotate = true;
        return false;
      case 'stop':
        return true;
      case 'stop_after_win':
      case 'notify':
        // Only hunting conditions take these (check_settings); they are the hunt's (#hunted).
        return false;
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
    return { game: s.game, amount, ...this.#params } as NextBet;
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
    const condition = s.condition === 'above' || s.condition === 'below' ? s.condition : this.#m.condition;
    this.#m = {
      amount_units: s.amount_units, chance: typeof s.chance === 'number' ? s.chance : this.#base_chance, condition,
      ...(typeof s.vault_base_units === 'number' && Number.isSafeInteger(s.vault_base_units) ? { vault_base_units: s.vault_base_units } : {}),
      ...(Array.isArray(s.runs) ? { runs: s.runs.map((n) => (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0)) } : {}),
      ...(typeof s.armed === 'string' ? { armed: s.armed.slice(0, 500) } : {}),
    };
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
