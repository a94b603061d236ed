/**
 * What is left of each limit, for a person (status line, stats line,
 * summaries): in the limit's own unit, from the engine's counters.
 */
import type { Counters, Money } from './counters.js';
import type { Limits } from './limits.js';

/** Each set limit's room left (money in currency units, counts, seconds); never below 0. */
export function limits_left(limits: Limits, c: Counters, money: Money): Record<string, number> {
  const out: Record<string, number> = {};
  const put = (name: string, units: number | null, value: number | null): void => {
    out[name] = units === null ? Math.max(0, value as number) : money.amount(Math.max(0, units));
  };
  if (limits.stop_loss !== undefined) put('stop_loss', money.units_down(limits.stop_loss) + c.profit, null);
  if (limits.take_profit !== undefined) put('take_profit', money.units_up(limits.take_profit) - c.profit, null);
  if (limits.trailing_stop !== undefined) put('trailing_stop', money.units_up(limits.trailing_stop) - (c.peak_profit - c.profit), null);
  if (limits.floor_balance !== undefined) put('floor_balance', c.balance - money.units_up(limits.floor_balance), null);
  if (limits.max_bets !== undefined) put('max_bets', null, limits.max_bets - c.bets);
  if (limits.max_wagered !== undefined) put('max_wagered', money.units_down(limits.max_wagered) - c.wagered, null);
  if (limits.max_loss_streak !== undefined) put('max_loss_streak', null, limits.max_loss_streak - Math.max(0, -c.streak));
  if (limits.max_duration !== undefined) put('max_duration', null, Math.floor(limits.max_duration - c.elapsed_ms / 1000));
  return out;
}
