/**
 * The database schema, as a list of versioned migrations (`PRAGMA
 * user_version` holds the version reached). A migration runs in one
 * transaction; an existing database is copied (`VACUUM INTO`) before the
 * first migration that changes it, so a failed or unwanted upgrade can be
 * undone by hand. A database from a newer stakeql is refused, not touched.
 * Migrations are append-only: never edit one that has shipped.
 */
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { shellQuote } from '../store/secure-fs.js';
import { JournalError } from './errors.js';

/** One step of the schema. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly up: (db: Database.Database) => void;
}

/**
 * Version 1: autobet sessions and their write-ahead bet journal.
 * - `sessions`: what was run (strategy, limits, profile, site) and how it ended.
 * - `journal`: one row per bet attempt, written (`status = 'intent'`) and
 *   committed before the request leaves, then settled: `placed` with the
 *   site's bet, `not_placed` when the engine found it never happened, or
 *   `refused` with the site's errorType. Amounts are integers of the
 *   currency's smallest unit (`sessions.decimals`), so sums never drift.
 */
const V1_AUTOBET: Migration = {
  version: 1,
  name: 'autobet sessions and journal',
  up: (db) => {
    db.exec(`
      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        driver TEXT NOT NULL CHECK (driver IN ('live', 'sandbox')),
        profile TEXT,
        base_url TEXT NOT NULL,
        account TEXT NOT NULL,
        currency TEXT NOT NULL,
        decimals INTEGER NOT NULL,
        strategy_kind TEXT NOT NULL,
        strategy_name TEXT NOT NULL,
        strategy_source TEXT NOT NULL,
        game TEXT,
        limits TEXT NOT NULL,
        start_balance_units INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running', 'stopped')),
        stop_reason TEXT,
        stop_message TEXT,
        stop_requested INTEGER NOT NULL DEFAULT 0,
        pid INTEGER
      ) STRICT;
      CREATE TABLE journal (
        session_id INTEGER NOT NULL REFERENCES sessions (id),
        seq INTEGER NOT NULL,
        identifier TEXT NOT NULL UNIQUE,
        game TEXT NOT NULL,
        variables TEXT NOT NULL,
        amount_units INTEGER NOT NULL,
        seed_hash TEXT,
        nonce_expected INTEGER,
        strategy_state TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('intent', 'placed', 'not_placed', 'refused')),
        resolved_by TEXT,
        settled_at INTEGER,
        bet_id TEXT,
        nonce INTEGER,
        payout_units INTEGER,
        result TEXT,
        counters TEXT,
        line TEXT,
        error TEXT,
        PRIMARY KEY (session_id, seq)
      ) STRICT;
      CREATE INDEX journal_bet_id ON journal (bet_id) WHERE bet_id IS NOT NULL;
      CREATE INDEX journal_pending ON journal (session_id) WHERE status = 'intent';
    `);
  },
};

/**
 * Version 2: the account's bet history (`stakeql history`, src/history).
 * - `bets`: one row per site bet, upserted by the site's bet `id`. Money is
 *   kept twice: `*_units` are exact integers of the currency's smallest unit
 *   (`decimals`, from the currency table at sync time), which every sum and
 *   statistic uses; `amount`/`payout` are the site's numbers as read, for
 *   display. `time_ms` is `updated_at` (the site's `updatedAt` text) parsed,
 *   for periods and order; `iid_num` is the number of `iid` (`house:N`), which
 *   orders bets of the same second. `identifier` is copied from the journal
 *   (by `bet_id`) for bets the CLI placed. `server_seed` stays null until the
 *   pair is rotated and a sync learns the seed. `site` is the base URL's
 *   origin and `user_id` the account, so the sandbox's and the site's bets
 *   never mix in one statistic unless asked.
 * - `sync_state`: per site and account, the watermark a sync stops at (the
 *   newest bet such that it and every older bet were final at the end of the
 *   last complete sync: an open mines round is read again until it ends).
 */
const V2_HISTORY: Migration = {
  version: 2,
  name: 'bet history',
  up: (db) => {
    db.exec(`
      CREATE TABLE bets (
        id TEXT PRIMARY KEY,
        iid TEXT NOT NULL,
        iid_num INTEGER,
        site TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT,
        game TEXT NOT NULL,
        currency TEXT NOT NULL,
        decimals INTEGER NOT NULL,
        amount_units INTEGER NOT NULL,
        payout_units INTEGER NOT NULL,
        amount REAL NOT NULL,
        payout REAL NOT NULL,
        payout_multiplier REAL NOT NULL,
        amount_multiplier REAL,
        active INTEGER NOT NULL DEFAULT 0,
        nonce INTEGER,
        client_seed TEXT,
        server_seed_hash TEXT,
        server_seed TEXT,
        state TEXT,
        updated_at TEXT NOT NULL,
        time_ms INTEGER NOT NULL,
        identifier TEXT,
        synced_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX bets_order ON bets (time_ms, iid_num);
      CREATE INDEX bets_game ON bets (game, currency, time_ms);
      CREATE INDEX bets_currency ON bets (currency, time_ms);
      CREATE INDEX bets_iid ON bets (iid);
      CREATE INDEX bets_identifier ON bets (identifier) WHERE identifier IS NOT NULL;
      CREATE INDEX bets_unrevealed ON bets (server_seed_hash) WHERE server_seed IS NULL;
      CREATE TABLE sync_state (
        site TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT,
        watermark_id TEXT,
        synced_at INTEGER NOT NULL,
        PRIMARY KEY (site, user_id)
      ) STRICT;
    `);
  },
};

/** Every migration, in order. History and later features append theirs here. */
export const MIGRATIONS: readonly Migration[] = [V1_AUTOBET, V2_HISTORY];

/** The schema version this stakeql writes. */
export const SCHEMA_VERSION: number = MIGRATIONS.length === 0 ? 0 : (MIGRATIONS[MIGRATIONS.length - 1] as Migration).version;

/** The file an existing database is copied to before migrating from `from`. */
function backupPath(file: string, from: number): string {
  const base = `${file}.v${from}.bak`;
  return fs.existsSync(base) ? `${base}.${Date.now()}` : base;
}

/**
 * Brings `db` (opened from `file`) to {@link SCHEMA_VERSION}.
 * @throws JournalError `newer_schema` when the file's version is above ours.
 */
export function migrate(db: Database.Database, file: string, migrations: readonly Migration[] = MIGRATIONS): void {
  const target = migrations.length === 0 ? 0 : (migrations[migrations.length - 1] as Migration).version;
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > target) {
    throw new JournalError(
      'newer_schema',
      `the database ${shellQuote(file)} has schema version ${current}, newer than this stakeql knows (${target}); upgrade stakeql (nothing was changed)`,
      file,
    );
  }
  if (current === target) return;
  if (current > 0) {
    const backup = backupPath(file, current);
    db.prepare('VACUUM INTO ?').run(backup);
    fs.chmodSync(backup, 0o600);
  }
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
