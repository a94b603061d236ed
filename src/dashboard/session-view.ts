/**
 * The autobet session the dashboard shows (the running one, else the last):
 * its settings, counters, limits left, last bets and profit curve, read from
 * the journal. Every query is bounded whatever the session's length: the
 * curve is sampled through the journal's primary key (at most
 * {@link MAX_CURVE_POINTS} index lookups, not a scan), the bets list is the
 * last {@link LAST_BETS}.
 */
import type { StrategyState } from '../autobet/index.js';
import type { SessionRecord, SqliteDatabase } from '../journal/index.js';
import { SESSION_RANGE } from '../database/migration-v6.js';
import { holds_lock } from '../journal/session-lock.js';

/** Most points a curve sends to the browser. */
export const MAX_CURVE_POINTS = 2000;
/** How many of the latest bets the page lists. */
export const LAST_BETS = 25;

/** One limit, and how much of it is left (null for a limit that is not a budget: `max_bet`, `max_bets_per_second`). */
export interface LimitLeft {
  readonly name: string;
  readonly limit: number;
  readonly left: number | null;
}

/** A journal row's bet line, as `autobet --json` printed it. */
export type BetLineView = Readonly<Record<string, unknown>>;

/** The session as the page shows it. Money in currency units. */
export interface SessionView {
  readonly id: number;
  readonly status: 'running' | 'stopped';
  readonly started_at: number;
  readonly ended_at: number | null;
  readonly driver: string;
  readonly game: string | null;
  readonly currency: string;
  readonly strategy: string;
  readonly stop_reason: string | null;
  readonly stop_message: string | null;
  readonly stop_requested: boolean;
  /** Running and paused by a command (the last pause or resume that took effect was a pause). */
  readonly paused: boolean;
  /** Marked running, but its process (on this machine) is gone: killed before it could record a stop. `autobet resume` continues it. */
  readonly process_gone: boolean;
  /** The counters after the last settled bet, as a strategy sees them (currency units). */
  readonly counters: Pick<StrategyState, 'bets' | 'wins' | 'losses' | 'profit' | 'wagered' | 'balance' | 'streak' | 'peak_profit'>;
  readonly limits: readonly LimitLeft[];
  /** How it is going, as the `stats` line says it (src/autobet/run/stats.ts), from the same counters. */
  readonly stats: {
    readonly seconds: number;
    readonly bets_per_second: number;
    readonly profit_per_hour: number;
    readonly drawdown: number;
    readonly max_drawdown: number;
    readonly luck: number | null;
    readonly vaulted: number;
  };
  /** The latest bets, newest first. */
  readonly bets: readonly BetLineView[];
  /** The profit curve: `x` bet counts, `y` the session's profit after that bet (starts at 0, 0). */
  readonly curve: { readonly x: readonly number[]; readonly y: readonly number[] };
}

/** The columns the view reads of a session. */
type SessionRow = Pick<SessionRecord, 'id' | 'status' | 'started_at' | 'ended_at' | 'driver' | 'game' | 'currency' | 'decimals' |
  'strategy_name' | 'limits' | 'start_balance_units' | 'stop_reason' | 'stop_message' | 'stop_requested' | 'pid'>;

type UnitCounters = Record<string, number | undefined>;

