/**
 * The steps `run_autobet` and `resume_autobet` share before the engine
 * starts: the strategy prepared, the database opened, the account's lock,
 * the run's timing and error policy, a refusal while another session left
 * bets unknown, and a resumed session's state read back from its journal.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { SessionsTable } from '../../journal/sessions.js';
import type { SessionCommands } from '../../journal/session-commands.js';
import type { SqliteDatabase } from '../../database/database.js';
import { account_lock_path } from '../../journal/session-lock.js';
import { SANDBOX_MARKER_PATH } from '../../sandbox/marker.js';
import { is_loopback_host } from '../../store/fields.js';
import { StoreError } from '../../store/errors.js';
import { withLock } from '../../store/lock.js';
import { new_counters, type Counters } from '../engine/counters.js';
import type { SeedView } from '../engine/driver.js';
import { retry_for_policy, type ErrorPolicy } from '../engine/error-policy.js';
import { AutobetError } from './errors.js';
import type { WaitLine } from '../engine/events.js';
import { resolve_period, settle_period } from '../engine/reconcile.js';
import type { AutobetCommonOptions, AutobetOptions } from './run-options.js';
import { prepare_settings, prepare_strategy_file, round_policy_fields, type PreparedStrategy, type StrategyFileOptions } from '../strategies/load.js';
import { StrategyError, type SettledBet, type Strategy, type StrategyContext } from '../strategies/strategy.js';
import { check_when } from '../strategies/conditions/check.js';
import type { HuntSink } from '../strategies/conditions/hunt.js';
import { with_when } from '../strategies/conditions/when.js';

/** The engine's state as the journal left it. */
export interface Restored {
  counters: Counters;
  seeds: SeedView | null;
  strategy_state: { strategy?: unknown; memory?: Record<string, unknown> } | null;
  last: SettledBet | null;
}

function isStrategy(value: unknown): value is Strategy {
  return typeof value === 'object' && value !== null && typeof (value as Strategy).next === 'function' && typeof (value as Strategy).save === 'function';
}

/** The run's strategy, loaded but not yet bound to the account (a file, a settings object, or a Strategy object). */
export async function prepare_run_strategy(strategy: AutobetOptions['strategy'], file_options: StrategyFileOptions, round?: AutobetOptions['round']): Promise<PreparedStrategy> {
  const round_fields = round_policy_fields(round);
  if (typeof strategy === 'string') return prepare_strategy_file(strategy, { ...file_options, ...(round_fields === undefined ? {} : { round_fields }) });
  if (isStrategy(strategy)) {
    const items = check_when(file_options.when);
    return { kind: 'object', name: strategy.name, source: '', currency: null, bind: async (context) => with_when(strategy, items, context) };
  }
  if (file_options.when !== undefined) throw new StrategyError('load', 'settings given as an object hold their own when: list (the key "when")', { field: 'when' });
  return prepare_settings(strategy, 'settings', round_fields);
}

/**
 * Whether `base_url` is the project's sandbox rather than the site: only when
 * the sandbox's own marker answers there (src/sandbox/pages.ts). A loopback
 * address is not enough (a local proxy in front of the live site is loopback
 * too); a non-loopback one is never asked (no extra request to the site).
 */
