import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../support/sqlite.js';
import { MIGRATIONS, SessionsTable, journal_identifiers, journal_row_by, journal_row_of, migrate, open_database } from '../../src/journal/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-journal-log-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'data'), { mode: 0o700 });
  const file = path.join(dir, 'data', 'stakeql.db');
  fs.closeSync(fs.openSync(file, 'wx', 0o600));
  return file;
}

const HASH = 'a'.repeat(64);
const NEW_SESSION = {
  started_at: 1, driver: 'sandbox', profile: null, base_url: 'http://127.0.0.1:1', account: 'u', currency: 'btc', decimals: 8,
  strategy_kind: 'settings', strategy_name: 's', strategy_source: '{}', game: 'dice', limits: '{}', start_balance_units: 100, pid: null,
} as const;

/** Version 1's journal rows, one of each status, as an older stakeql wrote them (columns in v1's order). */
const V1_ROWS = [
  [1, 1, 'ident-placed-1', 'dice', '{"amount":1e-8}', 1, HASH, 0, '{"s":1}', 1000, 'placed', 'answer', 1001, 'bet-1', 0, 2,
    JSON.stringify({ id: 'bet-1', nonce: 0, serverSeed: { seedHash: HASH } }), '{"counters":{"bets":1,"profit":1}}', '{"seq":1}', null],
  [1, 2, 'ident-not-placed', 'dice', '{"amount":1e-8}', 1, HASH, 1, '{"s":2}', 1002, 'not_placed', 'nonce', 1003, null, null, null,
    null, null, null, 'timeout'],
  [1, 3, 'ident-refused', 'dice', '{"amount":1e-8}', 1, HASH, 1, '{"s":3}', 1004, 'refused', 'insufficientBalance', 1005, null, null,
    null, null, null, null, 'no money'],
  [1, 4, 'ident-placed-2', 'dice', '{"amount":2e-8}', 2, HASH, 1, '{"s":4}', 1006, 'placed', 'history', 1007, 'bet-2', 1, 0,
    JSON.stringify({ id: 'bet-2', nonce: 1, serverSeed: { seedHash: HASH } }), '{"counters":{"bets":2,"profit":-1}}', '{"seq":4}', null],
  [1, 5, 'ident-intent', 'dice', '{"amount":4e-8}', 4, HASH, 2, '{"s":5}', 1008, 'intent', null, null, null, null, null, null, null,
    null, null],
] as const;

