import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, open_database } from '../../src/journal/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-history-mig-'));
  dirs.push(dir);
  return path.join(dir, 'data', 'stakeql.db');
}

describe('schema version 2 (bet history)', () => {
  it('adds bets and sync_state to a version-1 database, keeps its journal and backs it up first', () => {
    const file = tempFile();
    const v1 = MIGRATIONS.filter((m) => m.version === 1);
    // A version-1 database as an older stakeql left it.
    const first = open_database(file);
    first.pragma('user_version = 0');
    first.exec('DROP TABLE IF EXISTS bets; DROP TABLE IF EXISTS sync_state; DROP TABLE journal; DROP TABLE sessions;');
    first.transaction(() => {
      (v1[0] as (typeof MIGRATIONS)[number]).up(first);
      first.pragma('user_version = 1');
    })();
    first.prepare(`INSERT INTO sessions (started_at, driver, base_url, account, currency, decimals, strategy_kind, strategy_name,
      strategy_source, limits, start_balance_units, status) VALUES (1, 'sandbox', 'http://x', 'a', 'btc', 8, 's', 's', '{}', '{}', 0, 'stopped')`).run();
    first.close();

    const db = open_database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['sessions', 'journal', 'bets', 'sync_state']));
    expect(db.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 1 });
    db.close();
    expect(fs.existsSync(`${file}.v1.bak`)).toBe(true);
  });
});
