/**
 * Looking at sessions from outside a run: the list, one session's bet lines,
 * and a stop request to a running session (it stops after its bet in flight).
 */
import type { SessionRecord, SessionsTable } from '../../journal/sessions.js';
import { AutobetError } from './errors.js';
import { lock_holders, type LockHolder } from '../../journal/session-lock.js';
import type { BetLine } from '../engine/events.js';
import type { Limits } from '../engine/limits.js';

/** One line of `autobet list --json`. Money in currency units. */
export interface SessionListLine {
  readonly session: number;
  /** The site the run talked to (its client's `base_url`) and the account it ran as (the site's user name). */
  readonly site: string;
  readonly account: string;
  /** ISO 8601. */
  readonly started: string;
  readonly game: string | null;
  /** The strategy's name (its file's name, or the settings' game). */
  readonly strategy: string;
  readonly currency: string;
  readonly limits: Limits;
  readonly bets: number;
  readonly profit: number;
  /** Moved into the vault during the session. */
  readonly vaulted: number;
  /** The stop reason, or null while it runs (or was killed before it could say). */
  readonly reason: string | null;
  readonly status: string;
  /**
   * `running` (its process holds the account's lock: a lock file beside the
   * database names its pid, and that process is alive and older than the
   * lock), `killed` (marked running, no live holder: resume it), or `stopped`.
   * A run killed while its Crash or Slide bet waited for a window sent
   * nothing: it is listed as `stopped` with reason `interrupted`.
   */
  readonly state: 'running' | 'killed' | 'stopped';
  /** The running process, when `state` is `running`. */
  readonly pid: number | null;
}

async function open(database: string | undefined) {
  const journal = await import('../../journal/index.js');
  const file = database ?? journal.library_database_path();
  const db = journal.open_database(file);
  return { db, file, journal, table: new journal.SessionsTable(db) };
}

/** Every session, newest first. */
export async function list_sessions(options: { readonly database?: string; readonly limit?: number } = {}): Promise<SessionListLine[]> {
  const { db, file, table } = await open(options.database);
  try {
    let sessions = table.list(options.limit ?? 1000);
    // The locks are read only when a session is marked running (the usual list has none or one).
    const holders = sessions.some((s) => s.status === 'running') ? lock_holders(file) : new Map<number, LockHolder>();
    if (sessions.some((s) => settle_killed_wait(table, s, holders))) sessions = table.list(options.limit ?? 1000);
    return sessions.map((s) => ({
      session: s.id,
      site: s.base_url,
      account: s.account,
      started: new Date(s.started_at).toISOString(),
      game: s.game,
      strategy: s.strategy_name,
      currency: s.currency,
      limits: JSON.parse(s.limits) as Limits,
      bets: s.bets,
      profit: s.profit_units / 10 ** s.decimals,
      vaulted: s.vaulted_units / 10 ** s.decimals,
      reason: s.stop_reason,
      status: s.status,
      ...state_of(s, holders),
    }));
  } finally {
    db.close();
  }
}

/**
 * Whether a session marked running still runs: its process holds an account
 * lock (a killed one left the mark, and perhaps its lock file). A pid alone
 * is not enough: after a kill the pid can be given to another process.
 */
function state_of(s: { status: string; pid: number | null }, holders: ReadonlyMap<number, LockHolder>): Pick<SessionListLine, 'state' | 'pid'> {
  if (s.status !== 'running') return { state: 'stopped', pid: null };
  const holder = s.pid === null ? undefined : holders.get(s.pid);
  return holder !== undefined && alive(s.pid) && holder.live() ? { state: 'running', pid: s.pid } : { state: 'killed', pid: null };
}

/**
 * A session killed while its Crash or Slide bet waited for a betting window
 * sent nothing (journal/window-marks.ts): that bet is closed as never sent
 * and, with no other bet left open, the session is stopped as `interrupted`
 * (a resume goes on from it), not left looking killed with a bet unknown.
 * Only when no process runs it. True when it changed anything.
 */
function settle_killed_wait(table: SessionsTable, s: { id: number; status: string; pid: number | null }, holders: ReadonlyMap<number, LockHolder>): boolean {
  if (s.status !== 'running' || state_of(s, holders).state !== 'killed' || table.unsent_waits(s.id).length === 0) return false;
  const now = Date.now();
  table.transaction(() => {
    table.close_unsent_waits(s.id, now);
    if (table.open_count(s.id) === 0) table.finish(s.id, 'interrupted', 'killed while its bet waited for a betting window; nothing was sent', now);
  });
  return true;
}

/** The session a command names (or the last), settled first if it was killed waiting for a window. */
function read_session(table: SessionsTable, file: string, session: number | undefined): SessionRecord | undefined {
  const record = session === undefined ? table.last() : table.get(session);
  if (record === undefined || record.status !== 'running') return record;
  return settle_killed_wait(table, record, lock_holders(file)) ? table.get(record.id) : record;
}

