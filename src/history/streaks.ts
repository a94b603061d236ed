/**
 * `bets.streak` (schema v3): the run a bet ends within its account, game and
 * currency, in bet order: +n for the n-th win in a row, -n for the n-th loss,
 * 0 for a bet at exactly ×1. A sync writes each new bet with the run its
 * page tells ({@link page_streaks}), then {@link settle_streaks} reads the
 * account's bets from the oldest one written on, in one pass over the
 * account's time index (schema v8), and rewrites only the runs that differ:
 * the page's oldest run of a sequence, which may go on in the next (older)
 * page, and any bet the site listed out of bet order. Rewriting every bet instead cost a first sync as
 * much as a third of its inserts (the row's pages written twice).
 *
 * The pass reads the account's bets back unless the store still holds what
 * it wrote of them ({@link WrittenRuns}) and nothing else can be there: no
 * other connection committed since, and the account has no other bet from
 * the first one's hour on (and none of them was read again: its run is the
 * stored one). Reading 10,000 bets back took about 10 ms here; sorting what
 * was written, 2–3 ms for 6,000.
 */
import type { SqliteDatabase } from '../database/database.js';
import type { BetRow } from './record.js';

/** The order bets happened in: time, then the share id's number (bets of one second), then the id. */
export const BET_ORDER = 'time_ms, iid_num, id';

const HOUR_MS = 3_600_000;

/** One hour of a sequence: the highest and lowest run its bets reached. */
interface HourRuns {
  readonly game: string;
  readonly currency: string;
  readonly hour: number;
  high: number;
  low: number;
}

/** The run after `before` of a bet at multiplier `m`. */
function next_run(before: number, m: number): number {
  return m > 1 ? Math.max(before, 0) + 1 : m < 1 ? Math.min(before, 0) - 1 : 0;
}

/**
 * Each row's run as far as the page itself tells it: the page's bets of one
 * account, game and currency in bet order, the run starting again at the oldest.
 */
export function page_streaks(rows: readonly BetRow[]): Int32Array {
  // As BET_ORDER sorts (NULL first); a different order costs only a rewrite.
  const order = rows.map((_, i) => i).sort((a, b) => compare(rows[a] as BetRow, rows[b] as BetRow));
  const runs = new Map<string, number>();
  const streaks = new Int32Array(rows.length);
  for (const i of order) {
    const row = rows[i] as BetRow;
    const key = `${row.site}\u0000${row.user_id}\u0000${row.game}\u0000${row.currency}`;
    const streak = next_run(runs.get(key) ?? 0, row.payout_multiplier);
    runs.set(key, streak);
    streaks[i] = streak;
  }
  return streaks;
}

/**
 * Sets `streak` on the account's bets from `from_ms` on, continuing each
 * sequence's run from the bet before; then the longest runs (`win_run`,
 * `loss_run`) of the `bets_hourly` rows of every hour read. The caller holds
 * a transaction, and the summary holds every bet (`summarise_pending`): the
 * bet before a sequence's first one is looked for in the last hour it has.
 */
export function settle_streaks(db: SqliteDatabase, site: string, user_id: string, from_ms: number, written?: WrittenRuns): void {
  // From the start of the hour: its bets before from_ms keep their runs, which go on into the ones after and count in
  // the hour's longest.
  const start = Math.floor(from_ms / HOUR_MS) * HOUR_MS;
  const known = written?.take(site, user_id, from_ms, start) ?? null;
  const bets =
    known ??
    (db
      .prepare(`SELECT rowid, game, currency, payout_multiplier, streak, time_ms FROM bets WHERE time_ms >= ? AND site = ? AND user_id = ?
        ORDER BY ${BET_ORDER}`)
      .raw()
      .all(start, site, user_id) as RunBet[]);
  const set = db.prepare('UPDATE bets SET streak = ? WHERE rowid = ?');
  const before = previous_run(db, site, user_id, start);
  // Per game, then currency: the sequence's run so far and its current hour. Bets come in time order, so a
  // sequence's hour only moves forward (no key string a bet).
  const sequences = new Map<string, Map<string, { run: number | null; hour: HourRuns | null }>>();
  const hours: HourRuns[] = [];
  for (const [rowid, game, currency, m, stored, time] of bets) {
    let byCurrency = sequences.get(game);
    if (byCurrency === undefined) sequences.set(game, (byCurrency = new Map()));
    let sequence = byCurrency.get(currency);
    if (sequence === undefined) byCurrency.set(currency, (sequence = { run: null, hour: null }));
    let streak = stored;
    if (time >= from_ms) {
      streak = next_run(sequence.run ?? before(game, currency), m);
      if (streak !== stored) set.run(streak, rowid);
    }
    sequence.run = streak;
    const hour = Math.floor(time / HOUR_MS);
    const h = sequence.hour;
    if (h === null || h.hour !== hour) hours.push((sequence.hour = { game, currency, hour, high: streak, low: streak }));
    else {
      h.high = Math.max(h.high, streak);
      h.low = Math.min(h.low, streak);
    }
  }
  // Every decimals of the hour, as the runs are counted over the hour's bets of the game and currency.
  const runsOf = db.prepare(`UPDATE bets_hourly SET win_run = ?, loss_run = ?
    WHERE site = ? AND user_id = ? AND game = ? AND currency = ? AND hour = ?`);
  for (const h of hours) runsOf.run(Math.max(h.high, 0), Math.max(-h.low, 0), site, user_id, h.game, h.currency, h.hour);
}

