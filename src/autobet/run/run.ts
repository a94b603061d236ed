/**
 * `run_autobet` and `resume_autobet`: a strategy against the live site or the
 * sandbox, with the user's database as its journal and a lock per account.
 * The order is the point: everything that can be refused without sending a
 * bet is checked first (limits, strategy, currency, the lock), the session is
 * recorded, and only then does the engine place its first bet.
 */
import { check_currency, decimals_for } from '../../operations/validate/currencies.js';
import { ClientDriver } from '../drivers/client-driver.js';
import { Money, new_counters, session_totals } from '../engine/counters.js';
import { resume_engine, run_engine } from '../engine/engine.js';
import { AutobetError } from './errors.js';
import type { IntentRow } from '../engine/journal-port.js';
import { check_limits, type Limits } from '../engine/limits.js';
import { SqliteJournal } from './sqlite-journal.js';
import { window_marks } from '../../journal/window-marks.js';
import { SessionControl } from '../engine/remote-control.js';
import { check_telegram, type TelegramRemote } from '../../remote/telegram.js';
import { start_telegram, type TelegramRunDeps } from './telegram-hook.js';
import type { SessionsTable } from '../../journal/sessions.js';
import { run_hooks, type RunHooks } from './run-hooks.js';
import type { AutobetCommonOptions, AutobetOptions, AutobetResult, ResumeOptions, RunPreview } from './run-options.js';
import { driver_kind, open_journal, policy_of, prepare_run_strategy, refuse_unfinished, restore_state, run_timing, strategy_context, with_account_lock, type Timing } from './run-setup.js';
import { prepare_recorded, type PreparedStrategy, type StrategyFileOptions } from '../strategies/load.js';
import { check_round_fits, check_round_option, with_rounds } from '../drivers/rounds/setup.js';
import { CONDITION_STOP } from '../strategies/conditions/hunt.js';
import { check_rakeback_every, RakebackSchedule } from '../engine/rakeback-step.js';
import type { EngineInput } from '../engine/engine-input.js';

export type { AutobetCommonOptions, AutobetOptions, AutobetResult, ResumeOptions, RunPreview } from './run-options.js';

/** Default wait for an unknown outcome to be told before the run stops with `unknown_outcome` (longer when the settle period needs it). */
export const DEFAULT_RESOLVE_TIMEOUT_MS = 60_000;

/**
 * Runs a strategy until a limit, the strategy, a stop request or an error
 * ends it. Refuses to start (nothing sent) without `stop_loss` and `max_bet`,
 * with a strategy that does not load, or while another run holds the account.
 * @throws TypeError / RangeError (limits, currency), StrategyError (phase `load`),
 * AutobetError (`locked`), JournalError (the database).
 */
