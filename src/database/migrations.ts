/**
 * The database schema, as a list of versioned migrations (`PRAGMA
 * user_version` holds the version reached). A new database is made at the
 * {@link BASELINE} version in one step, then takes the migrations above it;
 * a file from an older checkout takes every step above its version. A
 * migration runs in one transaction; an existing database is copied
 * (`VACUUM INTO`) before the first migration that changes it, so a failed or
 * unwanted upgrade can be undone by hand. A database from a newer stakeql is
 * refused, not touched. Migrations are append-only from the first release:
 * never edit one that has shipped (docs/design.md, "The database schema").
 */
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { shellQuote } from '../store/secure-fs.js';
import { BASELINE } from './baseline.js';
import { JournalError } from './errors.js';
import { V6_JOURNAL_LOG } from './migration-v6.js';
import { V7_NO_SEQUENCE_INDEX } from './migration-v7.js';
import { V8_ACCOUNT_INDEX } from './migration-v8.js';
import { V9_SEED_TABLE } from './migration-v9.js';
import { V10_ONEOFF_BETS } from './migration-v10.js';
import { V11_ROUND_STEPS } from './migration-v11.js';
import { V12_SPORTS_JOURNAL } from './migration-v12.js';
import { V13_SESSION_COMMANDS } from './migration-v13.js';
import type { Migration } from './migration.js';

export type { Migration };
export { BASELINE };

/**
 * Version 1: autobet sessions and their write-ahead bet journal.
 * - `sessions`: what was run (strategy, limits, profile, site) and how it ended.
 * - `journal`: one row per bet attempt, written (`status = 'intent'`) and
 *   committed before the request leaves, then settled: `placed` with the
 *   site's bet, `not_placed` when the engine found it never happened, or
 *   `refused` with the site's errorType. (No index on the status: each would be
 *   one more page written by every bet's commit, and intents left open are
 *   looked for once, on resume.) Amounts are integers of the
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

/** The multiplier buckets of `bets_hourly` (`b0` … `b8`), as SQL conditions on a bet row `R`. */
const V3_BUCKETS: readonly string[] = [
  'R.payout_multiplier = 0',
  'R.payout_multiplier > 0 AND R.payout_multiplier < 1',
  'R.payout_multiplier >= 1 AND R.payout_multiplier < 2',
  'R.payout_multiplier >= 2 AND R.payout_multiplier < 3',
  'R.payout_multiplier >= 3 AND R.payout_multiplier < 5',
  'R.payout_multiplier >= 5 AND R.payout_multiplier < 10',
  'R.payout_multiplier >= 10 AND R.payout_multiplier < 100',
  'R.payout_multiplier >= 100 AND R.payout_multiplier < 1000',
  'R.payout_multiplier >= 1000',
];

/** `bets_hourly`'s counters for one bet row `R` (NEW or OLD), in column order. */
function v3Counters(row: 'NEW' | 'OLD'): string[] {
  return [
    '1',
    'R.payout_multiplier > 1',
    'R.payout_multiplier < 1',
    'R.amount_units',
    'R.payout_units',
    ...V3_BUCKETS.map((c) => `(${c})`),
  ].map((e) => e.replaceAll('R.', `${row}.`));
}

const V3_COUNTERS = ['bets', 'wins', 'losses', 'wagered', 'payout', 'b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8'];
const V3_KEY = ['site', 'user_id', 'game', 'currency', 'decimals'];

function v3Add(row: 'NEW' | 'OLD'): string {
  const values = [...V3_KEY.map((k) => `${row}.${k}`), `${row}.time_ms / 3600000`, ...v3Counters(row)];
  return `INSERT INTO bets_hourly (${[...V3_KEY, 'hour', ...V3_COUNTERS].join(', ')}) VALUES (${values.join(', ')})
    ON CONFLICT (${[...V3_KEY, 'hour'].join(', ')}) DO UPDATE SET ${V3_COUNTERS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')};`;
}

function v3Remove(row: 'NEW' | 'OLD'): string {
  const counters = v3Counters(row);
  return `UPDATE bets_hourly SET ${V3_COUNTERS.map((c, i) => `${c} = ${c} - (${counters[i] as string})`).join(', ')}
    WHERE ${V3_KEY.map((k) => `${k} = ${row}.${k}`).join(' AND ')} AND hour = ${row}.time_ms / 3600000;`;
}

