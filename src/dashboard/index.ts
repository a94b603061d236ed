/**
 * `stakeql dashboard` as a library: one local page with live balances, the
 * running or last autobet session (with a Stop button), history charts and
 * a simulation's distribution, kept current by server-sent events.
 *
 * Security: it listens on 127.0.0.1 only; refuses any `Host` other than
 * `127.0.0.1:PORT` or `localhost:PORT`; the page, its data and the Stop
 * button need the random token in the URL it returns; no credential (access
 * token, session cookie, cf_clearance) is ever part of a response: only
 * amounts, currencies, identifiers and the journal's bet lines are.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StakeClient } from '../facade/index.js';
import { SessionCommands, SessionsTable, default_database_path, open_database, type SqliteDatabase } from '../journal/index.js';
import { load_assets } from './assets.js';
import { BALANCES_OFF, follow_balances } from './balances.js';
import { HistoryReader, type HistoryAccount } from './history-view.js';
import { dashboard_handler, type StopOutcome } from './routes.js';
import { CsrfGuard, new_token } from './security.js';
import { control_routes } from './control-routes.js';
import type { DashboardControls } from './controls.js';
import { SessionReader, type SessionAccount } from './session-view.js';
import type { SimView } from './sim-view.js';
import { EventHub } from './sse.js';

export type { BalanceRow, BalancesView } from './balances.js';
export type { HistoryAccount, HistoryView, ProfitSeries } from './history-view.js';
export type { GameChart } from './game-view.js';
export type { BetLineView, LimitLeft, SessionAccount, SessionView } from './session-view.js';
export { MAX_CURVE_POINTS } from './session-view.js';
export { read_sim_file, sim_view, type SimView } from './sim-view.js';
export { CSRF_HEADER, TOKEN_HEADER } from './routes.js';
export type { DashboardCommand, DashboardControls, StartRequest } from './controls.js';

/** What {@link start_dashboard} serves. */
export interface DashboardOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  readonly port?: number;
  /**
   * The journal and history database to show (`stakeql.db`); default the
   * user's (`default_database_path()`); null shows no session and no history.
   * Opened (created and migrated if needed) for the dashboard's lifetime.
   */
  readonly database?: string | null;
  /** A client whose balances are shown live; it stays the caller's (not closed). Null or absent: no balances. */
  readonly client?: StakeClient | null;
  /** A simulation to show (from {@link read_sim_file}). */
  readonly sim?: SimView | null;
  /** How often the database is checked for changes another process made, in ms; default 500. */
  readonly poll_ms?: number;
  /**
   * Whose bets the history panel shows; absent or null: every account stored in the
   * database (the CLI passes the account of its credentials, as `history stats` reads it).
   */
  readonly history_account?: HistoryAccount | null;
  /**
   * Whose autobet session the session panel shows and its Stop button may
   * stop: one account on one site (`'none'`: no account known, no session
   * shown). Absent or null: the newest session in the database, whatever its
   * account (the CLI always passes the account of its credentials).
   */
  readonly session_account?: SessionAccount | null;
  /**
   * The controls the page offers: commands for the running session and
   * starting a run or a simulation of a saved strategy (the CLI gives the
   * autobet library's). Absent or null: the page has only the Stop button.
   */
  readonly controls?: DashboardControls | null;
}

/** A running dashboard. */
export interface Dashboard {
  /** `http://127.0.0.1:PORT/?token=…`: the page, with the token every request needs. */
  readonly url: string;
  readonly port: number;
  /** Stops serving, ends the event streams and the balance feed, closes the database; safe to call twice. */
  close(): Promise<void>;
}

/** History is re-read at most this often while a sync writes (the session view is cheap and follows every change). */
const HISTORY_EVERY_MS = 5000;

function checkOptions(options: DashboardOptions): void {
  const { port, poll_ms, database } = options;
  if (port !== undefined && (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65_535)) {
    throw new RangeError('port must be an integer from 0 to 65535');
  }
  if (poll_ms !== undefined && (typeof poll_ms !== 'number' || !Number.isFinite(poll_ms) || poll_ms < 10 || poll_ms > 60_000)) {
    throw new RangeError('poll_ms must be a number of milliseconds from 10 to 60000');
  }
  if (database !== undefined && database !== null && (typeof database !== 'string' || database.length === 0)) {
    throw new TypeError('database must be a file path or null');
  }
  const account = options.history_account;
  if (account !== undefined && account !== null && (typeof account !== 'object' || typeof account.site !== 'string' || typeof account.user_id !== 'string')) {
    throw new TypeError('history_account must be { site, user_id } or null');
  }
  const own = options.session_account;
  if (own !== undefined && own !== null && own !== 'none' && (typeof own !== 'object' || typeof own.base_url !== 'string' || typeof own.account !== 'string')) {
    throw new TypeError("session_account must be { base_url, account }, 'none' or null");
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const message = error.code === 'EADDRINUSE' ? `port ${port} is in use` : error.code === 'EACCES' ? `port ${port} is not allowed` : error.message;
      reject(Object.assign(new Error(message, { cause: error }), { code: error.code, port }));
    });
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

