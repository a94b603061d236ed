import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { open_database, start_checkpointer, type SqliteDatabase } from '../../src/journal/index.js';
import { buildForChildren } from '../support/child-build.js';

const run = promisify(execFile);
const dirs: string[] = [];
const open: SqliteDatabase[] = [];
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDatabase(): { db: SqliteDatabase; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-checkpointer-'));
  dirs.push(dir);
  const file = path.join(dir, 'data', 'stakeql.db');
  const db = open_database(file);
  open.push(db);
  db.exec('CREATE TABLE scratch (x BLOB NOT NULL)');
  return { db, file };
}

/** Commits `mb` megabytes of rows, 64 KiB each. */
function write(db: SqliteDatabase, mb: number): void {
  const insert = db.prepare('INSERT INTO scratch (x) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < mb * 16; i++) insert.run(Buffer.alloc(65536, i));
  })();
}

describe('start_checkpointer', () => {
  it('leaves the writer no automatic checkpoint while it runs, copies the pages into the file by stop, and turns them back on', async () => {
    const { db, file } = tempDatabase();
    // An hour between checkpoints: only stop()'s copies the pages.
    const checkpointer = start_checkpointer(db, file, 3_600_000);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const before = fs.statSync(file).size;
    write(db, 8);
    // Past SQLite's 1,000-page automatic checkpoint, the pages are in the WAL only.
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(8 * 1024 * 1024);
    expect(fs.statSync(file).size).toBe(before);
    await checkpointer.stop();
    expect(fs.statSync(file).size).toBeGreaterThan(8 * 1024 * 1024);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    // Stopping twice is stopping once.
    await checkpointer.stop();
    expect(db.prepare('SELECT count(*) FROM scratch').pluck().get()).toBe(128);
  });

  it('checkpoints on its own every every_ms', async () => {
    const { db, file } = tempDatabase();
    const checkpointer = start_checkpointer(db, file, 20);
    write(db, 2);
    // Nothing here copies the pages but the thread (the writer's automatic checkpoints are off); a bound, not a timing.
    const deadline = Date.now() + 20_000;
    while (fs.statSync(file).size <= 2 * 1024 * 1024 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(fs.statSync(file).size).toBeGreaterThan(2 * 1024 * 1024);
    await checkpointer.stop();
  });

  it('serves several databases from one thread, and the next one from the same thread while it lingers', async () => {
    const a = tempDatabase();
    const b = tempDatabase();
    const first = start_checkpointer(a.db, a.file, 3_600_000);
    const second = start_checkpointer(b.db, b.file, 3_600_000);
    expect(second.thread_id).toBe(first.thread_id);
    write(a.db, 2);
    write(b.db, 2);
    const sizes = [fs.statSync(a.file).size, fs.statSync(b.file).size];
    await Promise.all([first.stop(), second.stop()]);
    expect(fs.statSync(a.file).size).toBeGreaterThan(sizes[0] as number);
    expect(fs.statSync(b.file).size).toBeGreaterThan(sizes[1] as number);
    const third = start_checkpointer(a.db, a.file, 3_600_000);
    expect(third.thread_id).toBe(first.thread_id);
    await third.stop();
  });

  it('never keeps a process alive: not while it lingers, not while a database is still open on it', async () => {
    const dist = await buildForChildren();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-checkpointer-child-'));
    dirs.push(dir);
    const journal = pathToFileURL(path.join(dist, 'journal', 'index.js')).href;
    const script = `
      const { open_database, start_checkpointer } = await import(${JSON.stringify(journal)});
      const files = ['a', 'b'].map((n) => ${JSON.stringify(dir)} + '/data/' + n + '.db');
      const [a, b] = files.map((f) => open_database(f));
      const first = start_checkpointer(a, files[0], 50);
      a.exec('CREATE TABLE t (x)');
      await first.stop();
      // The thread lingers now, on a timer that must not hold the process.
      console.log(JSON.stringify(process.getActiveResourcesInfo()));
      // And a database never let go: the thread checkpoints it every 50 ms for as long as the process lives.
      const second = start_checkpointer(b, files[1], 50);
      a.close();
      console.log(second.thread_id === first.thread_id ? 'same thread' : 'another thread');
    `;
    // A process held by the thread would never exit: the timeout would fail the test.
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { timeout: 60_000 });
    const [resources, thread] = stdout.trim().split('\n');
    expect(JSON.parse(resources as string)).not.toContain('Timeout');
    // The one that lingered (run with --input-type=module, as this child is, it once died at start).
    expect(thread).toBe('same thread');
  });
});
