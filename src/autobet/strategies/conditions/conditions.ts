/**
 * Hunting conditions: tests on the last settled bet (its payout multiplier,
 * its roll or result), on runs of such bets ("3 in a row"), and on the
 * session's profit or balance crossing a mark. One pure evaluator, used by
 * the settings strategy (its `rules`) and by the `when:` list that watches
 * any strategy (when.ts), on the simulator, the sandbox and the site alike:
 * what fires depends only on the bets and the counts kept between them.
 */
import type { SettledBet } from '../strategy.js';

/** What a condition tests. Amounts and marks in currency units. */
export type Test =
  /** The last bet's payoutMultiplier is at least `x`. */
  | { readonly kind: 'multiplier_at_least'; readonly x: number }
  /** The last bet's payoutMultiplier is below `x` (a loss is 0). */
  | { readonly kind: 'multiplier_below'; readonly x: number }
  /** The last bet's payoutMultiplier lies in [lo, hi]. */
  | { readonly kind: 'multiplier_between'; readonly lo: number; readonly hi: number }
  /** The last bet's result (see {@link result_of}) is one of `values`. */
  | { readonly kind: 'result_in'; readonly values: readonly number[] }
  /** The last bet's result lies in [lo, hi]. */
  | { readonly kind: 'result_between'; readonly lo: number; readonly hi: number }
  /** The session's profit / the balance went from below `x` to at least `x` with the last bet. */
  | { readonly kind: 'profit_up_to' | 'balance_up_to'; readonly x: number }
  /** The session's profit / the balance went from above `x` to at most `x` with the last bet. */
  | { readonly kind: 'profit_down_to' | 'balance_down_to'; readonly x: number };

/** Test kinds on one bet, which `in_a_row` may repeat. */
export const BET_TESTS = ['multiplier_at_least', 'multiplier_below', 'multiplier_between', 'result_in', 'result_between'] as const;
/** Test kinds on the session's money, which fire when a mark is crossed. */
export const CROSSING_TESTS = ['profit_up_to', 'profit_down_to', 'balance_up_to', 'balance_down_to'] as const;

/** A condition: a test, met by `in_a_row` bets in a row (1: by the last bet alone). */
export interface Condition {
  readonly test: Test;
  /** Fires when the run of bets meeting the test reaches this length (once per run); 1 fires on every bet meeting it. */
  readonly in_a_row: number;
}

/** What the evaluator is shown after a bet: the bet and the session's money just after it, in whole units. */
export interface ConditionView {
  readonly last: SettledBet;
  readonly profit_units: number;
  readonly balance_units: number;
  /** Units per currency unit (10 ** decimals), to read the bet's amount and payout in units. */
  readonly scale: number;
}

/** Games whose bet has the one number {@link result_of} reads. */
export const RESULT_GAMES: ReadonlySet<string> = new Set(['dice', 'limbo', 'roulette', 'crash', 'slide']);

/**
 * The bet's roll or result, the number a result test reads: dice's roll
 * (0–100), limbo's result multiplier, roulette's pocket (the site's
 * `state.result`), and a Crash or Slide round's point (the run's own
 * `state.point`). Null for games with no single number (keno, mines, …).
 */
export function result_of(bet: SettledBet): number | null {
  const state = bet.state as Record<string, unknown> | null | undefined;
  if (typeof state !== 'object' || state === null) return null;
  const value = bet.game === 'crash' || bet.game === 'slide' ? state['point'] : state['result'];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Whether the bet-only test `t` holds for `bet`. */
function bet_meets(t: Test, bet: SettledBet): boolean {
  const m = bet.payoutMultiplier;
  switch (t.kind) {
    case 'multiplier_at_least':
      return m >= t.x;
    case 'multiplier_below':
      return m < t.x;
    case 'multiplier_between':
      return m >= t.lo && m <= t.hi;
    case 'result_in': {
      const r = result_of(bet);
      return r !== null && t.values.includes(r);
    }
    case 'result_between': {
      const r = result_of(bet);
      return r !== null && r >= t.lo && r <= t.hi;
    }
    default:
      return false;
  }
}

/** Whether the crossing test `t` fired with the last bet: the mark lay strictly on the other side before it. */
function crossed(t: Test, v: ConditionView): boolean {
  // Whole units on both sides: a float subtraction of amounts must not decide a crossing.
  const change = Math.round(v.last.payout * v.scale) - Math.round(v.last.amount * v.scale);
  const mark = 'x' in t ? Math.round(t.x * v.scale) : 0;
  const after = t.kind === 'profit_up_to' || t.kind === 'profit_down_to' ? v.profit_units : v.balance_units;
  const before = after - change;
  if (t.kind === 'profit_up_to' || t.kind === 'balance_up_to') return before < mark && after >= mark;
  return before > mark && after <= mark;
}

/** Whether `test` holds for the view (a crossing test: whether its mark was crossed with the last bet). */
export function meets(test: Test, v: ConditionView): boolean {
  return (CROSSING_TESTS as readonly string[]).includes(test.kind) ? crossed(test, v) : bet_meets(test, v.last);
}

/**
 * One step of the evaluator, pure: which of `conditions` fire after the bet
 * in `view`, given each one's run of bets meeting it so far (`runs`, one
 * count per condition, journaled by the caller); returns the new runs.
 */
export function evaluate(conditions: readonly Condition[], view: ConditionView, runs: readonly number[]): { fired: number[]; runs: number[] } {
  const fired: number[] = [];
  const next = conditions.map((c, i) => {
    const met = meets(c.test, view);
    const run = met ? (runs[i] ?? 0) + 1 : 0;
    if (met && (c.in_a_row === 1 || run === c.in_a_row)) fired.push(i);
    return run;
  });
  return { fired, runs: next };
}

/** The condition as the user wrote it, for a stop line or a notice: `multiplier_at_least 1000`, `result_in [7,77] in_a_row 2`. */
export function describe_condition(c: Condition): string {
  const t = c.test;
  const value = 'x' in t ? String(t.x) : 'values' in t ? `[${t.values.join(',')}]` : `[${t.lo},${t.hi}]`;
  return `${t.kind} ${value}${c.in_a_row > 1 ? ` in_a_row ${c.in_a_row}` : ''}`;
}

/** The bet that met a condition, for a stop line or a notice: its identifier, game, nonce, multiplier and result. */
export function describe_bet(bet: SettledBet): string {
  const r = result_of(bet);
  return `bet ${bet.identifier} (${bet.game}${bet.game === 'crash' || bet.game === 'slide' ? '' : ` nonce ${bet.nonce}`}, payoutMultiplier ${bet.payoutMultiplier}${r === null ? '' : `, result ${r}`})`;
}
