/**
 * The limits as small rules, each with one job: `before` a bet (may it be
 * placed?) or `after` one (must the run stop?). Each returns the name of the
 * stop reason or null. They read the engine's counters only; amounts in units.
 */
import type { Counters, Money } from './counters.js';
import type { Limits } from './limits.js';

/** One limit, checked by the engine. */
export interface LimitRule {
  readonly name: string;
  /** Null when a bet of `amount` units may be placed; else the stop reason. */
  readonly before?: (c: Counters, amount: number) => string | null;
  /** Null when the run may go on after a bet; else the stop reason. */
  readonly after?: (c: Counters) => string | null;
  /** Why `before` refused a bet of `amount` units, with the limit's arithmetic, for the stop line's message. */
  readonly why?: (c: Counters, amount: number) => string;
}

/** A bet a rule refused: the stop reason and the words that explain it. */
export interface Refusal {
  readonly reason: string;
  readonly message?: string;
}

/** The rules of `limits`, in the order they are checked; `insufficient_balance` always applies. */
export function limit_rules(limits: Limits, money: Money): LimitRule[] {
  const rules: LimitRule[] = [];
  const add = (name: keyof Limits, make: (value: number) => Omit<LimitRule, 'name'>): void => {
    const value = limits[name];
    if (value !== undefined) rules.push({ name, ...make(value) });
  };
  // Counters are whole units, so each limit rounds the way that keeps its inequality exact: a cap on
  // what may be lost or bet (`x <= cap`) rounds down, a threshold (`x >= floor`, `profit >= target`,
  // `fall >= trailing_stop`) rounds up. Never more room than written, never a stop before it is reached.
  const d = (units: number): string => decimal(units, money.decimals);
  const next = (amount: number): string => `the next bet of ${d(amount)} was not placed`;
  add('max_bet', (v) => {
    const cap = money.units_down(v);
    return {
      before: (_c, amount) => (amount <= cap ? null : 'max_bet'),
      why: (_c, amount) => `${next(amount)}: it is above max_bet ${d(cap)}`,
    };
  });
  rules.push({
    name: 'insufficient_balance',
    before: (c, amount) => (amount <= c.balance ? null : 'insufficient_balance'),
    why: (c, amount) => `${next(amount)}: the balance is ${d(c.balance)}`,
  });
  add('stop_loss', (v) => {
    const cap = money.units_down(v);
    return {
      before: (c, amount) => (-c.profit + amount <= cap ? null : 'stop_loss'),
      // Profit can be positive and the stop still right: losing the next bet would take the loss past the limit.
      why: (c, amount) => `${next(amount)}: losing it would make the session's loss ${d(amount - c.profit)} (profit ${d(c.profit)}, minus the bet), above stop_loss ${d(cap)}`,
    };
  });
  add('floor_balance', (v) => {
    const floor = money.units_up(v);
    return {
      before: (c, amount) => (c.balance - amount >= floor ? null : 'floor_balance'),
      why: (c, amount) => `${next(amount)}: it would leave a balance of ${d(c.balance - amount)}, below floor_balance ${d(floor)}`,
    };
  });
  add('max_wagered', (v) => {
    const cap = money.units_down(v);
    return {
      before: (c, amount) => (c.wagered + amount <= cap ? null : 'max_wagered'),
      why: (c, amount) => `${next(amount)}: it would take the total wagered to ${d(c.wagered + amount)}, above max_wagered ${d(cap)}`,
    };
  });
  add('max_duration', (v) => ({
    before: (c) => (c.elapsed_ms < v * 1000 ? null : 'max_duration'),
    after: (c) => (c.elapsed_ms < v * 1000 ? null : 'max_duration'),
  }));
  add('take_profit', (v) => {
    const target = money.units_up(v);
    return { after: (c) => (c.profit >= target ? 'take_profit' : null) };
  });
  add('trailing_stop', (v) => {
    const fall = money.units_up(v);
    return { after: (c) => (c.peak_profit - c.profit >= fall ? 'trailing_stop' : null) };
  });
  add('max_loss_streak', (v) => ({ after: (c) => (-c.streak >= v ? 'max_loss_streak' : null) }));
  add('max_bets', (v) => ({ before: (c) => (c.bets < v ? null : 'max_bets'), after: (c) => (c.bets >= v ? 'max_bets' : null) }));
  return rules;
}

/** The first rule that refuses a bet of `amount` units, or null. */
export function check_before(rules: readonly LimitRule[], c: Counters, amount: number): string | null {
  return refusal_of(rules, c, amount)?.reason ?? null;
}

/** {@link check_before} with the words that explain the refusal (the stop line's `message`). */
export function refusal_of(rules: readonly LimitRule[], c: Counters, amount: number): Refusal | null {
  for (const rule of rules) {
    const reason = rule.before?.(c, amount) ?? null;
    if (reason !== null) return rule.why === undefined ? { reason } : { reason, message: rule.why(c, amount) };
  }
  return null;
}

/** Whole units of a currency with `decimals` as exact decimal text (`-0.00000024`, `12`). */
export function decimal(units: number, decimals: number): string {
  const negative = units < 0;
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let end = digits.length;
  while (end > digits.length - decimals && digits.charCodeAt(end - 1) === 0x30) end--;
  const fraction = digits.slice(digits.length - decimals, end);
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** The first rule that ends the run after a bet, or null. */
export function check_after(rules: readonly LimitRule[], c: Counters): string | null {
  for (const rule of rules) {
    const reason = rule.after?.(c) ?? null;
    if (reason !== null) return reason;
  }
  return null;
}
