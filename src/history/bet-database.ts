/**
 * The `bets` and `sync_state` tables (schema v2): the statements the history
 * functions share, prepared once per connection, and the stored row read back
 * as a {@link StoredBet}. Amount columns are read as text so 64-bit sums and
 * values reach JavaScript exactly (as bigint).
 */
import type { SqliteDatabase } from '../database/database.js';
import { journal_identifiers } from '../journal/journal-lookup.js';
import type { BetRow, StoredBet } from './record.js';
import { MULTIPLIER_BUCKETS, bucket_of } from './buckets.js';
import { ADD_PENDING_SEEDS, SeedSpans } from './seeds.js';
import { WrittenRuns, page_streaks, settle_streaks } from './streaks.js';

/** The columns every read of a whole bet selects (integers of money as text, for bigint). */
export const BET_COLUMNS = `id, iid, site, user_id, user_name, game, currency, decimals,
  CAST(amount_units AS TEXT) AS amount_units, CAST(payout_units AS TEXT) AS payout_units,
  payout_multiplier, amount_multiplier, active, nonce, client_seed, server_seed_hash, server_seed,
  state, updated_at, time_ms, identifier`;

export { BET_ORDER } from './streaks.js';

/** The columns a sync writes, in the order the insert binds them. */
const UPSERT_COLUMNS = [
  'id', 'iid', 'iid_num', 'site', 'user_id', 'user_name', 'game', 'currency', 'decimals', 'amount_units', 'payout_units',
  'amount', 'payout', 'payout_multiplier', 'amount_multiplier', 'active', 'nonce', 'client_seed', 'server_seed_hash',
  'server_seed', 'state', 'updated_at', 'time_ms', 'synced_at',
] as const satisfies ReadonlyArray<keyof BetRow>;

/** A `bets_hourly` row's key and counters, in column order. */
const HOURLY_KEY = ['site', 'user_id', 'game', 'currency', 'decimals', 'hour'] as const;
const HOURLY_COUNTERS = ['bets', 'wins', 'losses', 'wagered', 'payout', ...MULTIPLIER_BUCKETS.map((_, i) => `b${i}`)];
/** Each counter as an aggregate over bets, for bets summarised in bulk. */
const HOURLY_SUMS = [
  'count(*)', 'sum(payout_multiplier > 1)', 'sum(payout_multiplier < 1)', 'sum(amount_units)', 'sum(payout_units)',
  ...MULTIPLIER_BUCKETS.map(({ from, to }) =>
    to === from
      ? `sum(payout_multiplier = ${from})`
      : `sum(${from === 0 ? 'payout_multiplier > 0' : `payout_multiplier >= ${from}`}${to === null ? '' : ` AND payout_multiplier < ${to}`})`,
  ),
];

/** Adds one new bet to the page's hourly counts. */
function count(hours: Map<string, { key: unknown[]; counts: Array<number | bigint> }>, row: BetRow): void {
  const key = [row.site, row.user_id, row.game, row.currency, row.decimals, Math.floor(row.time_ms / 3_600_000)];
  const id = key.join('\u0000');
  let entry = hours.get(id);
  if (entry === undefined) {
    entry = { key, counts: [0, 0, 0, 0n, 0n, ...MULTIPLIER_BUCKETS.map(() => 0)] };
    hours.set(id, entry);
  }
  const c = entry.counts as [number, number, number, bigint, bigint, ...number[]];
  const m = row.payout_multiplier;
  c[0]++;
  if (m > 1) c[1]++;
  if (m < 1) c[2]++;
  c[3] += row.amount_units;
  c[4] += row.payout_units;
  (c[5 + bucket_of(m)] as number)++;
}

interface RawBet {
  id: string;
  iid: string;
  site: string;
  user_id: string;
  user_name: string | null;
  game: string;
  currency: string;
  decimals: number;
  amount_units: string;
  payout_units: string;
  payout_multiplier: number;
  amount_multiplier: number | null;
  active: number;
  nonce: number | null;
  client_seed: string | null;
  server_seed_hash: string | null;
  server_seed: string | null;
  state: string | null;
  updated_at: string;
  time_ms: number;
  identifier: string | null;
}

function parseState(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    // A row edited by hand: verify reports the bet, the rest of the history still reads.
    return null;
  }
}

