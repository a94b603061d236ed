import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { history_stats } from '../../src/history/index.js';
import { BetDatabase } from '../../src/history/bet-database.js';
import { MIGRATIONS, SCHEMA_VERSION, migrate, open_database, type SqliteDatabase } from '../../src/journal/index.js';
import { Database } from '../support/sqlite.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-history-mig-'));
  dirs.push(dir);
  return path.join(dir, 'data', 'stakeql.db');
}

/** A database at schema `version`, as an older stakeql left it (private directory and file, migrated that far only). */
function olderDatabase(file: string, version: number): SqliteDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'wx', 0o600));
  const db = new Database(file);
  migrate(db, file, MIGRATIONS.filter((m) => m.version <= version));
  return db;
}

describe('schema versions 2 and 3 (bet history and its hourly summary)', () => {
  it('adds bets and sync_state to a version-1 database, keeps its journal and backs it up first', () => {
    const file = tempFile();
    const first = olderDatabase(file, 1);
    first.prepare(`INSERT INTO sessions (started_at, driver, base_url, account, currency, decimals, strategy_kind, strategy_name,
      strategy_source, limits, start_balance_units, status) VALUES (1, 'sandbox', 'http://x', 'a', 'btc', 8, 's', 's', '{}', '{}', 0, 'stopped')`).run();
    first.close();

    const db = open_database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(3);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").all() as Array<{ name: string }>).map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['sessions', 'journal', 'bets', 'sync_state', 'bets_hourly']));
    expect(db.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 1 });
    db.close();
    expect(fs.existsSync(`${file}.v1.bak`)).toBe(true);
  });

  it('summarises the bets a version-2 database holds, and keeps the summary true through inserts, updates and deletes', () => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
    const raw = new Database(file);
    migrate(raw, file, MIGRATIONS.filter((m) => m.version <= 2));
    const insert = raw.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units,
      amount, payout, payout_multiplier, updated_at, time_ms, synced_at) VALUES (?, ?, ?, 's', 'u', ?, 'btc', 8, ?, ?, 0, 0, ?, '', ?, 0)`);
    // Dice: win, win, loss, win, win, win (runs 1 2 -1 1 2 3); limbo: loss, loss.
    const H = 3_600_000;
    const bets: Array<[string, number, number]> = [['dice', 2, 0], ['dice', 2, 1], ['dice', 0, 2], ['limbo', 0, 3], ['dice', 1.5, H], ['limbo', 0, H + 1], ['dice', 3, H + 2], ['dice', 1000, H + 3]];
    bets.forEach(([game, m, t], i) => insert.run(`b${i}`, `house:${i}`, i, game, 100, Math.round(100 * m), m, t));
    raw.close();

    const db = open_database(file);
    const hourly = () => db.prepare('SELECT game, hour, bets, wins, losses, wagered, payout, b0, b2, b3, b4, b8, win_run, loss_run FROM bets_hourly WHERE bets > 0 ORDER BY game, hour').all();
    expect(hourly()).toEqual([
      { game: 'dice', hour: 0, bets: 3, wins: 2, losses: 1, wagered: 300, payout: 400, b0: 1, b2: 0, b3: 2, b4: 0, b8: 0, win_run: 2, loss_run: 1 },
      { game: 'dice', hour: 1, bets: 3, wins: 3, losses: 0, wagered: 300, payout: 100450, b0: 0, b2: 1, b3: 0, b4: 1, b8: 1, win_run: 3, loss_run: 0 },
      { game: 'limbo', hour: 0, bets: 1, wins: 0, losses: 1, wagered: 100, payout: 0, b0: 1, b2: 0, b3: 0, b4: 0, b8: 0, win_run: 0, loss_run: 1 },
      { game: 'limbo', hour: 1, bets: 1, wins: 0, losses: 1, wagered: 100, payout: 0, b0: 1, b2: 0, b3: 0, b4: 0, b8: 0, win_run: 0, loss_run: 2 },
    ]);
    expect(db.prepare('SELECT streak FROM bets ORDER BY iid_num').pluck().all()).toEqual([1, 2, -1, -1, 1, -2, 2, 3]);
    // The triggers: a bet moved to another hour and re-priced, one deleted, one added.
    db.prepare('UPDATE bets SET time_ms = ?, payout_units = 0, payout_multiplier = 0 WHERE id = ?').run(H + 10, 'b1');
    db.prepare('DELETE FROM bets WHERE id = ?').run('b7');
    const sums = () => db.prepare(`SELECT game, time_ms / ${H} AS hour, count(*) AS bets, sum(payout_multiplier > 1) AS wins, sum(payout_multiplier < 1) AS losses,
      sum(amount_units) AS wagered, sum(payout_units) AS payout FROM bets GROUP BY 1, 2 ORDER BY 1, 2`).all();
    expect(db.prepare('SELECT game, hour, bets, wins, losses, wagered, payout FROM bets_hourly WHERE bets > 0 ORDER BY game, hour').all()).toEqual(sums());
    // A bet another writer inserts (not the history store) is summarised before the statistics read the summary.
    db.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units,
      amount, payout, payout_multiplier, updated_at, time_ms, synced_at) VALUES ('b9', 'house:9', 9, 's', 'u', 'limbo', 'btc', 8, 100, 500, 0, 0, 5, '', 7200000, 0)`).run();
    const limbo = history_stats(db, { game: 'limbo' }).groups;
    expect(limbo.map((g) => [g.bets, g.wins, g.wagered_units, g.payout_units])).toEqual([[3, 1, 300n, 500n]]);
    expect(db.prepare('SELECT game, hour, bets, wins, losses, wagered, payout FROM bets_hourly WHERE bets > 0 ORDER BY game, hour').all()).toEqual(sums());
    db.close();
  });
});

