/**
 * `run_autobet` and `resume_autobet`: a strategy against the live site or the
 * sandbox, with the user's database as its journal and a lock per account.
 * The order is the point: everything that can be refused without sending a
 * bet is checked first (limits, strategy, currency, the lock), the session is
 * recorded, and only then does the engine place its first bet.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { StakeClient } from '../facade/index.js';
import { check_currency, decimals_for } from '../operations/validate/currencies.js';
import { StoreError } from '../store/errors.js';
import { withLock } from '../store/lock.js';
import { ClientDriver } from './client-driver.js';
import { Money, new_counters, session_totals, type Counters, type SessionTotals } from './counters.js';
import type { SeedView } from './driver.js';
import { resume_engine, run_engine } from './engine.js';
import { retry_for_policy, type ErrorPolicy } from './error-policy.js';
import { AutobetError } from './errors.js';
import type { BetLine, StopLine, WaitLine } from './events.js';
import type { IntentRow } from './journal-port.js';
import { check_limits, type Limits } from './limits.js';
import { resolve_period, settle_period } from './reconcile.js';
import { SqliteJournal } from './sqlite-journal.js';
import type { NotifyOptions } from './notify-hook.js';
import { run_hooks, type RunHooks, type StatsOptions } from './run-hooks.js';
import { prepare_recorded, prepare_settings, prepare_strategy_file, type PreparedStrategy } from './strategies/load.js';
import type { SettledBet, Strategy, StrategyContext } from './strategy.js';
import { check_round_fits, check_round_option, with_rounds } from './rounds/setup.js';

/** Default wait for an unknown outcome to be told before the run stops with `unknown_outcome` (longer when the settle period needs it). */
export const DEFAULT_RESOLVE_TIMEOUT_MS = 60_000;

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
  /** The database file; default `default_database_path()` (`$XDG_DATA_HOME/stakeql/stakeql.db`). */
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
  /** A Lua script's time limit per call, default 1000 ms. */
  readonly lua_timeout_ms?: number;
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

function isStrategy(value: unknown): value is Strategy {
  return typeof value === 'object' && value !== null && typeof (value as Strategy).next === 'function' && typeof (value as Strategy).save === 'function';
}

async function prepare(strategy: AutobetOptions['strategy'], lua_timeout_ms: number | undefined): Promise<PreparedStrategy> {
  if (typeof strategy === 'string') return prepare_strategy_file(strategy, lua_timeout_ms === undefined ? {} : { lua_timeout_ms });
  if (isStrategy(strategy)) {
    return { kind: 'object', name: strategy.name, source: '', currency: null, bind: async () => strategy };
  }
  return prepare_settings(strategy);
}