/**
 * Version 3: statistics that stay fast with millions of bets.
 * - `bets_hourly`: per site, account, game, currency and UTC hour, the
 *   count, wins (multiplier above 1), losses (below 1), exact sums of units
 *   and the multiplier buckets, kept by triggers on `bets` (insert, delete,
 *   and an update of any counted field), so statistics read hours, not bets.
 *   `win_run` / `loss_run`: the longest run ending in that hour, set by the
 *   sync with `bets.streak`.
 * - `bets_game` and `bets_currency` (v2) are dropped: statistics read the
 *   summary, not the bets by game or currency, and each index costs every
 *   synced bet a write.
 * - `bets.streak`: the run a bet ends, within its account, game and currency,
 *   in bet order: +n for the n-th win in a row, -n for the n-th loss, 0 for a
 *   bet at exactly ×1 (it ends both).
 */
const V3_HISTORY_SUMMARY: Migration = {
  version: 3,
  name: 'history summary',
  up: (db) => {
    db.exec(`
      ALTER TABLE bets ADD COLUMN streak INTEGER NOT NULL DEFAULT 0;
      DROP INDEX bets_game;
      DROP INDEX bets_currency;
      CREATE INDEX bets_sequence ON bets (site, user_id, game, currency, time_ms, iid_num);
      CREATE TABLE bets_hourly (
        site TEXT NOT NULL,
        user_id TEXT NOT NULL,
        game TEXT NOT NULL,
        currency TEXT NOT NULL,
        decimals INTEGER NOT NULL,
        hour INTEGER NOT NULL,
        ${V3_COUNTERS.map((c) => `${c} INTEGER NOT NULL DEFAULT 0`).join(',\n        ')},
        win_run INTEGER NOT NULL DEFAULT 0,
        loss_run INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (site, user_id, game, currency, decimals, hour)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX bets_hourly_hour ON bets_hourly (hour);
      CREATE TRIGGER bets_hourly_insert AFTER INSERT ON bets BEGIN
        ${v3Add('NEW')}
      END;
      CREATE TRIGGER bets_hourly_delete AFTER DELETE ON bets BEGIN
        ${v3Remove('OLD')}
      END;
      CREATE TRIGGER bets_hourly_update
      AFTER UPDATE OF site, user_id, game, currency, decimals, time_ms, amount_units, payout_units, payout_multiplier ON bets BEGIN
        ${v3Remove('OLD')}
        ${v3Add('NEW')}
      END;
      INSERT INTO bets_hourly (${[...V3_KEY, 'hour', ...V3_COUNTERS].join(', ')})
      SELECT ${[...V3_KEY, 'time_ms / 3600000', ...v3Counters('NEW').map((e) => `sum(${e.replaceAll('NEW.', '')})`)].join(', ')}
      FROM bets GROUP BY ${V3_KEY.join(', ')}, time_ms / 3600000;
    `);
    // Bets a version-2 sync stored: their runs, in bet order per account, game and currency.
    const setStreak = db.prepare('UPDATE bets SET streak = ? WHERE id = ?');
    let sequence = '';
    let streak = 0;
    const rows = db
      .prepare('SELECT id, site, user_id, game, currency, payout_multiplier AS m FROM bets ORDER BY site, user_id, game, currency, time_ms, iid_num, id')
      .all() as Array<{ id: string; site: string; user_id: string; game: string; currency: string; m: number }>;
    for (const row of rows) {
      const key = `${row.site}\n${row.user_id}\n${row.game}\n${row.currency}`;
      if (key !== sequence) {
        sequence = key;
        streak = 0;
      }
      streak = row.m > 1 ? Math.max(streak, 0) + 1 : row.m < 1 ? Math.min(streak, 0) - 1 : 0;
      setStreak.run(streak, row.id);
    }
    db.exec(`UPDATE bets_hourly SET
      win_run = (SELECT max(max(streak), 0) FROM bets AS b WHERE b.site = bets_hourly.site AND b.user_id = bets_hourly.user_id
        AND b.game = bets_hourly.game AND b.currency = bets_hourly.currency
        AND b.time_ms >= bets_hourly.hour * 3600000 AND b.time_ms < (bets_hourly.hour + 1) * 3600000),
      loss_run = (SELECT max(-min(streak), 0) FROM bets AS b WHERE b.site = bets_hourly.site AND b.user_id = bets_hourly.user_id
        AND b.game = bets_hourly.game AND b.currency = bets_hourly.currency
        AND b.time_ms >= bets_hourly.hour * 3600000 AND b.time_ms < (bets_hourly.hour + 1) * 3600000)`);
  },
};

