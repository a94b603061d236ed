/**
 * `bets.streak` (schema v3): the run a bet ends within its account, game and
 * currency, in bet order: +n for the n-th win in a row, -n for the n-th loss,
 * 0 for a bet at exactly ×1. A sync writes each new bet with the run its
 * page tells ({@link page_streaks}), then {@link settle_streaks} reads the
 * account's bets from the oldest one written on, in one pass over the time
 * index, and rewrites only the runs that differ: the page's oldest run of a
 * sequence, which may go on in the next (older) page, and any bet the site
 * listed out of bet order. Rewriting every bet instead cost a first sync as
 * much as a third of its inserts (the row's pages written twice).
 *
 * The pass reads the account's bets back unless the store still holds what
 * it wrote of them ({@link WrittenRuns}) and nothing else can be there: no
 * other connection committed since, and the account has no other bet from
 * the first one's hour on. Reading 10,000 bets back took 10 ms here, a third
 * of the time the sandbox took to hand them out.
 */
import type { SqliteDatabase } from '../journal/database.js';
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
  const set = db.prepare(`UPDATE bets SET streak = ? WHERE ${known === null ? 'rowid' : 'id'} = ?`);
  const before = previous_run(db, site, user_id, start);
  // Per game, then currency: the sequence's run so far and its current hour. Bets come in time order, so a
  // sequence's hour only moves forward (no key string a bet).
  const sequences = new Map<string, Map<string, { run: number | null; hour: HourRuns | null }>>();
  const hours: HourRuns[] = [];
  for (const [key, game, currency, m, stored, time] of bets) {
    let byCurrency = sequences.get(game);
    if (byCurrency === undefined) sequences.set(game, (byCurrency = new Map()));
    let sequence = byCurrency.get(currency);
    if (sequence === undefined) byCurrency.set(currency, (sequence = { run: null, hour: null }));
    let streak = stored;
    if (time >= from_ms) {
      streak = next_run(sequence.run ?? before(game, currency), m);
      if (streak !== stored) set.run(streak, key);
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

/** A bet as the runs pass reads it: its key (rowid, or id when the store kept it), game, currency, multiplier, stored run (NaN: not known), time. */
type RunBet = [number | string, string, string, number, number, number];

/** What a store wrote of one account's bets since their runs were last settled. */
interface Written {
  /** `PRAGMA data_version` when the first was written: another connection's commit since changes it. */
  readonly version: number;
  /** `total_changes()` after the last was written: any other change through this connection since changes it. */
  changes: number;
  /** By bet id (the last write of a bet read twice counts), oldest first once sorted. */
  readonly bets: Map<string, { row: Pick<BetRow, 'id' | 'game' | 'currency' | 'payout_multiplier' | 'time_ms' | 'iid_num'>; streak: number }>;
}

/**
 * The bets a store wrote, per account, until their runs are settled: the
 * pass then sorts them instead of reading them back, when they are all there
 * is (see {@link WrittenRuns.take}). About 100 bytes a bet until the sync ends,
 * less than reading them back holds.
 */
export class WrittenRuns {
  readonly #accounts = new Map<string, Written>();
  readonly #version;
  readonly #changes;
  readonly #count;

  constructor(db: SqliteDatabase) {
    this.#version = db.prepare('PRAGMA data_version').pluck();
    this.#changes = db.prepare('SELECT total_changes()').pluck();
    // Through bets_account alone (schema v8): every site's bets of that user id count, which only makes a mismatch.
    this.#count = db.prepare('SELECT count(*) FROM bets WHERE user_id = ? AND time_ms >= ?').pluck();
  }

  /** Records rows a committed upsert wrote: `streaks[i]` for an inserted row, NaN for one updated (its run was left as it was). */
  add(rows: readonly BetRow[], streaks: ArrayLike<number>, inserted: ArrayLike<number>): void {
    let key = '';
    let account: Written | undefined;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as BetRow;
      const k = `${row.site}\u0000${row.user_id}`;
      if (k !== key || account === undefined) {
        key = k;
        account = this.#accounts.get(k);
        if (account === undefined) this.#accounts.set(k, (account = { version: this.#version.get() as number, changes: 0, bets: new Map() }));
      }
      account.bets.set(row.id, { row, streak: inserted[i] === 1 ? (streaks[i] as number) : Number.NaN });
    }
    const changes = this.#changes.get() as number;
    for (const a of this.#accounts.values()) a.changes = a === account ? changes : -1;
  }

  /** Forgets everything: what was written may not be there (a transaction rolled back). */
  clear(): void {
    this.#accounts.clear();
  }

  /**
   * The account's bets in bet order, when what was written is all the
   * database holds of it from `start` on and nothing else wrote since; else
   * null (the pass reads them). Forgets the account either way.
   */
  take(site: string, user_id: string, from_ms: number, start: number): RunBet[] | null {
    const account = this.#accounts.get(`${site}\u0000${user_id}`);
    this.#accounts.delete(`${site}\u0000${user_id}`);
    if (account === undefined || account.version !== this.#version.get() || account.changes !== this.#changes.get()) return null;
    const bets = [...account.bets.values()];
    if (bets.some((b) => b.row.time_ms < from_ms) || this.#count.get(user_id, start) !== bets.length) return null;
    // As BET_ORDER sorts (NULL first), as page_streaks does; pages came newest first, so reversed they are nearly sorted.
    bets.reverse().sort((a, b) => compare(a.row, b.row));
    return bets.map(({ row, streak }) => [row.id, row.game, row.currency, row.payout_multiplier, streak, row.time_ms]);
  }
}

/** BET_ORDER in JavaScript: time, then the share id's number (none first), then the id. */
function compare(x: Pick<BetRow, 'time_ms' | 'iid_num' | 'id'>, y: Pick<BetRow, 'time_ms' | 'iid_num' | 'id'>): number {
  return x.time_ms - y.time_ms || (x.iid_num ?? -Infinity) - (y.iid_num ?? -Infinity) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
}
