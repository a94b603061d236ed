/**
 * The session panel's figures: what is left of each limit (worked out here by
 * hand from the counters), and a session marked running whose process is
 * gone (a real child process that exited) told apart from a live one.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { account_lock_path } from '../../src/journal/session-lock.js';
import { limits_left, SessionReader } from '../../src/dashboard/session-view.js';
import { SessionsTable, open_database } from '../../src/journal/index.js';
import { newSession, tempDatabase, writeBets } from './helpers.js';

describe('limits left', () => {
  it('each budget from the counters (units, 2 decimals) and the limits (currency units); rates and max_bet have none', () => {
    const limits = {
      stop_loss: 10, take_profit: 5, trailing_stop: 2, floor_balance: 50, max_bets: 100, max_wagered: 20,
      max_loss_streak: 4, max_duration: 60, max_bet: 1, max_bets_per_second: 3, not_a_limit: 7,
    };
    // profit -2.50, peak 1.00, balance 97.50, 30 bets, 15.00 wagered, 3 losses in a row, 12 s.
    const counters = { profit: -250, peak_profit: 100, balance: 9750, bets: 30, wagered: 1500, streak: -3, elapsed_ms: 12_000 };
    expect(limits_left(JSON.stringify(limits), counters, 2)).toEqual([
      { name: 'stop_loss', limit: 10, left: 7.5 },
      { name: 'take_profit', limit: 5, left: 7.5 },
      { name: 'trailing_stop', limit: 2, left: -1.5 },
      { name: 'floor_balance', limit: 50, left: 47.5 },
      { name: 'max_bets', limit: 100, left: 70 },
      { name: 'max_wagered', limit: 20, left: 5 },
      { name: 'max_loss_streak', limit: 4, left: 1 },
      { name: 'max_duration', limit: 60, left: 48 },
      { name: 'max_bet', limit: 1, left: null },
      { name: 'max_bets_per_second', limit: 3, left: null },
    ]);
  });

  it('a win streak spends none of max_loss_streak; limits that are not JSON give no rows', () => {
    expect(limits_left('{"max_loss_streak":4}', { streak: 5 }, 8)).toEqual([{ name: 'max_loss_streak', limit: 4, left: 4 }]);
    expect(limits_left('not json', {}, 2)).toEqual([]);
    expect(limits_left('null', {}, 2)).toEqual([]);
  });
});

describe('a running session whose process is gone', () => {
  let cleanup: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await cleanup?.();
    cleanup = null;
  });

  it('is shown as gone with a dead pid, as running with a live one holding the account lock, and as gone with a live one holding none', async () => {
    const db = await tempDatabase();
    cleanup = db.remove;
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid as number;
    await new Promise((resolve) => child.on('close', resolve));
    const conn = open_database(db.file);
    try {
      const table = new SessionsTable(conn);
      const reader = new SessionReader(conn);
      const gone = table.create(newSession({ pid: deadPid }));
      writeBets(conn, gone, 3);
      expect(reader.current()).toMatchObject({ id: gone, status: 'running', process_gone: true });
      const live = table.create(newSession({ pid: process.pid }));
      // Alive, but no lock: not the run (a pid the system gave to another process after a kill looks like this).
      expect(reader.current()).toMatchObject({ id: live, status: 'running', process_gone: true });
      // The lock a run takes beside the database (src/store/lock.ts writes { pid, host, nonce }).
      fs.writeFileSync(account_lock_path('u', { STAKEQL_LOCK_DIR: path.dirname(db.file) }), JSON.stringify({ pid: process.pid, host: os.hostname(), nonce: 'n' }));
      expect(reader.current()).toMatchObject({ id: live, status: 'running', process_gone: false });
      table.finish(live, 'max_bets', null, Date.now());
      table.finish(gone, 'interrupted', null, Date.now());
      expect(reader.current()).toMatchObject({ id: live, status: 'stopped', process_gone: false, stop_reason: 'max_bets' });
    } finally {
      conn.close();
    }
  });
});