/** The run of a sequence's last bet before `start` (0 when it has none), through the summary's last hour of it. */
function previous_run(db: SqliteDatabase, site: string, user_id: string, start: number): (game: string, currency: string) => number {
  const lastHour = db
    .prepare('SELECT max(hour) FROM bets_hourly WHERE site = ? AND user_id = ? AND game = ? AND currency = ? AND hour < ? AND bets > 0')
    .pluck();
  const last = db
    .prepare(`SELECT streak FROM bets WHERE time_ms >= ? AND time_ms < ? AND site = ? AND user_id = ? AND game = ? AND currency = ?
      ORDER BY time_ms DESC, iid_num DESC, id DESC LIMIT 1`)
    .pluck();
  return (game, currency) => {
    let bound = start;
    for (;;) {
      const hour = lastHour.get(site, user_id, game, currency, bound / HOUR_MS) as number | null;
      if (hour === null) return 0;
      const streak = last.get(hour * HOUR_MS, bound, site, user_id, game, currency) as number | undefined;
      if (streak !== undefined) return streak;
      // A summary hour without its bets (changed by hand): the one before it.
      bound = hour * HOUR_MS;
    }
  };
}

/** A bet as the runs pass reads it: rowid, game, currency, multiplier, stored run, time. */
type RunBet = [number, string, string, number, number, number];

/** What a store inserted of one account's bets since their runs were last settled, a column each (no row kept alive). */
interface Written {
  /** `PRAGMA data_version` when the first was written: another connection's commit since changes it. */
  readonly version: number;
  /** `total_changes()` after the last was written: any other change through this connection since changes it. */
  changes: number;
  /** A bet was read again (updated, not inserted): its run is the stored one, so the pass reads back. */
  reread: boolean;
  n: number;
  rowid: Float64Array;
  time: Float64Array;
  /** The share id's number, -Infinity for none (sorted first, as SQL sorts NULL). */
  iid: Float64Array;
  m: Float64Array;
  streak: Int32Array;
  /** Index into `sequences`. */
  seq: Uint32Array;
  readonly sequences: Array<[string, string]>;
}

function grow<T extends Float64Array | Int32Array | Uint32Array>(a: T, size: number): T {
  if (size <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(size, a.length * 2));
  b.set(a);
  return b;
}

/**
 * The bets a store inserted, per account, until their runs are settled: the
 * pass then sorts them instead of reading them back, when they are all there
 * is (see {@link WrittenRuns.take}). 44 bytes a bet in typed arrays: keeping
 * the rows themselves kept the sync's pages alive, and the collector's work
 * on them cost more than the pass saved.
 */
export class WrittenRuns {
  readonly #accounts = new Map<string, Written>();
  readonly #version;
  readonly #changes;
  readonly #count;
  readonly #id;

  constructor(db: SqliteDatabase) {
    this.#version = db.prepare('PRAGMA data_version').pluck();
    this.#changes = db.prepare('SELECT total_changes()').pluck();
    // Through bets_account alone (schema v8): every site's bets of that user id count, which only makes a mismatch.
    this.#count = db.prepare('SELECT count(*) FROM bets WHERE user_id = ? AND time_ms >= ?').pluck();
    this.#id = db.prepare('SELECT id FROM bets WHERE rowid = ?').pluck();
  }

