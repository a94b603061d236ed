/**
 * The options and results of `run_autobet` and `resume_autobet` (run.ts):
 * what a caller gives a run, what it is shown before the first bet, and how
 * the run ended.
 */
import type { StakeClient } from '../../facade/index.js';
import type { ErrorPolicy } from '../engine/error-policy.js';
import type { BetLine, StopLine, WaitLine } from '../engine/events.js';
import type { Limits } from '../engine/limits.js';
import type { SessionTotals } from '../engine/counters.js';
import type { NotifyOptions } from './notify-hook.js';
import type { TelegramConfig } from '../../remote/telegram.js';
import type { StatsOptions } from './run-hooks.js';
import type { JsDialect } from '../strategies/js-dialect/detect.js';
import type { BotOptions } from '../strategies/js-dialect/options.js';
import type { Strategy } from '../strategies/strategy.js';
import type { HuntEvent } from '../strategies/conditions/hunt.js';
import type { RakebackEvent } from '../engine/rakeback-step.js';

/** What a run shows before it starts, for a confirmation prompt. */
export interface RunPreview {
  readonly account: string;
  readonly base_url: string;
  readonly driver: 'live' | 'sandbox';
  readonly strategy: string;
  readonly currency: string;
  readonly balance: number;
  readonly limits: Limits;
  /** A resumed session's journaled totals so far (money in currency units): the limits count on from them. */
  readonly so_far?: SessionTotals;
}

/** Options shared by {@link run_autobet} and {@link resume_autobet}. */
export interface AutobetCommonOptions extends NotifyOptions, StatsOptions {
  /** A client for the account (live site, or the sandbox's URL). The run does not close it. */
  readonly client: StakeClient;
  /**
   * The database file; default `library_database_path()` (`$XDG_DATA_HOME/stakeql/stakeql-library.db`),
   * not the CLI's: pass `default_database_path()` for a run `stakeql autobet list` shows.
   */
  readonly database?: string;
  /** The credential profile the client was built from, recorded so `resume` can find it again. */
  readonly profile?: string | null;
  /** Aborting stops the run after the bet in flight; `signal.reason` (a string) becomes the stop reason (default `interrupted`). */
  readonly signal?: AbortSignal;
  /**
   * How long an unknown outcome is looked for: at least the settle period
   * (RangeError otherwise); default the larger of 60 s and the settle period
   * plus the client's request timeout.
   */
  readonly resolve_timeout_ms?: number;
  /**
   * How long a bet whose answer was lost is watched for before it is taken as
   * never placed and its step sent again: at least twice the client's
   * `timeout_ms` (RangeError otherwise); default the larger of 30 s and that.
   */
  readonly settle_ms?: number;
  readonly policy?: ErrorPolicy;
  /**
   * How long one bet's trouble (429s, 5xx, challenges, another bet in flight,
   * the network) is waited out before the run stops with its reason; at most
   * 24 h. Without it (and without `policy`), the default policy's 8 tries (about 2 minutes).
   */
  readonly retry_for_ms?: number;
  /** Each wait for trouble to pass, before it starts (`--json` prints it as a line). */
  readonly on_wait?: (line: WaitLine) => void;
  /** Each settled bet, as `--json` prints it (the journal writes this very object a few bets later: read it, do not change it). */
  readonly on_bet?: (line: BetLine) => void;
  /** A script's `print`; default `on_note`. */
  readonly on_print?: (line: string) => void;
  /** Notes for a person: adoptions, lost answers, waits, and a script's `print` when `on_print` is not given. */
  readonly on_note?: (text: string) => void;
  /** A Lua or bot script's time limit per call, default 1000 ms. */
  readonly lua_timeout_ms?: number;
  /** How a `.js` strategy file is read: `module` or `bot` (the in-page bots' `dobet()` dialect); default: detected. */
  readonly dialect?: JsDialect;
  /** Each `notify` action of a hunting condition (settings rules, `when`), before the notification sinks get it. */
  readonly on_hunt?: (event: HuntEvent) => void;
  /**
   * Claim the account's rakeback into the balance every this many milliseconds
   * (one minute to 30 days), between bets; each claim journaled before it is
   * sent, never sent twice; a failure is a note and a notification, not a stop.
   */
  readonly claim_rakeback_every_ms?: number;
  /** The clock the rakeback schedule reads (ms); default `Date.now`. For tests. */
  readonly rakeback_clock?: () => number;
  /** Each rakeback claim's outcome. */
  readonly on_rakeback?: (event: RakebackEvent) => void;
  /** A bot script's choices where the bots disagree: limbo's input, a 1× bet (js-dialect/options.ts). */
  readonly bot?: BotOptions;
  /**
   * Telegram remote control while the run goes (docs/remote-control.md): a
   * bot token and the one chat allowed to send `/status`, `/stop`, `/pause`,
   * `/resume`, `/stopafterwin`. Checked before anything is sent.
   */
  readonly telegram?: TelegramConfig;
  /** Asked once the account is read and before the first bet; false ends the run without a session. */
  readonly confirm?: (preview: RunPreview) => Promise<boolean>;
}

/** Options of {@link run_autobet}. */
export interface AutobetOptions extends AutobetCommonOptions {
  /** A strategy file (`.json`, `.js`/`.mjs`/`.ts`, `.lua`), a settings object, or a {@link Strategy}. */
  readonly strategy: string | Record<string, unknown> | Strategy;
  /** Required: at least `stop_loss` and `max_bet`. */
  readonly limits: Limits;
  /** The run's currency; default the settings' `currency`, else `btc`. */
  readonly currency?: string;
  /**
   * A `when:` list (docs/conditions.md) watching a module, Lua or bot strategy, or a Strategy object:
   * stop, stop after the next win, notify. Settings hold their own (`when` in the settings).
   */
  readonly when?: readonly Record<string, unknown>[];
  /** A built-in round policy (`{ game: 'mines', fields: [3, 7], cashout_after: 1 }`): that game's bets played step by step (rounds/setup.ts). */
  readonly round?: Readonly<Record<string, unknown>>;
}

/**
 * How a run ended. `session` is null when `confirm` declined (`stop` null too),
 * or when the run stopped before journaling any bet: it keeps no session.
 */
export interface AutobetResult {
  readonly session: number | null;
  readonly stop: StopLine | null;
}

/** Options of {@link resume_autobet}. */
export interface ResumeOptions extends AutobetCommonOptions {
  /** The session to resume; default the last one. */
  readonly session?: number;
  /** The strategy again, when the session's was given as an object. */
  readonly strategy?: Strategy;
  /** With `strategy`: its `when:` list again (a file's is recorded with the session). */
  readonly when?: readonly Record<string, unknown>[];
  /**
   * Resume a module or Lua script whose text changed since the session
   * started (its SHA-256 is recorded); refused otherwise (StrategyError naming the change).
   */
  readonly accept_changed_strategy?: boolean;
}