/** A session and its settled bets' lines as `autobet --json` printed them. */
export async function session_bets(session: number | undefined, options: { readonly database?: string } = {}): Promise<{ session: SessionRecord; lines: BetLine[] }> {
  const { db, file, table } = await open(options.database);
  try {
    const record = read_session(table, file, session);
    if (record === undefined) throw new AutobetError('not_found', session === undefined ? 'no autobet session yet' : `no autobet session ${session}`);
    const lines: BetLine[] = [];
    for (const row of table.rows(record.id)) if (row.line !== null) lines.push(JSON.parse(row.line) as BetLine);
    return { session: record, lines };
  } finally {
    db.close();
  }
}

/** The session a command names, or the last one. */
export async function find_session(session: number | undefined, options: { readonly database?: string } = {}): Promise<SessionRecord> {
  const { db, file, table } = await open(options.database);
  try {
    const record = read_session(table, file, session);
    if (record === undefined) throw new AutobetError('not_found', session === undefined ? 'no autobet session yet' : `no autobet session ${session}`);
    return record;
  } finally {
    db.close();
  }
}

/**
 * Asks a running session (another process) to stop after its bet in flight.
 * Resolves false when the session is not running.
 * @throws AutobetError `not_found`.
 */
export async function request_stop(session: number | undefined, options: { readonly database?: string; readonly sender?: string } = {}): Promise<{ session: number; running: boolean }> {
  const { db, table, journal } = await open(options.database);
  try {
    const record = session === undefined ? table.last() : table.get(session);
    if (record === undefined) throw new AutobetError('not_found', session === undefined ? 'no autobet session yet' : `no autobet session ${session}`);
    let running = false;
    // The flag (read by any run) and a command, so 'autobet show' lists who stopped it.
    db.transaction(() => {
      running = table.request_stop(record.id);
      if (running) new journal.SessionCommands(db).send(record.id, 'stop', null, options.sender ?? 'library', Date.now());
    })();
    return { session: record.id, running };
  } finally {
    db.close();
  }
}

/** Stop reasons after which a session is over: `resume --if-any` leaves it alone. */
const ENDED_FOR_GOOD = new Set([
  'strategy', 'user', 'stop_after_win', 'stop_after', 'abandoned', 'insufficient_balance', 'max_bet', 'stop_loss', 'take_profit', 'trailing_stop', 'floor_balance',
  'max_bets', 'max_wagered', 'max_loss_streak', 'max_duration', 'seeds_exhausted',
]);

/**
 * Whether a session is unfinished: killed while running, interrupted, stopped
 * by an error or by an outcome it could not tell. One that a limit, the
 * strategy, a stop request or an abandon ended is over.
 */
export function is_unfinished(record: Pick<SessionRecord, 'status' | 'stop_reason'>): boolean {
  return record.status === 'running' || record.stop_reason === null || !ENDED_FOR_GOOD.has(record.stop_reason);
}

function alive(pid: number | null): boolean {
  if (pid === null || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds that pid, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What {@link abandon_session} did. */
export interface Abandoned {
  readonly session: number;
  /** Bets journaled without an outcome: they stay so (`history sync` finds the ones the site booked). */
  readonly open: number;
  /** False when the session had already been abandoned. */
  readonly changed: boolean;
}

/**
 * Closes a session for good (stop reason `abandoned`): it is never resumed,
 * and no longer keeps a new run on its account from starting. Bets it left
 * without an outcome stay as the journal has them; nothing is sent.
 * @throws AutobetError `not_found`, or `running` when its process is alive (stop it first).
 */
export async function abandon_session(session: number, options: { readonly database?: string; readonly now?: number } = {}): Promise<Abandoned> {
  const { db, file, table } = await open(options.database);
  try {
    const record = read_session(table, file, session);
    if (record === undefined) throw new AutobetError('not_found', `no autobet session ${session}`);
    if (record.status === 'running' && alive(record.pid)) {
      throw new AutobetError('running', `session ${session} is running (process ${record.pid}); stop it first ('stakeql autobet stop ${session}')`);
    }
    const open_ = table.open_count(session);
    if (record.stop_reason === 'abandoned') return { session, open: open_, changed: false };
    const left = open_ === 0 ? 'no bet left open' : `${open_} ${open_ === 1 ? 'bet' : 'bets'} left without a known outcome`;
    const was = record.stop_reason === null ? 'killed while running' : `stopped with ${record.stop_reason}`;
    table.finish(session, 'abandoned', `abandoned by the user (${was}; ${left})`, options.now ?? Date.now());
    return { session, open: open_, changed: true };
  } finally {
    db.close();
  }
}
