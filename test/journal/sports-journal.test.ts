/**
 * The sports journal (table `sports_journal`, migration v12): a slip's or a
 * cashout's intent is a row before anything is sent; an answer or a verdict
 * closes it once (a late verdict never overwrites an answer); a slip's
 * identifier is journaled once; a database of version 11 takes the step and
 * keeps its rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../support/sqlite.js';
import { MIGRATIONS, SportsJournal, migrate, open_database } from '../../src/journal/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sports-journal-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'data'), { mode: 0o700 });
  const file = path.join(dir, 'data', 'stakeql.db');
  fs.closeSync(fs.openSync(file, 'wx', 0o600));
  return file;
}

const SLIP = { kind: 'slip', key: 'ident-1', site: 'http://127.0.0.1:1', request: '{"outcomeIds":["o1"]}', amount_units: 200, currency: 'usd' } as const;

describe('sports_journal', () => {
  it('an intent, then the answer closes it; a later verdict changes nothing', () => {
    const db = open_database(tempFile());
    try {
      const j = new SportsJournal(db);
      const id = j.record_intent(SLIP, 1000);
      expect(j.by_key('ident-1')).toMatchObject({ id, status: 'intent', created_at: 1000, settled_at: null, amount_units: 200 });
      expect(j.open().map((r) => r.key)).toEqual(['ident-1']);
      j.close(id, 'placed', { bet_id: 'bet-9', answer: '{"id":"bet-9"}' }, 1001);
      j.close(id, 'not_placed', { error: 'late' }, 1002);
      expect(j.by_key('ident-1')).toMatchObject({ status: 'placed', bet_id: 'bet-9', settled_at: 1001, error: null });
      expect(j.open()).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('an unknown verdict stays open and may be closed later; a slip identifier is journaled once, a cashout key again', () => {
    const db = open_database(tempFile());
    try {
      const j = new SportsJournal(db);
      const id = j.record_intent(SLIP);
      j.close(id, 'unknown', { error: 'ambiguous' });
      expect(j.open().map((r) => r.status)).toEqual(['unknown']);
      j.close(id, 'placed', { bet_id: 'bet-1' });
      expect(j.by_key('ident-1')?.status).toBe('placed');
      expect(() => j.record_intent(SLIP)).toThrow(/UNIQUE/);
      const cashout = { ...SLIP, kind: 'cashout', key: 'bet-1' } as const;
      const first = j.record_intent(cashout);
      j.close(first, 'refused', { error: 'cashout_unavailable' });
      const second = j.record_intent(cashout);
      expect(j.by_key('bet-1')?.id).toBe(second);
      expect(() => db.prepare("UPDATE sports_journal SET status = 'maybe' WHERE id = ?").run(second)).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });

  it('a database of version 11 takes the step to 12 and keeps what it held', () => {
    const file = tempFile();
    const old = new Database(file);
    migrate(old, file, MIGRATIONS.filter((m) => m.version <= 11));
    old.prepare("INSERT INTO round_steps (round_key, step, site, game, kind, request, added_units, created_at, status) VALUES ('r', 0, 's', 'mines', 'start', '{}', 1, 1, 'intent')").run();
    expect(old.pragma('user_version', { simple: true })).toBe(11);
    old.close();
    const db = open_database(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(12);
      expect(db.prepare('SELECT COUNT(*) FROM round_steps').pluck().get()).toBe(1);
      new SportsJournal(db).record_intent(SLIP);
      expect(new SportsJournal(db).by_key('ident-1')?.status).toBe('intent');
    } finally {
      db.close();
    }
  });
});
