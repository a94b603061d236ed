/**
 * `autobet list` tells a running session from its account lock, not from the
 * pid alone: a real child process stands in for the run (or for a stranger
 * the system gave a killed run's pid to), and the lock file is written where
 * and as a run writes it (src/store/lock.ts: `{ pid, host, nonce }`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { list_sessions } from '../../../src/autobet/run/sessions.js';
import { account_lock_path, process_start_ms } from '../../../src/journal/session-lock.js';
import { SessionsTable, open_database } from '../../../src/journal/index.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL');
      await once(c, 'exit');
    }
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const BASE = 'http://127.0.0.1:1';

/** A database holding one session marked running under `pid`. */
function databaseWith(pid: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-list-'));
  dirs.push(dir);
  const file = path.join(dir, 'stakeql.db');
  const db = open_database(file);
  new SessionsTable(db).create({
    started_at: Date.now(), driver: 'sandbox', profile: null, base_url: BASE, account: 'who', currency: 'btc', decimals: 8,
    strategy_kind: 'settings', strategy_name: 's', strategy_source: '{}', game: 'dice', limits: '{}', start_balance_units: 100, pid,
  });
  db.close();
  return file;
}

async function child(): Promise<ChildProcess> {
  const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(c);
  await once(c, 'spawn');
  return c;
}

const state = async (file: string) => (await list_sessions({ database: file })).map((s) => [s.state, s.pid]);

describe('autobet list: running from the lock', () => {
  it('a live pid without the lock is killed; with the lock, running; a lock older than the process holding its pid, killed', async () => {
    const c = await child();
    const pid = c.pid as number;
    const file = databaseWith(pid);
    // Alive, but holding no lock: not the run (the pid check alone said running).
    expect(await state(file)).toEqual([['killed', null]]);

    // Beside the database (where older versions kept locks, still read): not the user's real lock directory.
    const lock = account_lock_path('user-1', { STAKEQL_LOCK_DIR: path.dirname(file) });
    fs.writeFileSync(lock, JSON.stringify({ pid, host: os.hostname(), nonce: 'n1' }));
    expect(await state(file)).toEqual([['running', pid]]);

    // The lock a killed run left, written long before the process that now has its pid started.
    const started = process_start_ms(pid);
    if (started !== null) {
      const before = new Date(started - 60_000);
      fs.utimesSync(lock, before, before);
      expect(await state(file)).toEqual([['killed', null]]);
      fs.utimesSync(lock, new Date(), new Date());
    }

    // Another host's lock naming the same pid is not this process's.
    fs.writeFileSync(lock, JSON.stringify({ pid, host: `${os.hostname()}-other`, nonce: 'n2' }));
    expect(await state(file)).toEqual([['killed', null]]);

    fs.writeFileSync(lock, JSON.stringify({ pid, host: os.hostname(), nonce: 'n3' }));
    c.kill('SIGKILL');
    await once(c, 'exit');
    expect(await state(file)).toEqual([['killed', null]]);
  });

  it('process_start_ms reads this platform\'s start time of a process (Linux), no later than now', () => {
    const started = process_start_ms(process.pid);
    if (process.platform === 'linux') {
      expect(started).not.toBeNull();
      expect(started!).toBeLessThanOrEqual(Date.now() + 2000);
      expect(started!).toBeGreaterThan(Date.now() - 24 * 3_600_000 * 365);
    }
    expect(process_start_ms(2 ** 30)).toBeNull();
  });
});