export async function driver_kind(base_url: string): Promise<'live' | 'sandbox'> {
  const url = new URL(base_url);
  if (!is_loopback_host(url.hostname)) return 'live';
  try {
    const response = await fetch(new URL(SANDBOX_MARKER_PATH, url.origin), { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    if (response.status !== 200) {
      await response.body?.cancel();
      return 'live';
    }
    const body = (await response.json()) as { stakeql_sandbox?: unknown };
    return body.stakeql_sandbox === true ? 'sandbox' : 'live';
  } catch {
    return 'live';
  }
}

/** The journal's database, opened (the driver is loaded only when a run needs it), with its checkpointer. */
export async function open_journal(file: string | undefined): Promise<{ db: SqliteDatabase; file: string; table: SessionsTable; commands: SessionCommands; close(): Promise<void> }> {
  const journal = await import('../../journal/index.js');
  // A program's runs keep to their own file unless given the CLI's (issue 48).
  const at = file ?? journal.library_database_path();
  const db = journal.open_database(at);
  const checkpointer = journal.start_checkpointer(db, at);
  return {
    db,
    file: at,
    table: new journal.SessionsTable(db),
    commands: new journal.SessionCommands(db),
    async close() {
      await checkpointer.stop();
      db.close();
    },
  };
}

/** The lock of one account (by its id on the site, in the user's one lock directory): a second run on it is refused while this one runs. */
export async function with_account_lock<T>(base_url: string, user_id: string, work: () => Promise<T>): Promise<T> {
  const lock = account_lock_path(user_id);
  mkdirSync(path.dirname(lock), { recursive: true, mode: 0o700 });
  try {
    return await withLock(lock, work, 0);
  } catch (error) {
    if (error instanceof StoreError && error.code === 'locked' && error.path === lock) {
      throw new AutobetError('locked', `another autobet run is using this account on ${base_url}; stop it first ('stakeql autobet stop')`, { cause: error });
    }
    throw error;
  }
}

/** The settle period, resolve timeout and request timeout a run works with (checked before anything is sent). */
export type Timing = { settle_ms: number; resolve_timeout_ms: number; request_timeout_ms: number };

/** @throws RangeError for a settle period or resolve timeout out of range (reconcile.ts). */
export function run_timing(options: AutobetCommonOptions): Timing {
  const request_timeout_ms = typeof options.client.timeout_ms === 'number' ? options.client.timeout_ms : 30_000;
  const settle_ms = settle_period(options.settle_ms, request_timeout_ms);
  return { settle_ms, resolve_timeout_ms: resolve_period(options.resolve_timeout_ms, settle_ms, request_timeout_ms), request_timeout_ms };
}

/** Refuses a new session while another on the account left bets whose outcome nobody knows. */
export function refuse_unfinished(table: SessionsTable, base_url: string, account: string): void {
  const open = table.unfinished(base_url, account)[0];
  if (open === undefined) return;
  throw new AutobetError(
    'unfinished',
    `session ${open.id} on this account left ${open.open} ${open.open === 1 ? 'bet' : 'bets'} whose outcome is not known: ` +
      `'stakeql autobet resume ${open.id}' finds out and goes on, 'stakeql autobet abandon ${open.id}' closes it for good`,
  );
}

/** What the strategy is told when it is bound to the run. */
export function strategy_context(
  driver: 'live' | 'sandbox', currency: string, balance: number, seeds: SeedView, print: (t: string) => void,
  hunt?: { sink: HuntSink; resumed_after_condition?: boolean },
): StrategyContext {
  return {
    driver, currency, start_balance: balance, client_seed: seeds.client_seed, server_seed_hash: seeds.server_seed_hash, print,
    ...(hunt === undefined ? {} : { hunt: hunt.sink, resumed_after_condition: hunt.resumed_after_condition === true }),
  };
}

/**
 * The engine's policy and wait hook: `policy` as given, else `retry_for_ms`'s.
 * @throws RangeError for a `retry_for_ms` out of range.
 */
export function policy_of(options: AutobetCommonOptions): { policy?: ErrorPolicy; on_wait?: (line: WaitLine) => void } {
  const policy = options.policy ?? (options.retry_for_ms === undefined ? undefined : retry_for_policy(options.retry_for_ms));
  return { ...(policy === undefined ? {} : { policy }), ...(options.on_wait === undefined ? {} : { on_wait: options.on_wait }) };
}

/** The counters, seeds, strategy state and last bet the session's last placed bet journaled (fresh counters when none). */
export function restore_state(table: SessionsTable, session: number, start_units: number): Restored {
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