export async function run_autobet(options: AutobetOptions): Promise<AutobetResult> {
  const limits = check_limits(options.limits, true);
  const times = run_timing(options);
  check_rakeback_every(options.claim_rakeback_every_ms);
  check_round_option(options.round);
  const prepared = await prepare_run_strategy(options.strategy, file_options(options), options.round);
  check_round_fits(options.round, prepared);
  const currency = check_currency(options.currency ?? prepared.currency ?? 'btc', 'currency');
  const { client } = options;
  const money = new Money(decimals_for(currency, client));
  const note = options.on_note ?? (() => undefined);
  policy_of(options);
  if (options.telegram !== undefined) check_telegram(options.telegram);
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
  const { db, table, commands, close } = await open_journal(options.database);
  try {
    return await with_account_lock(client.base_url, user.id, async () => {
      refuse_unfinished(table, client.base_url, user.name);
      const kind = await driver_kind(client.base_url);
      const driver = new ClientDriver(client, kind, options.signal ?? undefined, note);
      const start = await driver.start(currency);
      const strategy = await prepared.bind(strategy_context(kind, currency, start.balance, start.seeds, options.on_print ?? note, { sink: hooks.hunt(options.on_hunt) }));
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
        driver.mark_windows(window_marks(db, session, client.base_url, (a) => money.units(a)));
        const counters = new_counters(money.units_down(start.balance));
        hooks.started(session, { site: client.base_url, currency, limits, money, counters });
        const signal = options.signal ?? new AbortController().signal;
        const remote = telegram_of(options, { commands, session_id: session, counters, money, currency, limits: () => current_limits(table, session, limits), paused: () => hooks.is_paused, note });
        const stop = await run_engine({
          control: new SessionControl({ commands, session_id: session, signal, sleep: (ms, s) => driver.sleep(ms, s), on_note: note, on_paused: (p) => hooks.paused(p) }),
          strategy,
          driver: with_rounds(driver, { strategy, round: check_round_option(options.round), db, session_id: session, resumed: false, currency, money, limits, counters, settle_ms: times.settle_ms }),
          journal,
          currency,
          money,
          limits,
          counters,
          memory: {},
          last: null,
          seq: 1,
          seeds: start.seeds,
          signal,
          ...times,
          ...policy_of(options),
          ...hooks.on_bet(options.on_bet),
          on_note: note,
          ...rakeback_input(options, hooks, note),
        }).finally(() => remote?.stop());
        journal.flush();
        // Stopped before any request was journaled: nothing to resume or look at, so no session number.
        if (stop.reason === 'user') commands.stopped(session, Date.now(), stop.bets);
        commands.expire(session, Date.now());
        const kept = !table.discard_if_empty(session);
        if (kept) table.finish(session, stop.reason, stop.message ?? null, Date.now());
        await hooks.stopped(stop, kept);
        return { session: kept ? session : null, stop };
      } finally {
        await strategy.close?.();
      }
    });
  } finally {
    await close();
  }
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
  const times = run_timing(options);
  check_rakeback_every(options.claim_rakeback_every_ms);
  policy_of(options);
  if (options.telegram !== undefined) check_telegram(options.telegram);
  const hooks = run_hooks(options, note);
  try {
    return await resumeChecked(options, note, hooks, times);
  } finally {
    await hooks.abandon();
  }
}

