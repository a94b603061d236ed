/**
 * What a run does beside betting, hooked in at four points of `run_autobet`
 * / `resume_autobet`: built before anything is sent (bad options refuse the
 * run), started once the session is recorded, fed each settled bet, and
 * stopped once the stop is journaled. Notifications (notify-hook.ts) and the
 * stats line (stats.ts) live here, so the run itself only calls the hooks.
 */
import type { BetLine, StopLine } from '../engine/events.js';
import { run_notifications, type NotifyOptions, type RunFacts, type RunNotifications } from './notify-hook.js';
import { RunStats, type StatsLine } from './stats.js';
import type { HuntEvent, HuntSink } from '../strategies/conditions/hunt.js';
import type { RakebackEvent } from '../engine/rakeback-step.js';

/** The stats options of `run_autobet` / `resume_autobet`. */
export interface StatsOptions {
  /** Receives a stats line every `stats_every_ms` and one last at the stop. */
  readonly on_stats?: (line: StatsLine) => void;
  /** Milliseconds between stats lines; without it, only the last one at the stop. */
  readonly stats_every_ms?: number;
}

/** The hooks of one run. */
export class RunHooks {
  readonly #notes: RunNotifications | null;
  readonly #options: StatsOptions;
  #stats: RunStats | null = null;
  #timer: NodeJS.Timeout | null = null;
  #paused = false;

  constructor(notes: RunNotifications | null, options: StatsOptions) {
    this.#notes = notes;
    this.#options = options;
  }

  /** The session is recorded and its counters are the engine's. */
  started(session: number, facts: RunFacts): void {
    this.#notes?.started(session, facts);
    const on = this.#options.on_stats;
    if (on === undefined) return;
    const stats = new RunStats(facts);
    this.#stats = stats;
    const every = this.#options.stats_every_ms;
    if (every !== undefined) {
      this.#timer = setInterval(() => on(stats.line()), every);
      this.#timer.unref();
    }
  }

  /** Whether the run is paused by a command (remote-control.ts): the status a remote `/status` reports. */
  paused(paused: boolean): void {
    this.#paused = paused;
  }

  get is_paused(): boolean {
    return this.#paused;
  }

  /** The engine's `on_bet`: the caller's, then the hooks'. */
  on_bet(caller: ((line: BetLine) => void) | undefined): { on_bet?: (line: BetLine) => void } {
    if (this.#notes === null && this.#options.on_stats === undefined) return caller === undefined ? {} : { on_bet: caller };
    return {
      on_bet: (line) => {
        caller?.(line);
        this.#notes?.bet(line);
      },
    };
  }

  /** A hunting condition's `notify` action: the caller's `on_hunt`, then the notification sinks. */
  hunt(caller: ((event: HuntEvent) => void) | undefined): HuntSink {
    return (event) => {
      caller?.(event);
      this.#notes?.hunt(event);
    };
  }

  /** Each rakeback claim: the caller's `on_rakeback`, a note, and a failure to the notification sinks. */
  rakeback(caller: ((event: RakebackEvent) => void) | undefined, note: (text: string) => void): (event: RakebackEvent) => void {
    return (event) => {
      caller?.(event);
      if (event.outcome === 'claimed') note(`claimed ${event.amount} ${event.currency} of rakeback into the balance`);
      else if (event.outcome === 'failed') {
        note(event.message ?? 'a rakeback claim failed');
        this.#notes?.rakeback_failed(event.message ?? 'a rakeback claim failed');
      }
    };
  }

  /** The stop is journaled: a last stats line, then the stop's notification (bounded wait); `kept` false when the session was removed (no bet journaled). */
  async stopped(stop: StopLine, kept = true): Promise<void> {
    this.#halt();
    if (this.#stats !== null) this.#options.on_stats?.(this.#stats.line());
    await this.#notes?.stopped(stop, kept);
  }

  /** The run ended without a stop (it did not start, or threw). Idempotent. */
  async abandon(): Promise<void> {
    this.#halt();
    await this.#notes?.abandon();
  }

  #halt(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }
}

/**
 * The hooks for `options`.
 * @throws TypeError / RangeError naming the option (`notify[i]`, `notify_on`, `stats_every_ms`).
 */
export function run_hooks(options: NotifyOptions & StatsOptions, on_note: (text: string) => void): RunHooks {
  const every = options.stats_every_ms;
  if (every !== undefined && !(Number.isInteger(every) && every >= 100 && every <= 86_400_000)) {
    throw new RangeError('stats_every_ms must be a whole number of milliseconds from 100 to 86400000');
  }
  return new RunHooks(run_notifications(options, on_note), options);
}
