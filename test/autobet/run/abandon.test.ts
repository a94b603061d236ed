/**
 * `abandon_session`: closes a session for good, refuses while its process is
 * alive (a real child process holds the pid), and frees the account for a
 * new run (the unfinished check reads the real SQLite file).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { abandon_session, find_session, is_unfinished } from '../../../src/autobet/index.js';
import { open_database, SessionsTable } from '../../../src/journal/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A database holding one session recorded as running under `pid`, with one intent and no outcome. */
function databaseWith(pid: number): { file: string; table: SessionsTable; close(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-abandon-'));
  dirs.push(dir);
  const file = path.join(dir, 'data', 'stakeql.db');
  const db = open_database(file);
  const table = new SessionsTable(db);
  const id = table.create({
    started_at: 1, driver: 'sandbox', profile: null, base_url: 'http://127.0.0.1:1', account: 'who', currency: 'btc', decimals: 8,
    strategy_kind: 'settings', strategy_name: 's', strategy_source: '{}', game: 'dice', limits: '{}', start_balance_units: 100, pid,
  });
  table.intend(id, { seq: 1, identifier: 'abc', game: 'dice', variables: '{}', amount_units: 1, seed_hash: 'h', nonce_expected: 0, strategy_state: 'null' }, 2);
  return { file, table, close: () => db.close() };
}

describe('abandon_session', () => {
  it('refuses while the session\'s process is alive; once it is gone, abandons it for good and frees the account', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const db = databaseWith(child.pid as number);
      expect(db.table.unfinished('http://127.0.0.1:1', 'who')).toEqual([{ id: 1, open: 1 }]);
      db.close();
      await expect(abandon_session(1, { database: db.file })).rejects.toMatchObject({ name: 'AutobetError', code: 'running' });
      child.kill('SIGKILL');
      await once(child, 'exit');
      expect(await abandon_session(1, { database: db.file, now: 5 })).toEqual({ session: 1, open: 1, changed: true });
      const record = await find_session(1, { database: db.file });
      expect(record).toMatchObject({ status: 'stopped', stop_reason: 'abandoned', ended_at: 5 });
      expect(record.stop_message).toMatch(/killed while running; 1 bet left without a known outcome/);
      expect(is_unfinished(record)).toBe(false);
      expect(await abandon_session(1, { database: db.file })).toEqual({ session: 1, open: 1, changed: false });
      const again = open_database(db.file);
      try {
        expect(new SessionsTable(again).unfinished('http://127.0.0.1:1', 'who')).toEqual([]);
      } finally {
        again.close();
      }
      await expect(abandon_session(2, { database: db.file })).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
