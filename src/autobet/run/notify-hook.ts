/**
 * A run's notifications, as the run sees them: built from the options before
 * anything is sent (a bad URL refuses the run), fed the settled bets (big
 * wins) and a timer (summaries) from the engine's own counters, and the stop
 * once it is journaled. All sending is the notifier's, off the betting path.
 */
import { LIMIT_NAMES } from '../engine/limits.js';
import type { Limits } from '../engine/limits.js';
import type { Counters, Money } from '../engine/counters.js';
import type { BetLine, StopLine } from '../engine/events.js';
import { limits_left } from '../engine/limits-left.js';
import { parse_notify_on, stop_wanted, type NotifyOn } from '../../notify/events.js';
import { Notifier, type NotifierOptions } from '../../notify/notifier.js';
import type { HuntEvent } from '../strategies/conditions/hunt.js';

/** The notification options of `run_autobet` / `resume_autobet`. */
export interface NotifyOptions {
  /** Notification URLs (Apprise forms: discord://, slack://, tgram://, ntfy://, mailto://, json://). */
  readonly notify?: readonly string[];
  /** The events, as `--notify-on` writes them; default `stop,error,unknown_outcome`. */
  readonly notify_on?: string | readonly string[];
  /** Timeouts and API bases: for tests. */
  readonly notify_options?: Omit<NotifierOptions, 'on_note'>;
}

/** What the run knows when the first bet is near. */
export interface RunFacts {
  readonly site: string;
  readonly currency: string;
  readonly limits: Limits;
  readonly money: Money;
  readonly counters: Counters;
}

/** The notifications of one run. */
export class RunNotifications {
  readonly #notifier: Notifier;
  readonly #on: NotifyOn;
  #session = 0;
  #facts: RunFacts | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(notifier: Notifier, on: NotifyOn) {
    this.#notifier = notifier;
    this.#on = on;
  }

  /** The session is recorded: from here on events carry its number, and summaries run. */
  started(session: number, facts: RunFacts): void {
    this.#session = session;
    this.#facts = facts;
    const minutes = this.#on.summary_minutes;
    if (minutes !== null) {
      this.#timer = setInterval(() => this.#summary(), minutes * 60_000);
      this.#timer.unref();
    }
  }

  /** A settled bet (already journaled). */
  bet(line: BetLine): void {
    const big = this.#on.big_win;
    const f = this.#facts;
    if (big === null || f === null || line.payoutMultiplier < big) return;
    this.#notifier.post({
      event: 'big_win', seq: line.seq, identifier: line.identifier, game: line.game, amount: line.amount,
      payoutMultiplier: line.payoutMultiplier, payout: line.payout, session: this.#session, site: f.site, currency: f.currency,
    });
  }

  /** A condition's `notify` action: always sent (the user wrote it), once the session is recorded. */
  hunt(event: HuntEvent): void {
    const f = this.#facts;
    if (f === null) return;
    this.#notifier.post({ ...event, session: this.#session, site: f.site, currency: f.currency });
  }

  /** A rakeback claim that failed: always sent (the claims are the user's ask). */
  rakeback_failed(message: string): void {
    const f = this.#facts;
    if (f === null) return;
    this.#notifier.post({ event: 'rakeback', outcome: 'failed', message, session: this.#session, site: f.site, currency: f.currency });
  }

  #summary(): void {
    const f = this.#facts;
    if (f === null) return;
    const c = f.counters;
    this.#notifier.post({
      event: 'summary', bets: c.bets, profit: f.money.amount(c.profit), balance: f.money.amount(c.balance), wagered: f.money.amount(c.wagered),
      limits_left: limits_left(f.limits, c, f.money), session: this.#session, site: f.site, currency: f.currency,
    });
  }

  /**
   * The stop, once the session's end is journaled; then what is pending gets its bounded time.
   * `kept` false: the run journaled no bet and its session was removed, its number given back: the notice names none.
   */
  async stopped(stop: StopLine & { readonly vaulted?: number }, kept = true): Promise<void> {
    this.#halt();
    const f = this.#facts;
    if (f !== null && stop_wanted(this.#on, stop.reason, LIMIT_NAMES)) {
      this.#notifier.post({
        event: 'stop', reason: stop.reason, bets: stop.bets, wins: stop.wins, losses: stop.losses, wagered: stop.wagered,
        profit: stop.profit, vaulted: stop.vaulted ?? 0, ...(stop.message === undefined ? {} : { message: stop.message }),
        session: kept ? this.#session : null, site: f.site, currency: f.currency,
      });
    }
    await this.#notifier.close();
  }

  /** The run ended without a stop line (it did not start, or threw): nothing more is sent. */
  async abandon(): Promise<void> {
    this.#halt();
    await this.#notifier.close();
  }

  #halt(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }
}

/**
 * The run's notifications, or null without `notify`. Validates the URLs and events first.
 * @throws TypeError / RangeError naming `notify[i]` or `notify_on`.
 */
export function run_notifications(options: NotifyOptions, on_note: (text: string) => void): RunNotifications | null {
  const on = parse_notify_on(options.notify_on);
  if (options.notify === undefined || options.notify.length === 0) return null;
  const notifier = new Notifier(options.notify, { ...options.notify_options, on_note });
  return new RunNotifications(notifier, on);
}