/**
 * Version 4: new bets are added to `bets_hourly` by the history store, one
 * statement per page and hour (src/history/bet-database.ts), not by a trigger per
 * bet, which cost half of each synced bet's write. The update and delete
 * triggers stay: a bet changed or removed later is still accounted for.
 */
const V4_SUMMARY_BY_PAGE: Migration = {
  version: 4,
  name: 'history summary kept per page',
  up: (db) => {
    db.exec('DROP TRIGGER bets_hourly_insert');
  },
};

/**
 * Version 5: bets written by anyone but the history store (tests, tools) are
 * summarised too, without a trigger per insert (even one that does nothing
 * costs a synced bet as much as the rest of its write). `summarised = 0` marks
 * a bet not in `bets_hourly` yet; the history functions add such bets before
 * reading the summary (`BetDatabase.summarise_pending`), and the update and
 * delete triggers move only bets that are in it.
 */
const V5_SUMMARY_FOR_OTHER_WRITERS: Migration = {
  version: 5,
  name: 'history summary kept for every writer',
  up: (db) => {
    db.exec(`
      ALTER TABLE bets ADD COLUMN summarised INTEGER NOT NULL DEFAULT 0;
      UPDATE bets SET summarised = 1;
      CREATE INDEX bets_unsummarised ON bets (id) WHERE summarised = 0;
      DROP TRIGGER bets_hourly_update;
      DROP TRIGGER bets_hourly_delete;
      CREATE TRIGGER bets_hourly_delete AFTER DELETE ON bets WHEN OLD.summarised = 1 BEGIN
        ${v3Remove('OLD')}
      END;
      CREATE TRIGGER bets_hourly_update
      AFTER UPDATE OF site, user_id, game, currency, decimals, time_ms, amount_units, payout_units, payout_multiplier ON bets
      WHEN OLD.summarised = 1 BEGIN
        ${v3Remove('OLD')}
        ${v3Add('NEW')}
      END;
    `);
  },
};

/** Every migration, in order. History and later features append theirs here. */
export const MIGRATIONS: readonly Migration[] = [
  V1_AUTOBET, V2_HISTORY, V3_HISTORY_SUMMARY, V4_SUMMARY_BY_PAGE, V5_SUMMARY_FOR_OTHER_WRITERS, V6_JOURNAL_LOG, V7_NO_SEQUENCE_INDEX,
  V8_ACCOUNT_INDEX, V9_SEED_TABLE, V10_ONEOFF_BETS,
  V11_ROUND_STEPS, V12_SPORTS_JOURNAL, V13_SESSION_COMMANDS,
];

/** The schema version this stakeql writes. */
export const SCHEMA_VERSION: number = MIGRATIONS.length === 0 ? 0 : (MIGRATIONS[MIGRATIONS.length - 1] as Migration).version;

/** The file an existing database is copied to before migrating from `from`. */
function backupPath(file: string, from: number): string {
  const base = `${file}.v${from}.bak`;
  return fs.existsSync(base) ? `${base}.${Date.now()}` : base;
}

/** Runs one step and records the version it reaches, in one transaction. */
function run_step(db: Database.Database, migration: Migration): void {
  db.transaction(() => {
    migration.up(db);
    db.pragma(`user_version = ${migration.version}`);
  })();
}

/**
 * Brings `db` (opened from `file`) to the last version of `migrations`
 * ({@link SCHEMA_VERSION} by default). A new database (version 0) whose
 * target is at or above `baseline`'s version is made by `baseline` in one
 * step; a shorter list (a test building an older file) is run step by step.
 * @throws JournalError `newer_schema` when the file's version is above ours.
 */
export function migrate(db: Database.Database, file: string, migrations: readonly Migration[] = MIGRATIONS, baseline: Migration = BASELINE): void {
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
  let reached = current;
  if (current === 0 && target >= baseline.version) {
    run_step(db, baseline);
    reached = baseline.version;
  }
  for (const migration of migrations) {
    if (migration.version > reached) run_step(db, migration);
  }
}
