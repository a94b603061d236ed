/**
 * The baseline schema (src/database/baseline.ts) stands for versions 1 to 10:
 * a database made new with it must be the one a file gets by taking those
 * steps one by one (an older checkout's file, upgraded), and whatever a later
 * migration adds must run on top of it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BASELINE, MIGRATIONS, SCHEMA_VERSION, migrate, open_database, type Migration, type SqliteDatabase } from '../../src/journal/index.js';
import { Database } from '../support/sqlite.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-baseline-'));
  dirs.push(dir);
  return path.join(dir, 'stakeql.db');
}

/** Every table, index, view and trigger with the statement SQLite keeps for it. */
function schema(db: SqliteDatabase): unknown[] {
  return db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();
}

/** The steps' own result: version 1 first (not the baseline), then every step after it. */
function stepwise(file: string): SqliteDatabase {
  const db = new Database(file);
  migrate(db, file, MIGRATIONS.filter((m) => m.version === 1));
  migrate(db, file);
  return db;
}

describe('the baseline schema', () => {
  it('makes a new database exactly as the steps 1 to 10 make it, in one step', () => {
    const folded = new Database(tempFile());
    const seen: number[] = [];
    const counting: Migration = { ...BASELINE, up: (db) => { seen.push(BASELINE.version); BASELINE.up(db); } };
    migrate(folded, 'new.db', MIGRATIONS, counting);
    const steps = stepwise(tempFile());
    try {
      expect(seen).toEqual([10]);
      expect(BASELINE.version).toBe(10);
      expect(folded.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(steps.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(schema(folded).length).toBeGreaterThan(15);
      expect(schema(folded)).toEqual(schema(steps));
    } finally {
      folded.close();
      steps.close();
    }
  });

  it('is what open_database makes of a new file, with no backup (there is nothing to keep)', () => {
    const file = tempFile();
    const db = open_database(file);
    const steps = stepwise(tempFile());
    try {
      expect(schema(db)).toEqual(schema(steps));
      expect(fs.readdirSync(path.dirname(file)).filter((f) => f.includes('.bak'))).toEqual([]);
    } finally {
      db.close();
      steps.close();
    }
  });

  it('runs a later migration on top of it, on a new database as on an upgraded one', () => {
    // One past the newest real step, whichever that is by now.
    const later: Migration = { version: SCHEMA_VERSION + 1, name: 'a later step', up: (db) => db.exec('CREATE TABLE later (x INTEGER) STRICT') };
    const fresh = new Database(tempFile());
    migrate(fresh, 'new.db', [...MIGRATIONS, later]);
    const file = tempFile();
    const upgraded = stepwise(file);
    migrate(upgraded, file, [...MIGRATIONS, later]);
    try {
      expect(fresh.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
      expect(schema(fresh)).toEqual(schema(upgraded));
      expect(schema(fresh)).toContainEqual(expect.objectContaining({ name: 'later' }));
    } finally {
      fresh.close();
      upgraded.close();
    }
  });
});