/** Whether `base_url` is this machine (the sandbox) rather than the site. */
function driverKind(base_url: string): 'live' | 'sandbox' {
  const host = new URL(base_url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' ? 'sandbox' : 'live';
}

async function openDatabase(file: string | undefined) {
  const journal = await import('../journal/index.js');
  const at = file ?? journal.default_database_path();
  const db = journal.open_database(at);
  const checkpointer = journal.start_checkpointer(db, at);
  return {
    db,
    file: at,
    table: new journal.SessionsTable(db),
    async close() {
      await checkpointer.stop();
      db.close();
    },
  };
}

/** The lock of one account on one site: a second run on it is refused while this one runs. */
async function withAccountLock<T>(database: string, base_url: string, user_id: string, work: () => Promise<T>): Promise<T> {
  const key = createHash('sha256').update(`${base_url}\n${user_id}`).digest('hex').slice(0, 32);
  const lock = path.join(path.dirname(path.resolve(database)), `autobet-${key}.lock`);
  try {
    return await withLock(lock, work, 0);
  } catch (error) {
    if (error instanceof StoreError && error.code === 'locked' && error.path === lock) {
      throw new AutobetError('locked', `another autobet run is using this account on ${base_url}; stop it first ('stakeql autobet stop')`, { cause: error });
    }
    throw error;
  }
}

/** The settle period, resolve timeout and request timeout of a run: checked before anything is sent. */
/** The settle period, resolve timeout and request timeout a run works with. */
type Timing = { settle_ms: number; resolve_timeout_ms: number; request_timeout_ms: number };

function timing(options: AutobetCommonOptions): Timing {
  const request_timeout_ms = typeof options.client.timeout_ms === 'number' ? options.client.timeout_ms : 30_000;
  const settle_ms = settle_period(options.settle_ms, request_timeout_ms);
  return { settle_ms, resolve_timeout_ms: resolve_period(options.resolve_timeout_ms, settle_ms, request_timeout_ms), request_timeout_ms };
}

/** Refuses a new session while another on the account left bets whose outcome nobody knows. */
function refuseUnfinished(table: import('../journal/sessions.js').SessionsTable, base_url: string, account: string): void {
  const open = table.unfinished(base_url, account)[0];
  if (open === undefined) return;
  throw new AutobetError(
    'unfinished',
    `session ${open.id} on this account left ${open.open} ${open.open === 1 ? 'bet' : 'bets'} whose outcome is not known: ` +
      `'stakeql autobet resume ${open.id}' finds out and goes on, 'stakeql autobet abandon ${open.id}' closes it for good`,
  );
}

function context(driver: 'live' | 'sandbox', currency: string, balance: number, seeds: SeedView, print: (t: string) => void): StrategyContext {
  return { driver, currency, start_balance: balance, client_seed: seeds.client_seed, server_seed_hash: seeds.server_seed_hash, print };
}

/**
 * Runs a strategy until a limit, the strategy, a stop request or an error
 * ends it. Refuses to start (nothing sent) without `stop_loss` and `max_bet`,
 * with a strategy that does not load, or while another run holds the account.
 * @throws TypeError / RangeError (limits, currency), StrategyError (phase `load`),
 * AutobetError (`locked`), JournalError (the database).
 */
export async function run_autobet(options: AutobetOptions): Promise<AutobetResult> {
  const limits = check_limits(options.limits, true);
  const times = timing(options);
  check_round_option(options.round);
  const prepared = await prepare(options.strategy, options.lua_timeout_ms);
  check_round_fits(options.round, prepared);
  const currency = check_currency(options.currency ?? prepared.currency ?? 'btc', 'currency');
  const { client } = options;
  const money = new Money(decimals_for(currency, client));
  const note = options.on_note ?? (() => undefined);
  policy_of(options);
  const hooks = run_hooks(options, note);
  try {
    return await runChecked(options, limits, prepared, currency, money, note, hooks, times);
  } finally {
    await hooks.abandon();
  }
}

async function runChecked(
  options: AutobetOptions, limits: Limits, prepared: PreparedStrategy, currency: string, money: Money, note: (t: string) => void, hooks: RunHooks, times: Timing,
): Promise<AutobetResult> {
  const { client } = options;
  const user = await client.current_user();
  const { db, file, table, close } = await openDatabase(options.database);
  try {
    return await withAccountLock(file, client.base_url, user.id, async () => {
      refuseUnfinished(table, client.base_url, user.name);
      const kind = driverKind(client.base_url);
      const driver = new ClientDriver(client, kind);
      const start = await driver.start(currency);
      const strategy = await prepared.bind(context(kind, currency, start.balance, start.seeds, options.on_print ?? note));
      try {
        const preview: RunPreview = { account: user.name, base_url: client.base_url, driver: kind, strategy: prepared.name, currency, balance: start.balance, limits };
        if (options.confirm !== undefined && !(await options.confirm(preview))) return { session: null, stop: null };
        const session = table.create({
          started_at: Date.now(),
          driver: kind,
          profile: options.profile ?? null,
          base_url: client.base_url,
          account: user.name,
          currency,
          decimals: money.decimals,
          strategy_kind: prepared.kind,
          strategy_name: prepared.name,
          strategy_source: prepared.source,
          game: null,
          limits: JSON.stringify(limits),
          start_balance_units: money.units_down(start.balance),
          pid: process.pid,
        });
        const journal = new SqliteJournal(table, session);
        const counters = new_counters(money.units_down(start.balance));
        hooks.started(session, { site: client.base_url, currency, limits, money, counters });
        const stop = await run_engine({
          strategy,
          driver: with_rounds(driver, { client, strategy, round: check_round_option(options.round), db, session_id: session, resumed: false, currency, money, limits, counters }),
          journal,
          currency,
          money,
          limits,
          counters,
          memory: {},
          last: null,
          seq: 1,
          seeds: start.seeds,
          signal: options.signal ?? new AbortController().signal,
          ...times,
          ...policy_of(options),
          ...hooks.on_bet(options.on_bet),
          on_note: note,
        });
        journal.flush();
        // Stopped before any request was journaled: nothing to resume or look at, so no session number.
        const kept = !table.discard_if_empty(session);
        if (kept) table.finish(session, stop.reason, stop.message ?? null, Date.now());
        await hooks.stopped(stop);
        return { session: kept ? session : null, stop };
      } finally {
        await strategy.close?.();
      }
    });
  } finally {
    await close();
  }
}

/** Options of {@link resume_autobet}. */
export interface ResumeOptions extends AutobetCommonOptions {
  /** The session to resume; default the last one. */
  readonly session?: number;
  /** The strategy again, when the session's was given as an object. */
  readonly strategy?: Strategy;
}

/** The engine's state as the journal left it. */
interface Restored {
  counters: Counters;
  seeds: SeedView | null;
  strategy_state: { strategy?: unknown; memory?: Record<string, unknown> } | null;
  last: SettledBet | null;
}

/**
 * Continues a stopped or killed session from its journal, on the site it
 * recorded: counters and spent limits, the strategy's state, after first
 * resolving any bet left without a result and adopting bets the site booked
 * that the journal never recorded.
 * @throws AutobetError `not_found` (no such session) or `locked`; JournalError.
 */
export async function resume_autobet(options: ResumeOptions): Promise<AutobetResult> {
  const note = options.on_note ?? (() => undefined);
  const times = timing(options);
  policy_of(options);
  const hooks = run_hooks(options, note);
  try {
    return await resumeChecked(options, note, hooks, times);
  } finally {
    await hooks.abandon();
  }
}

async function resumeChecked(options: ResumeOptions, note: (t: string) => void, hooks: RunHooks, times: Timing): Promise<AutobetResult> {
  const { client } = options;
  const { db, file, table, close } = await openDatabase(options.database);
  try {
    const record = options.session === undefined ? table.last() : table.get(options.session);
    if (record === undefined) {
      throw new AutobetError('not_found', options.session === undefined ? 'no autobet session to resume' : `no autobet session ${options.session}`);
    }
    if (new URL(record.base_url).origin !== new URL(client.base_url).origin) {
      throw new AutobetError('bad_input', `session ${record.id} ran on ${record.base_url}, not on ${client.base_url}`);
    }
    const prepared: PreparedStrategy = options.strategy !== undefined
      ? { kind: 'object', name: options.strategy.name, source: '', currency: null, bind: async () => options.strategy as Strategy }
      : await prepare_recorded(record.strategy_kind, record.strategy_name, record.strategy_source, options.lua_timeout_ms === undefined ? {} : { lua_timeout_ms: options.lua_timeout_ms });
    const user = await client.current_user();
    if (user.name !== record.account) {
      throw new AutobetError('bad_input', `session ${record.id} ran on account ${record.account}, and these credentials are account ${user.name}'s`);
    }
    const limits = check_limits(JSON.parse(record.limits), true);
    const money = new Money(record.decimals);
    return await withAccountLock(file, client.base_url, user.id, async () => {
      const driver = new ClientDriver(client, record.driver);
      const start = await driver.start(record.currency);
      const restored = restore(table, record.id, record.start_balance_units);
      const seeds = restored.seeds ?? start.seeds;
      const strategy = await prepared.bind(context(record.driver, record.currency, start.balance, seeds, options.on_print ?? note));
      try {
        if (restored.strategy_state?.strategy !== undefined && restored.strategy_state.strategy !== null) strategy.restore(restored.strategy_state.strategy);
        const preview: RunPreview = {
          account: user.name, base_url: client.base_url, driver: record.driver, strategy: record.strategy_name,
          currency: record.currency, balance: start.balance, limits,
          so_far: session_totals(restored.counters, money),
        };
        if (options.confirm !== undefined && !(await options.confirm(preview))) return { session: record.id, stop: null };
        table.mark_running(record.id, process.pid);
        const pending: IntentRow[] = table.pending(record.id).map((row) => ({
          seq: row.seq,
          identifier: row.identifier,
          game: row.game,
          variables: JSON.parse(row.variables) as Record<string, unknown>,
          amount_units: row.amount_units,
          seed_hash: row.seed_hash,
          nonce_expected: row.nonce_expected,
          strategy_state: row.strategy_state,
          sent_at: row.created_at,
        }));
        const journal = new SqliteJournal(table, record.id);
        hooks.started(record.id, { site: client.base_url, currency: record.currency, limits, money, counters: restored.counters });
        const stop = await resume_engine(
          {
            strategy,
            driver: with_rounds(driver, { client, strategy, round: null, db, session_id: record.id, resumed: true, currency: record.currency, money, limits, counters: restored.counters }),
            journal,
            currency: record.currency,
            money,
            limits,
            counters: restored.counters,
            memory: restored.strategy_state?.memory ?? {},
            last: restored.last,
            seq: table.max_seq(record.id) + 1,
            seeds,
            signal: options.signal ?? new AbortController().signal,
            ...times,
            ...policy_of(options),
            ...hooks.on_bet(options.on_bet),
            on_note: note,
            refresh_balance: async () => money.units_down((await driver.start(record.currency)).balance),
          },
          pending,
        );
        journal.flush();
        table.finish(record.id, stop.reason, stop.message ?? null, Date.now());
        await hooks.stopped(stop);
        return { session: record.id, stop };
      } finally {
        await strategy.close?.();
      }
    });
  } finally {
    await close();
  }
}

/**
 * The engine's policy and wait hook: `policy` as given, else `retry_for_ms`'s.
 * @throws RangeError for a `retry_for_ms` out of range.
 */
function policy_of(options: AutobetCommonOptions): { policy?: ErrorPolicy; on_wait?: (line: WaitLine) => void } {
  const policy = options.policy ?? (options.retry_for_ms === undefined ? undefined : retry_for_policy(options.retry_for_ms));
  return { ...(policy === undefined ? {} : { policy }), ...(options.on_wait === undefined ? {} : { on_wait: options.on_wait }) };
}

function restore(table: import('../journal/sessions.js').SessionsTable, session: number, start_units: number): Restored {
  const row = table.last_placed(session);
  if (row === undefined || row.counters === null) return { counters: new_counters(start_units), seeds: null, strategy_state: null, last: null };
  const snapshot = JSON.parse(row.counters) as { counters: Counters; seeds: SeedView };
  return {
    counters: snapshot.counters,
    seeds: snapshot.seeds,
    strategy_state: JSON.parse(row.strategy_state) as Restored['strategy_state'],
    last: row.result === null ? null : (JSON.parse(row.result) as SettledBet),
  };
}
