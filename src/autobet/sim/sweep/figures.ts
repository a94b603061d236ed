/**
 * A cell's figures from its sessions, in session order (so a cell computed in
 * one process, in workers or in a shard gives the same doubles). Money is
 * summed in whole units of the currency: no float drift.
 */

/** What a sweep keeps of one session (money in whole units of the currency). */
export interface SessionSample {
  readonly profit: number;
  readonly wagered: number;
  readonly bets: number;
  /** Stopped because the balance could not pay the next bet before the bets ran out. */
  readonly bust: boolean;
  readonly longest_loss_streak: number;
  /** The largest `amount − profit before it` of any bet it asked for: the smallest start balance that pays all of them. */
  readonly need: number;
  /** An error stopped it (`error:…`): left out of the figures, counted. */
  readonly error: string | null;
}

/** A cell's figures, as a cell line prints them (money in currency units). */
export interface CellFigures {
  /** Sessions counted (those no error stopped). */
  readonly sessions: number;
  readonly errors: number;
  readonly median: number;
  readonly mean: number;
  readonly p10: number;
  readonly p90: number;
  readonly bust_share: number;
  readonly win_share: number;
  readonly longest_losing_streak: number;
  /** Mean wagered per session, and that over the start balance. */
  readonly wagered: number;
  readonly wager_multiple: number;
  /** `exp(mean(log(1 + profit / balance))) − 1`: the growth a session compounds to. */
  readonly log_growth: number;
  /** Mean profit of the worst tenth of the sessions (at least one). */
  readonly cvar10: number;
  /**
   * The smallest start balance with which at most `max_bust` of the sessions
   * would have lacked the balance for a bet they asked for (for a strategy
   * whose bets do not follow the balance). Null when that is above the balance
   * simulated: the busted sessions' later bets were never asked for.
   */
  readonly bankroll_needed: number | null;
  readonly bets: number;
}

/** Nearest rank, as `sim`'s percentiles. */
function rank(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** Figures of `samples` (session order), start balance `balance_units`, a currency of `decimals`. */
export function cell_figures(samples: readonly SessionSample[], balance_units: number, decimals: number, max_bust: number): CellFigures {
  const scale = 10 ** decimals;
  const ok = samples.filter((s) => s.error === null);
  const n = ok.length;
  const profits = new Float64Array(n);
  const needs = new Float64Array(n);
  let sum = 0;
  let wagered = 0;
  let busts = 0;
  let wins = 0;
  let streak = 0;
  let logs = 0;
  let bets = 0;
  ok.forEach((s, i) => {
    profits[i] = s.profit;
    needs[i] = s.bust ? Infinity : s.need;
    sum += s.profit;
    wagered += s.wagered;
    bets += s.bets;
    if (s.bust) busts++;
    if (s.profit > 0) wins++;
    if (s.longest_loss_streak > streak) streak = s.longest_loss_streak;
    logs += Math.log1p(s.profit / balance_units);
  });
  for (const s of samples) if (s.error !== null) bets += s.bets;
  profits.sort();
  needs.sort();
  const amount = (units: number): number => Math.round(units) / scale;
  const median = n === 0 ? NaN : n % 2 === 1 ? profits[(n - 1) / 2]! : (profits[n / 2 - 1]! + profits[n / 2]!) / 2;
  const worst = Math.max(1, Math.ceil(n / 10));
  let tail = 0;
  for (let i = 0; i < Math.min(worst, n); i++) tail += profits[i]!;
  // The (1 − cap) quantile of the needs: at most `cap` of the sessions need more.
  const kept = n - Math.floor(max_bust * n);
  const need = n === 0 ? NaN : needs[Math.max(0, kept - 1)]!;
  const round = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e12) / 1e12 : x);
  return {
    sessions: n,
    errors: samples.length - n,
    median: n === 0 ? NaN : Math.round(median) === median ? amount(median) : median / scale,
    mean: n === 0 ? NaN : sum / n / scale,
    p10: amount(rank(profits, 10)),
    p90: amount(rank(profits, 90)),
    bust_share: n === 0 ? 0 : busts / n,
    win_share: n === 0 ? 0 : wins / n,
    longest_losing_streak: streak,
    wagered: n === 0 ? 0 : wagered / n / scale,
    wager_multiple: n === 0 ? 0 : round(wagered / n / balance_units),
    log_growth: n === 0 ? NaN : round(Math.expm1(logs / n)),
    cvar10: n === 0 ? NaN : tail / Math.min(worst, n) / scale,
    bankroll_needed: Number.isFinite(need) ? amount(need) : null,
    bets,
  };
}