describe('schema version 6: the journal as append-only intents and outcomes', () => {
  it('moves a version-5 journal into the log: the journal view shows every row as it was, outcomes keep their seed and nonce', () => {
    const file = tempFile();
    const old = new Database(file);
    migrate(old, file, MIGRATIONS.filter((m) => m.version <= 5));
    old.prepare(`INSERT INTO sessions (started_at, driver, base_url, account, currency, decimals, strategy_kind, strategy_name,
      strategy_source, limits, start_balance_units, status) VALUES (1, 'sandbox', 'http://x', 'a', 'btc', 8, 's', 's', '{}', '{}', 0, 'stopped')`).run();
    const insert = old.prepare(`INSERT INTO journal VALUES (${V1_ROWS[0].map(() => '?').join(', ')})`);
    for (const row of V1_ROWS) insert.run(...row);
    const before = old.prepare('SELECT * FROM journal ORDER BY session_id, seq').all();
    old.close();

    const db = open_database(file);
    try {
      expect(fs.existsSync(`${file}.v5.bak`)).toBe(true);
      expect(db.prepare("SELECT type FROM sqlite_master WHERE name = 'journal'").pluck().get()).toBe('view');
      expect(db.prepare('SELECT * FROM journal ORDER BY session_id, seq').all()).toEqual(before);
      // Five intents, four outcomes, keyed session << 32 | seq; the outcomes carry the bet's seed hash (from the result) and nonce.
      expect(db.prepare('SELECT id FROM journal_intents ORDER BY id').pluck().all()).toEqual([1, 2, 3, 4, 5].map((seq) => 2 ** 32 + seq));
      expect(db.prepare('SELECT count(*) FROM journal_outcomes').pluck().get()).toBe(4);
      expect(db.prepare("SELECT id, seed_hash, nonce FROM journal_outcomes WHERE status = 'placed' ORDER BY id").all()).toEqual([
        { id: 2 ** 32 + 1, seed_hash: HASH, nonce: 0 },
        { id: 2 ** 32 + 4, seed_hash: HASH, nonce: 1 },
      ]);
      const table = new SessionsTable(db);
      expect(table.pending(1).map((r) => r.identifier)).toEqual(['ident-intent']);
      expect(table.last_placed(1)?.identifier).toBe('ident-placed-2');
      expect(table.max_seq(1)).toBe(5);
      expect(table.list()[0]).toMatchObject({ id: 1, bets: 2, profit_units: -1 });
    } finally {
      db.close();
    }
  });

  it('settles a bet once: a second outcome for the same bet is refused, closing a settled intent changes nothing', () => {
    const db = open_database(tempFile());
    try {
      const table = new SessionsTable(db);
      const id = table.create(NEW_SESSION);
      const intent = { seq: 1, identifier: 'once-1', game: 'dice', variables: '{}', amount_units: 1, seed_hash: HASH, nonce_expected: 7, strategy_state: '{}' };
      const settlement = { bet_id: 'b-1', seed_hash: HASH, nonce: 7, payout_units: 0, result: '{}', counters: '{}', line: '{}', resolved_by: 'answer' };
      table.intend(id, intent, 10);
      expect(table.pending(id).map((r) => r.seq)).toEqual([1]);
      table.settle(id, 1, settlement, 11);
      expect(() => table.settle(id, 1, { ...settlement, bet_id: 'b-other' }, 12)).toThrow(/UNIQUE|PRIMARY KEY/);
      table.close_intent(id, 1, 'not_placed', 'nonce', null, 13);
      expect(db.prepare('SELECT status, bet_id FROM journal WHERE session_id = ? AND seq = 1').get(id)).toEqual({ status: 'placed', bet_id: 'b-1' });
      expect(table.pending(id)).toEqual([]);
      // Closing an intent that was never written writes nothing either.
      table.close_intent(id, 2, 'refused', 'x', 'y', 14);
      expect(db.prepare('SELECT (SELECT count(*) FROM journal_intents) + (SELECT count(*) FROM journal_outcomes)').pluck().get()).toBe(2);
    } finally {
      db.close();
    }
  });

  it('finds a journaled bet by the seed pair and nonce the site reports, by identifier and by bet id; not a bet with another nonce', () => {
    const db = open_database(tempFile());
    try {
      const table = new SessionsTable(db);
      const id = table.create(NEW_SESSION);
      for (let seq = 1; seq <= 50; seq++) {
        table.adopt(
          id,
          { seq, identifier: `find-${seq}`, game: 'dice', variables: '{}', amount_units: 1, seed_hash: HASH, nonce_expected: seq, strategy_state: '{}' },
          { bet_id: `bet-${seq}`, seed_hash: HASH, nonce: seq, payout_units: 0, result: '{}', counters: '{}', line: '{}', resolved_by: 'answer' },
          seq,
        );
      }
      const identifiers = journal_identifiers(db);
      const found = identifiers([
        { id: 'bet-3', server_seed_hash: HASH, nonce: 3 },
        { id: 'bet-4', server_seed_hash: HASH, nonce: 5 }, // the right id under another nonce: not this bet
        { id: 'bet-9', server_seed_hash: 'b'.repeat(64), nonce: 9 }, // another seed pair
        { id: 'bet-10', server_seed_hash: null, nonce: null },
        { id: 'unknown', server_seed_hash: HASH, nonce: 60 },
      ]);
      expect([...found]).toEqual([['bet-3', 'find-3']]);
      expect(journal_row_of(db, { id: 'bet-20', server_seed_hash: HASH, nonce: 20 })?.identifier).toBe('find-20');
      expect(journal_row_of(db, { id: 'bet-20', server_seed_hash: HASH, nonce: 21 })).toBeNull();
      expect(journal_row_by(db, 'identifier', 'find-33')).toMatchObject({ seq: 33, bet_id: 'bet-33', status: 'placed' });
      expect(journal_row_by(db, 'bet_id', 'bet-34')).toMatchObject({ seq: 34, identifier: 'find-34' });
      expect(journal_row_by(db, 'bet_id', 'find-34')).toBeNull();
      expect(journal_row_by(db, 'identifier', 'nothing')).toBeNull();
    } finally {
      db.close();
    }
  });
});