describe('schema version 7 (bets without the sequence index)', () => {
  it('drops bets_sequence from a version-6 database, keeps its bets and summary, backs it up, and sets runs without it', () => {
    const file = tempFile();
    const raw = olderDatabase(file, 6);
    const insert = raw.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units,
      amount, payout, payout_multiplier, updated_at, time_ms, synced_at) VALUES (?, ?, ?, 's', 'u', 'dice', 'btc', 8, 100, ?, 0, 0, ?, '', ?, 0)`);
    // Win, win, loss in hour 0; win, loss, loss in hour 5 (runs 1 2 -1 1 -1 -2).
    const H = 3_600_000;
    const bets: Array<[number, number]> = [[2, 0], [2, 1], [0, 2], [2, 5 * H], [0, 5 * H + 1], [0, 5 * H + 2]];
    bets.forEach(([m, t], i) => insert.run(`b${i}`, `house:${i}`, i, 100 * m, m, t));
    const indexes = (db: SqliteDatabase): unknown[] =>
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'bets' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
    expect(indexes(raw)).toContain('bets_sequence');
    raw.close();

    const db = open_database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(7);
    expect(fs.existsSync(`${file}.v6.bak`)).toBe(true);
    // bets_account is version 8's; version 9 dropped bets_unrevealed.
    expect(indexes(db)).toEqual(['bets_account', 'bets_identifier', 'bets_iid', 'bets_order', 'bets_unsummarised']);
    expect(db.prepare('SELECT count(*) FROM bets').pluck().get()).toBe(6);
    // The bets were written by hand (not summarised): summarised, then their runs set from hour 5 on, continuing hour 0's.
    db.prepare('UPDATE bets SET streak = 0').run();
    const store = new BetDatabase(db);
    store.update_streaks('s', 'u', 0);
    db.prepare('UPDATE bets SET streak = 7 WHERE time_ms >= ?').run(5 * H);
    store.update_streaks('s', 'u', 5 * H);
    expect(db.prepare('SELECT streak FROM bets ORDER BY iid_num').pluck().all()).toEqual([1, 2, -1, 1, -1, -2]);
    expect(db.prepare('SELECT hour, bets, win_run, loss_run FROM bets_hourly ORDER BY hour').all()).toEqual([
      { hour: 0, bets: 3, win_run: 2, loss_run: 1 },
      { hour: 5, bets: 3, win_run: 1, loss_run: 2 },
    ]);
    db.close();
  });
});

describe('schema version 8 (bets by account and time)', () => {
  it('indexes a version-7 database by account, and the runs pass of one account reads through it', () => {
    const file = tempFile();
    const raw = olderDatabase(file, 7);
    const insert = raw.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units,
      amount, payout, payout_multiplier, updated_at, time_ms, synced_at) VALUES (?, ?, ?, 's', ?, 'dice', 'btc', 8, 100, ?, 0, 0, ?, '', ?, 0)`);
    // Two accounts betting at the same times: u wins, loses, wins, wins; v loses every time.
    for (let i = 0; i < 4; i++) {
      insert.run(`u${i}`, `house:${2 * i}`, 2 * i, 'u', i === 1 ? 0 : 200, i === 1 ? 0 : 2, i * 1000);
      insert.run(`v${i}`, `house:${2 * i + 1}`, 2 * i + 1, 'v', 0, 0, i * 1000);
    }
    raw.close();

    const db = open_database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(8);
    expect(fs.existsSync(`${file}.v7.bak`)).toBe(true);
    const columns = db.prepare("SELECT name FROM pragma_index_info('bets_account') ORDER BY seqno").pluck().all();
    expect(columns).toEqual(['user_id', 'time_ms', 'iid_num']);
    // The pass's query (src/history/streaks.ts) seeks the account instead of reading every account's bets of the span.
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT rowid FROM bets WHERE time_ms >= ? AND site = ? AND user_id = ? ORDER BY time_ms, iid_num, id')
      .all(0, 's', 'u')
      .map((r) => (r as { detail: string }).detail);
    expect(plan.join('\n')).toContain('USING INDEX bets_account (user_id=? AND time_ms>?)');
    const store = new BetDatabase(db);
    store.update_streaks('s', 'u', 0);
    store.update_streaks('s', 'v', 0);
    const runs = db.prepare('SELECT id, streak FROM bets ORDER BY user_id, time_ms').raw().all();
    expect(runs).toEqual([['u0', 1], ['u1', -1], ['u2', 1], ['u3', 2], ['v0', -1], ['v1', -2], ['v2', -3], ['v3', -4]]);
    db.close();
  });
});