/** A row selected with {@link BET_COLUMNS} as a {@link StoredBet}. */
export function stored_bet(raw: unknown): StoredBet {
  const r = raw as RawBet;
  return {
    id: r.id,
    iid: r.iid,
    site: r.site,
    user_id: r.user_id,
    user_name: r.user_name,
    game: r.game,
    currency: r.currency,
    decimals: r.decimals,
    amount_units: BigInt(r.amount_units),
    payout_units: BigInt(r.payout_units),
    payout_multiplier: r.payout_multiplier,
    amount_multiplier: r.amount_multiplier,
    active: r.active !== 0,
    nonce: r.nonce,
    client_seed: r.client_seed,
    server_seed_hash: r.server_seed_hash,
    server_seed: r.server_seed,
    state: parseState(r.state),
    updated_at: r.updated_at,
    time_ms: r.time_ms,
    identifier: r.identifier,
  };
}

/** The sync's statements on one connection. */
export class BetDatabase {
  readonly db: SqliteDatabase;
  readonly #insert;
  readonly #update;
  readonly #changed: ReadonlyArray<(typeof UPSERT_COLUMNS)[number]>;
  readonly #identifiers;
  readonly #addHourly;
  readonly #pending;
  readonly #watermark;
  readonly #setWatermark;
  readonly #seeds;
  readonly #written;