async function resumeChecked(options: ResumeOptions, note: (t: string) => void, hooks: RunHooks, times: Timing): Promise<AutobetResult> {
  const { client } = options;
  const { db, table, commands, close } = await open_journal(options.database);
  try {
    const record = options.session === undefined ? table.last() : table.get(options.session);
    if (record === undefined) {
      throw new AutobetError('not_found', options.session === undefined ? 'no autobet session to resume' : `no autobet session ${options.session}`);
    }
    if (new URL(record.base_url).origin !== new URL(client.base_url).origin) {
      throw new AutobetError('bad_input', `session ${record.id} ran on ${record.base_url}, not on ${client.base_url}`);
    }
    const prepared: PreparedStrategy = options.strategy !== undefined
      ? await prepare_run_strategy(options.strategy, options.when === undefined ? {} : { when: options.when })
      : await prepare_recorded(record.strategy_kind, record.strategy_name, record.strategy_source, {
        ...(options.lua_timeout_ms === undefined ? {} : { lua_timeout_ms: options.lua_timeout_ms }),
        accept_changed: options.accept_changed_strategy === true,
      });
    const user = await client.current_user();
    if (user.name !== record.account) {
      throw new AutobetError('bad_input', `session ${record.id} ran on account ${record.account}, and these credentials are account ${user.name}'s`);
    }
    const limits = check_limits(JSON.parse(record.limits), true);
    const money = new Money(record.decimals);
    return await with_account_lock(client.base_url, user.id, async () => {
      const driver = new ClientDriver(client, record.driver, options.signal ?? undefined, note);
      const start = await driver.start(record.currency);
      const restored = restore_state(table, record.id, record.start_balance_units);
      const seeds = restored.seeds ?? start.seeds;
      const strategy = await prepared.bind(strategy_context(record.driver, record.currency, start.balance, seeds, options.on_print ?? note, {
        sink: hooks.hunt(options.on_hunt),
        resumed_after_condition: record.stop_reason === CONDITION_STOP,
      }));
      try {
        if (restored.strategy_state?.strategy !== undefined && restored.strategy_state.strategy !== null) strategy.restore(restored.strategy_state.strategy);
        const preview: RunPreview = {
          account: user.name, base_url: client.base_url, driver: record.driver, strategy: record.strategy_name,
          currency: record.currency, balance: start.balance, limits,
          so_far: session_totals(restored.counters, money),
        };
        if (options.confirm !== undefined && !(await options.confirm(preview))) return { session: record.id, stop: null };
        table.mark_running(record.id, process.pid);
        if (options.strategy === undefined && prepared.source !== record.strategy_source) {
          // A changed module or script accepted (accept_changed_strategy): the session now records the text that runs.
          table.set_strategy_source(record.id, prepared.source);
          note(`${record.strategy_name}: running it as it is now, not as the session recorded it (accept_changed_strategy)`);
        }
        // A bet a killed run left waiting for a Crash window was never sent: closed so, not looked for (journal/window-marks.ts).
        table.close_unsent_waits(record.id, Date.now());
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
        driver.mark_windows(window_marks(db, record.id, client.base_url, (a) => money.units(a)));
        hooks.started(record.id, { site: client.base_url, currency: record.currency, limits, money, counters: restored.counters });
        const signal = options.signal ?? new AbortController().signal;
        // Commands sent while it was stopped were for the run that ended: they never carry over to this one.
        commands.expire(record.id, Date.now());
        const remote = telegram_of(options, {
          commands, session_id: record.id, counters: restored.counters, money, currency: record.currency,
          limits: () => current_limits(table, record.id, limits), paused: () => hooks.is_paused, note,
        });
        const stop = await resume_engine(
          {
            control: new SessionControl({ commands, session_id: record.id, signal, sleep: (ms, s) => driver.sleep(ms, s), on_note: note, on_paused: (p) => hooks.paused(p) }),
            strategy,
            driver: with_rounds(driver, { strategy, round: null, db, session_id: record.id, resumed: true, currency: record.currency, money, limits, counters: restored.counters, settle_ms: times.settle_ms }),
            journal,
            currency: record.currency,
            money,
            limits,
            counters: restored.counters,
            memory: restored.strategy_state?.memory ?? {},
            last: restored.last,
            seq: table.max_seq(record.id) + 1,
            seeds,
            signal,
            ...times,
            ...policy_of(options),
            ...hooks.on_bet(options.on_bet),
            on_note: note,
            ...rakeback_input(options, hooks, note),
            refresh_balance: async () => money.units_down((await driver.start(record.currency)).balance),
          },
          pending,
        ).finally(() => remote?.stop());
        journal.flush();
        if (stop.reason === 'user') commands.stopped(record.id, Date.now(), stop.bets);
        commands.expire(record.id, Date.now());
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

/** The engine's rakeback schedule, when the options ask for claims. */
function rakeback_input(options: AutobetCommonOptions, hooks: RunHooks, note: (t: string) => void): Pick<EngineInput, 'rakeback'> {
  const every = options.claim_rakeback_every_ms;
  if (every === undefined) return {};
  return { rakeback: { schedule: new RakebackSchedule(every, options.rakeback_clock ?? Date.now), report: hooks.rakeback(options.on_rakeback, note) } };
}

/** The run's Telegram remote, when it has one. */
function telegram_of(options: AutobetCommonOptions, deps: TelegramRunDeps): TelegramRemote | null {
  return options.telegram === undefined ? null : start_telegram(options.telegram, deps);
}

/** The limits the session runs under now: a command may have lowered them (remote-control.ts records them on the session). */
function current_limits(table: SessionsTable, session: number, fallback: Limits): Limits {
  const text = table.get(session)?.limits;
  return text === undefined ? fallback : (JSON.parse(text) as Limits);
}

// How a strategy file is read: the script time limit and, for a .js file, the dialect when the user chose one.
function file_options(options: AutobetOptions): StrategyFileOptions {
  return {
    ...(options.lua_timeout_ms === undefined ? {} : { lua_timeout_ms: options.lua_timeout_ms }),
    ...(options.dialect === undefined ? {} : { dialect: options.dialect }),
    ...(options.when === undefined ? {} : { when: options.when }),
    ...(options.bot === undefined ? {} : { bot: options.bot }),
  };
}