/** The counters JSON of a journal row (`{ counters: {...}, seeds }`). */
function countersOf(json: string | null): UnitCounters {
  if (json === null) return {};
  try {
    const parsed = JSON.parse(json) as { counters?: UnitCounters };
    return parsed.counters ?? {};
  } catch {
    return {};
  }
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The stats line's figures from journaled counters (units). */
export function stats_of(c: UnitCounters, scale: number): SessionView['stats'] {
  const seconds = num(c['elapsed_ms']) / 1000;
  const expected = c['expected_wins'];
  return {
    seconds: Math.round(seconds * 10) / 10,
    bets_per_second: seconds > 0 ? Math.round((num(c['bets']) / seconds) * 100) / 100 : 0,
    profit_per_hour: seconds > 0 ? Math.round((num(c['profit']) * 3600) / seconds) / scale : 0,
    drawdown: (num(c['peak_profit']) - num(c['profit'])) / scale,
    max_drawdown: num(c['max_drawdown']) / scale,
    // Null when a bet's chance is not known (the engine wrote null) or the journal predates the field.
    luck: num(c['bets']) > 0 && typeof expected === 'number' && expected > 0 ? Math.round((10_000 * num(c['wins'])) / expected) / 100 : null,
    vaulted: num(c['vaulted']) / scale,
  };
}

/** Whether process `pid` exists (EPERM: it does, as another user's). */
export function process_alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What is left of each limit the user set, from the counters (units) and the limits (currency units). */
export function limits_left(limitsJson: string, c: UnitCounters, decimals: number): LimitLeft[] {
  let limits: Record<string, unknown>;
  try {
    limits = JSON.parse(limitsJson) as Record<string, unknown>;
  } catch {
    return [];
  }
  if (limits === null || typeof limits !== 'object') return [];
  const scale = 10 ** decimals;
  const profit = num(c['profit']) / scale;
  const left: Record<string, (limit: number) => number | null> = {
    max_bet: () => null,
    max_bets_per_second: () => null,
    stop_loss: (l) => l + profit,
    take_profit: (l) => l - profit,
    trailing_stop: (l) => l - (num(c['peak_profit']) / scale - profit),
    floor_balance: (l) => num(c['balance']) / scale - l,
    max_bets: (l) => l - num(c['bets']),
    max_wagered: (l) => l - num(c['wagered']) / scale,
    max_loss_streak: (l) => l - Math.max(0, -num(c['streak'])),
    max_duration: (l) => l - num(c['elapsed_ms']) / 1000,
  };
  const out: LimitLeft[] = [];
  for (const [name, limit] of Object.entries(limits)) {
    const rule = Object.hasOwn(left, name) ? left[name] : undefined;
    if (typeof limit !== 'number' || rule === undefined) continue;
    const remaining = rule(limit);
    // Rounded to the currency's precision: 0.30000000000000004 left reads as 0.3.
    out.push({ name, limit, left: remaining === null ? null : Math.round(remaining * scale) / scale });
  }
  return out;
}

/**
 * Every step-th sequence number of a session, its outcome looked up by its
 * rowid (`session << 32 | seq`): bounded work for any session length. CROSS JOIN keeps `k`
 * outside (SQLite's planner otherwise walks the session's rows and scans `k`
 * for each: quadratic).
 */
export const CURVE_SQL = `WITH RECURSIVE k(s) AS (SELECT @step UNION ALL SELECT s + @step FROM k WHERE s + @step <= @last)
        SELECT json_extract(j.counters, '$.counters.bets') AS x, json_extract(j.counters, '$.counters.profit') AS y
        FROM k CROSS JOIN journal_outcomes j ON j.id = (@session << 32) | k.s
        WHERE j.counters IS NOT NULL ORDER BY k.s`;

/**
 * The one account whose sessions a view shows: the site (`base_url` as the
 * run's client had it) and the account's name, as `sessions` records them.
 * `'none'`: no account is known (no credentials), so no session is shown.
 */
export type SessionAccount = { readonly base_url: string; readonly account: string } | 'none';

/** Reads the session views of one database connection; statements prepared once. */
export class SessionReader {
  readonly #s;
  /** The database file: the account locks of runs sit beside it. */
  readonly #file: string;
  readonly #account: SessionAccount | null;

  /** `account`: only that account's sessions (null: every session in the database, the newest first). */
  constructor(db: SqliteDatabase, account: SessionAccount | null = null) {
    this.#file = db.name;
    this.#account = account;
    const columns = `id, status, started_at, ended_at, driver, game, currency, decimals, strategy_name, limits,
        start_balance_units, stop_reason, stop_message, stop_requested, pid`;
    this.#s = {
      current: db.prepare(`SELECT ${columns} FROM sessions ORDER BY status = 'running' DESC, id DESC LIMIT 1`),
      currentOf: db.prepare(`SELECT ${columns} FROM sessions WHERE base_url = @base_url AND account = @account ORDER BY status = 'running' DESC, id DESC LIMIT 1`),
      owner: db.prepare('SELECT base_url, account FROM sessions WHERE id = ?'),
      lastPause: db.prepare(`SELECT command FROM session_commands WHERE session_id = ? AND status = 'applied' AND command IN ('pause', 'resume')
        ORDER BY id DESC LIMIT 1`).pluck(),
      // The journal's outcomes (schema v6) hold the counters and the bet line; a session's rows are a range of rowids.
      lastCounters: db.prepare(`SELECT counters FROM journal_outcomes WHERE id BETWEEN ${SESSION_RANGE} AND counters IS NOT NULL ORDER BY id DESC LIMIT 1`).pluck(),
      lastBets: db.prepare(`SELECT line FROM journal_outcomes WHERE id BETWEEN ${SESSION_RANGE} AND line IS NOT NULL ORDER BY id DESC LIMIT ${LAST_BETS}`).pluck(),
      maxSeq: db.prepare(`SELECT MAX(id) & 4294967295 FROM journal_intents WHERE id BETWEEN ${SESSION_RANGE}`).pluck(),
      curve: db.prepare(CURVE_SQL),
      lastPoint: db.prepare(`SELECT json_extract(counters, '$.counters.bets') AS x, json_extract(counters, '$.counters.profit') AS y
        FROM journal_outcomes WHERE id BETWEEN ${SESSION_RANGE} AND counters IS NOT NULL ORDER BY id DESC LIMIT 1`),
    };
  }

  /** Whether session `id` is one this reader shows (its account's), so a Stop may act on it. */
  shows(id: number): boolean {
    if (this.#account === null) return true;
    if (this.#account === 'none') return false;
    const owner = this.#s.owner.get(id) as { base_url: string; account: string } | undefined;
    return owner !== undefined && owner.base_url === this.#account.base_url && owner.account === this.#account.account;
  }

  /** The running session of the account (the newest if several), else its last one; null when there is none. */
  current(): SessionView | null {
    if (this.#account === 'none') return null;
    const row = (this.#account === null ? this.#s.current.get() : this.#s.currentOf.get(this.#account)) as SessionRow | undefined;
    if (row === undefined) return null;
    const scale = 10 ** row.decimals;
    const c = countersOf(this.#s.lastCounters.get({ session: row.id }) as string | null ?? null);
    const bets: BetLineView[] = [];
    for (const line of this.#s.lastBets.all({ session: row.id }) as string[]) {
      try {
        bets.push(JSON.parse(line) as BetLineView);
      } catch {
        // A line the page cannot read is left out, not shown half.
      }
    }
    return {
      id: row.id,
      status: row.status,
      started_at: row.started_at,
      ended_at: row.ended_at,
      driver: row.driver,
      game: row.game,
      currency: row.currency,
      strategy: row.strategy_name,
      stop_reason: row.stop_reason,
      stop_message: row.stop_message,
      stop_requested: row.stop_requested === 1,
      paused: row.status === 'running' && this.#s.lastPause.get(row.id) === 'pause',
      // As `autobet list`: the run's process must hold its account's lock, a live pid alone may be another process's now.
      process_gone: row.status === 'running' && row.pid !== null && !(process_alive(row.pid) && holds_lock(this.#file, row.pid)),
      counters: {
        bets: num(c['bets']),
        wins: num(c['wins']),
        losses: num(c['losses']),
        profit: num(c['profit']) / scale,
        wagered: num(c['wagered']) / scale,
        balance: (c['balance'] === undefined ? row.start_balance_units : num(c['balance'])) / scale,
        streak: num(c['streak']),
        peak_profit: num(c['peak_profit']) / scale,
      },
      limits: limits_left(row.limits, c, row.decimals),
      stats: stats_of(c, scale),
      bets,
      curve: this.curve(row.id, scale),
    };
  }

  /** At most {@link MAX_CURVE_POINTS} points: the origin, every step-th journal row, and the last settled bet. */
  curve(session: number, scale: number): { x: number[]; y: number[] } {
    const x: number[] = [0];
    const y: number[] = [0];
    const last = this.#s.maxSeq.get({ session }) as number | null;
    if (last === null) return { x, y };
    const step = Math.max(1, Math.ceil(last / (MAX_CURVE_POINTS - 2)));
    const push = (p: { x: unknown; y: unknown }): void => {
      const bx = num(p.x);
      if (bx <= (x[x.length - 1] as number)) return;
      x.push(bx);
      y.push(num(p.y) / scale);
    };
    for (const p of this.#s.curve.iterate({ step, last, session }) as IterableIterator<{ x: unknown; y: unknown }>) push(p);
    const end = this.#s.lastPoint.get({ session }) as { x: unknown; y: unknown } | undefined;
    if (end !== undefined) push(end);
    return { x, y };
  }
}