/**
 * Starts the dashboard and resolves once it listens.
 * @throws TypeError / RangeError for a bad option; the database's `JournalError`
 *   (corrupt, locked, newer schema: naming the file); an Error with `code`
 *   `EADDRINUSE` (`port N is in use`) when the port is taken. Nothing is left
 *   running after a failure.
 */
export async function start_dashboard(options: DashboardOptions = {}): Promise<Dashboard> {
  checkOptions(options);
  const token = new_token();
  // Read before anything is opened: a missing uplot package fails here with nothing to undo.
  const assets = load_assets();
  const file = options.database === undefined ? default_database_path() : options.database;
  const db: SqliteDatabase | null = file === null ? null : open_database(file);
  const hub = new EventHub();
  const sessions = db === null ? null : new SessionsTable(db);
  const commandsTable = db === null ? null : new SessionCommands(db);
  const sessionReader = db === null ? null : new SessionReader(db, options.session_account ?? null);
  const historyReader = db === null ? null : new HistoryReader(db, options.history_account ?? null);
  const latest: Record<string, unknown> = {};
  const publish = (topic: string, value: unknown): void => {
    latest[topic] = value;
    hub.publish(topic, value);
  };
  let version = -1;
  let historySeen: string | null = null;
  let historyAt = 0;
  const refresh = (force: boolean): void => {
    if (db === null) return;
    const now = db.pragma('data_version', { simple: true }) as number;
    if (now !== version || force) {
      version = now;
      publish('session', sessionReader?.current() ?? null);
    }
    // The history moves only with a sync: its (cheap) signature says when, and a long sync redraws at most every few seconds.
    const signature = historyReader?.signature() ?? null;
    if (signature !== historySeen && (historySeen === null || Date.now() - historyAt >= HISTORY_EVERY_MS)) {
      historySeen = signature;
      historyAt = Date.now();
      publish('history', historyReader?.view() ?? null);
    }
  };
  const csrf = new CsrfGuard();
  const controls = options.controls ?? null;
  const server: Server = createServer(
    dashboard_handler({
      csrf,
      controls: controls === null ? null : control_routes({
        controls,
        csrf,
        shows: (id) => sessionReader?.shows(id) !== false,
        refresh: () => refresh(true),
      }),
      port: (): number => (server.address() as AddressInfo).port,
      token,
      hub,
      assets,
      state: () => ({ ...latest }),
      request_stop: (id): StopOutcome => {
        if (sessions === null) return 'no_database';
        // Another account's session is not this page's to stop (nor to show).
        if (sessionReader?.shows(id) === false) return 'not_running';
        let stopping = false;
        // The flag (read by any run) and a command, so 'autobet show' lists who stopped it.
        db?.transaction(() => {
          stopping = sessions.request_stop(id);
          if (stopping) commandsTable?.send(id, 'stop', null, 'dashboard', Date.now());
        })();
        // Our own write does not move data_version: show it now.
        refresh(true);
        return stopping ? 'stopping' : 'not_running';
      },
    }),
  );
  try {
    refresh(true);
    await listen(server, options.port ?? 0);
  } catch (error) {
    hub.close();
    db?.close();
    throw error;
  }
  publish('sim', options.sim ?? null);
  publish('controls', controls === null ? null : { strategies: controls.strategies() });
  const feed = new AbortController();
  let following: Promise<void> = Promise.resolve();
  if (options.client) following = follow_balances(options.client, feed.signal, (view) => publish('balances', view));
  else publish('balances', BALANCES_OFF);
  const timer = setInterval(() => {
    try {
      refresh(false);
    } catch {
      // A busy database is read again next time; the page keeps what it has.
    }
  }, options.poll_ms ?? 500);
  timer.unref();
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    close: () =>
      (closing ??= (async () => {
        clearInterval(timer);
        feed.abort();
        hub.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await following;
        db?.close();
      })()),
  };
}