  /** Records rows a committed upsert wrote: `streaks[i]` and `rowids[i]` for an inserted row, rowid 0 for one updated. */
  add(rows: readonly BetRow[], streaks: ArrayLike<number>, rowids: ArrayLike<number>): void {
    let site: string | null = null;
    let user_id: string | null = null;
    let a: Written | undefined;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as BetRow;
      // A page is one account's: its key is built when the account changes, not for every row.
      if (row.site !== site || row.user_id !== user_id || a === undefined) {
        site = row.site;
        user_id = row.user_id;
        const k = `${site}\u0000${user_id}`;
        a = this.#accounts.get(k);
        if (a === undefined) {
          a = {
            version: this.#version.get() as number, changes: 0, reread: false, n: 0, rowid: new Float64Array(256), time: new Float64Array(256),
            iid: new Float64Array(256), m: new Float64Array(256), streak: new Int32Array(256), seq: new Uint32Array(256), sequences: [],
          };
          this.#accounts.set(k, a);
        }
      }
      const rowid = rowids[i] as number;
      if (rowid === 0) {
        a.reread = true;
        continue;
      }
      const n = a.n++;
      if (n === a.rowid.length) {
        a.rowid = grow(a.rowid, n + 1);
        a.time = grow(a.time, n + 1);
        a.iid = grow(a.iid, n + 1);
        a.m = grow(a.m, n + 1);
        a.streak = grow(a.streak, n + 1);
        a.seq = grow(a.seq, n + 1);
      }
      let seq = a.sequences.findIndex(([g, c]) => g === row.game && c === row.currency);
      if (seq === -1) seq = a.sequences.push([row.game, row.currency]) - 1;
      a.rowid[n] = rowid;
      a.time[n] = row.time_ms;
      a.iid[n] = row.iid_num ?? -Infinity;
      a.m[n] = row.payout_multiplier;
      a.streak[n] = streaks[i] as number;
      a.seq[n] = seq;
    }
    const changes = this.#changes.get() as number;
    for (const w of this.#accounts.values()) w.changes = w === a ? changes : -1;
  }

  /** Forgets everything: what was written may not be there (a transaction rolled back). */
  clear(): void {
    this.#accounts.clear();
  }

  /**
   * The account's bets in bet order, when what was inserted is all the
   * database holds of it from `start` on and nothing else wrote since; else
   * null (the pass reads them). Forgets the account either way.
   */
  take(site: string, user_id: string, from_ms: number, start: number): RunBet[] | null {
    const a = this.#accounts.get(`${site}\u0000${user_id}`);
    this.#accounts.delete(`${site}\u0000${user_id}`);
    if (a === undefined || a.reread || a.version !== this.#version.get() || a.changes !== this.#changes.get()) return null;
    const { n, time, iid, rowid } = a;
    for (let i = 0; i < n; i++) if ((time[i] as number) < from_ms) return null;
    if (this.#count.get(user_id, start) !== n) return null;
    // As BET_ORDER sorts; the id (read only for a tie of time and share id number) as SQLite compares text.
    // Pages came newest first, so reversed they are nearly sorted.
    const order = Array.from({ length: n }, (_, i) => n - 1 - i).sort(
      (x, y) =>
        (time[x] as number) - (time[y] as number) ||
        (iid[x] as number) - (iid[y] as number) ||
        Buffer.compare(Buffer.from(this.#id.get(rowid[x]) as string), Buffer.from(this.#id.get(rowid[y]) as string)),
    );
    return order.map((i) => {
      const [game, currency] = a.sequences[a.seq[i] as number] as [string, string];
      return [a.rowid[i] as number, game, currency, a.m[i] as number, a.streak[i] as number, a.time[i] as number];
    });
  }
}

/** BET_ORDER in JavaScript: time, then the share id's number (none first), then the id. */
function compare(x: Pick<BetRow, 'time_ms' | 'iid_num' | 'id'>, y: Pick<BetRow, 'time_ms' | 'iid_num' | 'id'>): number {
  return x.time_ms - y.time_ms || (x.iid_num ?? -Infinity) - (y.iid_num ?? -Infinity) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
}
