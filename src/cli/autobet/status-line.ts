/**
 * The live status line of a run on a terminal: bets, profit, balance, what is
 * left of the limits, bets per second. Redrawn in place on stderr at most ten
 * times a second; never written to a pipe.
 */
import type { BetLine } from '../../autobet/engine/events.js';
import type { Limits } from '../../autobet/engine/limits.js';
import type { SessionTotals } from '../../autobet/engine/counters.js';
import type { StatsLine } from '../../autobet/run/stats.js';
import { plainAmount, type OutputStream } from '../output.js';

const REDRAW_MS = 100;

/** Keeps the counters a status line shows and draws it. */
export class StatusLine {
  readonly #out: OutputStream;
  readonly #limits: Limits;
  readonly #currency: string;
  readonly #started = Date.now();
  #drawn = 0;
  #bets = 0;
  #wins = 0;
  #profit = 0;
  #peak = 0;
  #wagered = 0;
  #balance = 0;
  /** Bets before this process took over (a resume): not part of its bets per second. */
  readonly #earlier: number;
  #visible = false;
  /** The last stats line's figures (profit per hour, drawdown, luck), shown from then on. */
  #figures = '';

  /** `so_far`: a resumed session's journaled totals, so the limits left are the session's, not this process's. */
  constructor(out: OutputStream, limits: Limits, currency: string, so_far?: SessionTotals) {
    this.#out = out;
    this.#limits = limits;
    this.#currency = currency;
    this.#bets = so_far?.bets ?? 0;
    this.#earlier = this.#bets;
    this.#wins = so_far?.wins ?? 0;
    this.#profit = so_far?.profit ?? 0;
    this.#peak = so_far?.peak_profit ?? 0;
    this.#wagered = so_far?.wagered ?? 0;
  }

  bet(line: BetLine): void {
    this.#bets++;
    if (line.payoutMultiplier > 1) this.#wins++;
    this.#profit += line.profit;
    this.#peak = Math.max(this.#peak, this.#profit);
    this.#wagered += line.amount;
    this.#balance = line.balance;
    const now = Date.now();
    if (now - this.#drawn >= REDRAW_MS) {
      this.#drawn = now;
      this.#draw(now);
    }
  }

  /** A stats line: its figures join the status line. */
  stats(line: StatsLine): void {
    const round = (x: number): string => plainAmount(Math.round(x * 1e8) / 1e8);
    this.#figures = [
      `${line.profit_per_hour >= 0 ? '+' : ''}${round(line.profit_per_hour)}/h`,
      `drawdown ${round(line.drawdown)} (max ${round(line.max_drawdown)})`,
      ...(line.luck === null ? [] : [`luck ${line.luck.toFixed(1)}%`]),
    ].join(' · ');
    this.#draw(Date.now());
  }

  #draw(now: number): void {
    const l = this.#limits;
    const round = (x: number): string => plainAmount(Math.round(x * 1e8) / 1e8);
    const parts = [
      `bets ${this.#bets} (${this.#wins} won)`,
      `profit ${this.#profit >= 0 ? '+' : ''}${round(this.#profit)} ${this.#currency}`,
      `balance ${round(this.#balance)}`,
    ];
    if (l.stop_loss !== undefined) parts.push(`loss left ${round(l.stop_loss + this.#profit)}`);
    if (l.take_profit !== undefined) parts.push(`to target ${round(l.take_profit - this.#profit)}`);
    if (l.max_bets !== undefined) parts.push(`bets left ${l.max_bets - this.#bets}`);
    if (l.max_wagered !== undefined) parts.push(`wager left ${round(l.max_wagered - this.#wagered)}`);
    const seconds = (now - this.#started) / 1000;
    if (seconds > 0) parts.push(`${((this.#bets - this.#earlier) / seconds).toFixed(1)} bets/s`);
    if (this.#figures !== '') parts.push(this.#figures);
    this.#out.write(`\r\x1b[2K${parts.join(' · ')}`);
    this.#visible = true;
  }

  /** Clears the line (before other output, and at the end). */
  clear(): void {
    if (this.#visible) this.#out.write('\r\x1b[2K');
    this.#visible = false;
  }
}