  constructor(db: SqliteDatabase) {
    this.db = db;
    // A bet read again (an open mines round that ended, a seed revealed since) takes the site's
    // latest fields; the identifier is the journal's, kept once known.
    // New bets are inserted, bets read again updated: an upsert (INSERT … ON CONFLICT DO UPDATE) costs every new
    // row twice as much while the table has an update trigger (measured). DO NOTHING costs nothing more than the
    // key's probe, which the insert makes anyway; a row it leaves (no change) is a known bet, then updated.
    // summarised = 1: this store adds the page's new bets to the summary itself (schema v5's trigger skips them).
    this.#insert = db.prepare(`INSERT INTO bets (${UPSERT_COLUMNS.join(', ')}, identifier, streak, summarised)
      VALUES (${UPSERT_COLUMNS.map(() => '?').join(', ')}, ?, ?, 1) ON CONFLICT (id) DO NOTHING`);
    // What a later lookup fills in is kept when the site's list carries nothing there: a seed revealed since, and a
    // Crash or Slide bet's round (src/history/rounds.ts: hash, salt, number).
    const kept = ['server_seed', 'nonce', 'client_seed'];
    const changed = UPSERT_COLUMNS.filter((c) => c !== 'id' && c !== 'site' && c !== 'user_id' && !kept.includes(c));
    this.#update = db.prepare(`UPDATE bets SET ${changed.map((c) => `${c} = ?`).join(', ')},
      ${kept.map((c) => `${c} = COALESCE(?, ${c})`).join(', ')}, identifier = COALESCE(identifier, ?) WHERE id = ?`);
    this.#changed = changed;
    // The journal's identifiers of one page's bets, in one query (journaled bets are few).
    this.#identifiers = journal_identifiers(db);
    this.#pending = db.prepare('SELECT 1 FROM bets WHERE summarised = 0 LIMIT 1').pluck();
    this.#addHourly = db.prepare(`
      INSERT INTO bets_hourly (${[...HOURLY_KEY, ...HOURLY_COUNTERS].join(', ')}) VALUES (${[...HOURLY_KEY, ...HOURLY_COUNTERS].map(() => '?').join(', ')})
      ON CONFLICT (${HOURLY_KEY.join(', ')}) DO UPDATE SET ${HOURLY_COUNTERS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`);
    this.#watermark = db.prepare('SELECT watermark_id FROM sync_state WHERE site = ? AND user_id = ?').pluck();
    this.#setWatermark = db.prepare(`
      INSERT INTO sync_state (site, user_id, user_name, watermark_id, synced_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (site, user_id) DO UPDATE SET user_name = excluded.user_name, watermark_id = excluded.watermark_id,
        synced_at = excluded.synced_at`);
    this.#seeds = new SeedSpans(db);
    this.#written = new WrittenRuns(db);
  }

  /**
   * Sets `streak` (see schema v3) on the account's bets from `from_ms` on, per
   * game and currency, continuing the run of the bet before; then the hourly
   * longest runs of the hours touched. One transaction.
   */
  update_streaks(site: string, user_id: string, from_ms: number): void {
    // Immediate: what the pass checks before using what this store wrote (no other commit since) holds until it is done.
    this.db.transaction(() => {
      // The bet before a sequence's first one is found through the summary: it must hold every bet.
      this.summarise_pending();
      settle_streaks(this.db, site, user_id, from_ms, this.#written);
    }).immediate();
  }

  /** Forgets the bets written since their runs were settled (a transaction holding some was rolled back): the next settle reads them. */
  forget_written(): void {
    this.#written.clear();
  }

  /**
   * Writes `rows` in one transaction (a page of the site's list), and adds the
   * new ones to the hourly summary, one statement per hour and game (schema
   * v4/v5: bets read again are moved in it by the update trigger). New bets
   * get the run the page tells (see {@link page_streaks}); `update_streaks` settles them.
   * @returns how many of `rows` were new (inserted rather than updated).
   */
  upsert(rows: readonly BetRow[]): number {
    if (rows.length === 0) return 0;
    const streaks = page_streaks(rows);
    // The rowid of each row inserted, 0 for one updated.
    const rowids = new Float64Array(rows.length);
    const added = this.db.transaction(() => {
      let inserted = 0;
      const journaled = this.#identifiers(rows);
      const hours = new Map<string, { key: unknown[]; counts: Array<number | bigint> }>();
      const values: unknown[] = new Array(UPSERT_COLUMNS.length + 2);
      for (let r = 0; r < rows.length; r++) {
        const row = rows[r] as BetRow;
        const identifier = journaled.get(row.id) ?? null;
        // Positional values: binding an array is cheaper than naming each field of an object.
        for (let c = 0; c < UPSERT_COLUMNS.length; c++) values[c] = row[UPSERT_COLUMNS[c] as (typeof UPSERT_COLUMNS)[number]];
        values[UPSERT_COLUMNS.length] = identifier;
        values[UPSERT_COLUMNS.length + 1] = streaks[r];
        const result = this.#insert.run(values);
        if (result.changes === 1) {
          inserted++;
          rowids[r] = Number(result.lastInsertRowid);
          count(hours, row);
        } else this.#update.run([...this.#changed.map((c) => row[c]), row.server_seed, row.nonce, row.client_seed, identifier, row.id]);
      }
      for (const { key, counts } of hours.values()) this.#addHourly.run([...key, ...counts]);
      this.#seeds.add(rows);
      return inserted;
    })();
    this.#written.add(rows, streaks, rowids);
    return added;
  }

  /**
   * Adds the bets another writer inserted (`summarised = 0`, schema v5) to the
   * hourly summary; nothing to do (one index probe) when there are none.
   */
  summarise_pending(): void {
    if (this.#pending.get() === undefined) return;
    const counters = HOURLY_COUNTERS.map((c, i) => `${HOURLY_SUMS[i] as string} AS ${c}`);
    this.db.transaction(() => {
      this.db.exec(`
        INSERT INTO bets_hourly (${[...HOURLY_KEY, ...HOURLY_COUNTERS].join(', ')})
        SELECT site, user_id, game, currency, decimals, time_ms / 3600000 AS hour, ${counters.join(', ')}
        FROM bets WHERE summarised = 0 GROUP BY site, user_id, game, currency, decimals, hour
        ON CONFLICT (${HOURLY_KEY.join(', ')}) DO UPDATE SET ${HOURLY_COUNTERS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')};
        ${ADD_PENDING_SEEDS}
        UPDATE bets SET summarised = 1 WHERE summarised = 0;`);
    })();
  }

  /** Where the last complete sync of this account stopped reading, or null. */
  watermark(site: string, user_id: string): string | null {
    return (this.#watermark.get(site, user_id) as string | undefined) ?? null;
  }

  /** Records a complete sync of this account. */
  set_watermark(site: string, user_id: string, user_name: string | null, watermark_id: string | null, now_ms: number): void {
    this.#setWatermark.run(site, user_id, user_name, watermark_id, now_ms);
  }

  /** Fills in `seed` on every stored bet placed under `seed_hash` that lacks it; the number of bets changed. */
  reveal(seed_hash: string, seed: string): number {
    return this.db.transaction(() => {
      // Bets another writer inserted are in bet_seeds once summarised.
      this.summarise_pending();
      return this.#seeds.reveal(seed_hash, seed);
    })();
  }

  /** Seed hashes of this account's bets still without their seed, each with one bet's iid (at most `limit`). */
  unrevealed(site: string, user_id: string, limit: number): Array<{ hash: string; iid: string }> {
    this.summarise_pending();
    return this.#seeds.unrevealed(site, user_id, limit);
  }
}