describe('schema version 9 (seed pairs in a table of their own)', () => {
  it('fills bet_seeds from a version-8 database, drops bets_unrevealed, and reveals a seed into its span of the account only', () => {
    const file = tempFile();
    const raw = olderDatabase(file, 8);
    const insert = raw.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units,
      amount, payout, payout_multiplier, updated_at, time_ms, synced_at, server_seed_hash, server_seed, summarised)
      VALUES (?, ?, ?, 's', ?, 'dice', 'btc', 8, 100, 0, 0, 0, 0, '', ?, 0, ?, ?, 1)`);
    const A = 'a'.repeat(64);
    const B = 'b'.repeat(64);
    // u: three bets under A (one already with its seed), then two under B; v: two under A (the same hash, another account).
    insert.run('u0', 'house:0', 0, 'u', 1000, A, null);
    insert.run('u1', 'house:1', 1, 'u', 2000, A, 'seed-a');
    insert.run('u2', 'house:2', 2, 'u', 3000, A, null);
    insert.run('u3', 'house:3', 3, 'u', 4000, B, null);
    insert.run('u4', 'house:4', 4, 'u', 5000, B, null);
    insert.run('v0', 'house:5', 5, 'v', 1500, A, null);
    insert.run('v1', 'house:6', 6, 'v', 2500, A, null);
    raw.close();

    const db = open_database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(fs.existsSync(`${file}.v8.bak`)).toBe(true);
    const seeds = db.prepare('SELECT server_seed_hash, user_id, first_ms, last_ms, iid, unrevealed FROM bet_seeds ORDER BY user_id, first_ms').raw();
    expect(seeds.all()).toEqual([
      [A, 'u', 1000, 3000, 'house:0', 1],
      [B, 'u', 4000, 5000, 'house:3', 1],
      [A, 'v', 1500, 2500, 'house:5', 1],
    ]);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'bets_unrevealed'").pluck().get()).toBe(0);
    const store = new BetDatabase(db);
    expect(store.unrevealed('s', 'u', 10).map((m) => m.hash).sort()).toEqual([A, B]);
    // A bet another writer adds (not summarised) under a new hash is listed too.
    db.prepare(`INSERT INTO bets (id, iid, iid_num, site, user_id, game, currency, decimals, amount_units, payout_units, amount, payout,
      payout_multiplier, updated_at, time_ms, synced_at, server_seed_hash) VALUES ('u5', 'house:7', 7, 's', 'u', 'dice', 'btc', 8, 1, 0, 0, 0, 0, '', 6000, 0, ?)`).run('c'.repeat(64));
    expect(store.unrevealed('s', 'u', 10).map((m) => m.hash).sort()).toEqual([A, B, 'c'.repeat(64)]);
    // A's seed fills u0, u2, v0 and v1 (u1 had it), nothing under B.
    expect(store.reveal(A, 'seed-a')).toBe(4);
    const seedOf = db.prepare('SELECT id, server_seed FROM bets ORDER BY id').raw();
    expect(seedOf.all()).toEqual([
      ['u0', 'seed-a'], ['u1', 'seed-a'], ['u2', 'seed-a'], ['u3', null], ['u4', null], ['u5', null], ['v0', 'seed-a'], ['v1', 'seed-a'],
    ]);
    expect(store.unrevealed('s', 'u', 10).map((m) => m.hash).sort()).toEqual([B, 'c'.repeat(64)]);
    expect(store.unrevealed('s', 'v', 10)).toEqual([]);
    // Revealing again changes nothing.
    expect(store.reveal(A, 'seed-a')).toBe(0);
    db.close();
  });
});
