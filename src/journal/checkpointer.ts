/**
 * WAL checkpoints off the betting thread. With `synchronous=NORMAL` a commit
 * does not fsync, but SQLite's automatic checkpoint (every ~1,000 pages) does,
 * on the connection that happens to commit: a bet then waits for the disk
 * (5–30 ms seen here on a busy disk, against ~0.06 ms for a commit). So the
 * writer's automatic checkpoints are turned off and a worker thread with its
 * own connection checkpoints (PASSIVE: it never blocks the writer) every second.
 */
import { Worker } from 'node:worker_threads';
import type { SqliteDatabase } from './database.js';
import { sqlite_module } from './sqlite-module.js';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { timeout: 1000 });
const checkpoint = (mode) => { try { db.pragma('wal_checkpoint(' + mode + ')'); } catch {} };
const timer = setInterval(() => checkpoint('PASSIVE'), workerData.every_ms);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint('PASSIVE');
  db.close();
  parentPort.close();
});
`;

/** A running checkpointer; `stop()` checkpoints once more and ends the thread. */
export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts checkpointing `file` (opened as `db`) from a worker thread, every `every_ms`. */
export function start_checkpointer(db: SqliteDatabase, file: string, every_ms = 1000): Checkpointer {
  db.pragma('wal_autocheckpoint = 0');
  // The better-sqlite3 the writer runs on (12 or 13, by the Node), not whichever `better-sqlite3` resolves to.
  const module = sqlite_module().path;
  const worker = new Worker(WORKER, { eval: true, workerData: { file, module, every_ms } });
  // It must not keep a process alive that is otherwise done.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', () => undefined);
  return {
    async stop() {
      // Waiting for it must keep the process alive: an unref'd thread and timer alone would let Node exit mid-await.
      worker.ref();
      worker.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
      clearTimeout(timer);
      // Whatever the worker could not do, the writer does now: the WAL does not outgrow a run.
      db.pragma('wal_autocheckpoint = 1000');
    },
  };
}
