/**
 * WAL checkpoints off the writing thread. With `synchronous=NORMAL` a commit
 * does not fsync, but SQLite's automatic checkpoint (every ~1,000 pages) does,
 * on the connection that happens to commit: a bet then waits for the disk
 * (5–30 ms seen here on a busy disk, against ~0.06 ms for a commit). So the
 * writer's automatic checkpoints are turned off while a worker thread with its
 * own connection checkpoints the file (PASSIVE: it never blocks the writer).
 *
 * One thread serves every database of the process, and stays a while after
 * the last one is let go: starting a thread (a Node environment, better-sqlite3
 * loaded into it) cost about 50 ms of CPU here, more than a sync of 1,000 bets
 * takes, and on two cores it slowed the site's answers to the sync that
 * started it (history bench: 10 back-to-back syncs each started their own).
 * The idle thread does not keep the process alive.
 */
import { Worker } from 'node:worker_threads';
import type { SqliteDatabase } from './database.js';
import { sqlite_module } from './sqlite-module.js';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const open = new Map();
const checkpoint = (db) => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
parentPort.on('message', (m) => {
  if (m.op === 'open') {
    let db = null;
    try { db = new Database(m.file, { timeout: 1000 }); } catch {}
    open.set(m.id, { db, timer: db === null ? null : setInterval(() => checkpoint(db), m.every_ms) });
  } else if (m.op === 'close') {
    const file = open.get(m.id);
    open.delete(m.id);
    if (file !== undefined && file.db !== null) {
      clearInterval(file.timer);
      checkpoint(file.db);
      try { file.db.close(); } catch {}
    }
    parentPort.postMessage({ op: 'closed', id: m.id });
  } else if (m.op === 'exit') {
    parentPort.close();
  }
});
`;

/** How long the thread waits for another database after the last one is let go, in milliseconds. */
const LINGER_MS = 5000;
/** The longest `stop()` waits for the last checkpoint. */
const STOP_WAIT_MS = 5000;

/** A running checkpointer; `stop()` checkpoints once more and lets the database go. */
export interface Checkpointer {
  /** The id of the thread that checkpoints (shared by every database of the process; for diagnostics and tests). */
  readonly thread_id: number;
  /** Checkpoints once more, closes the thread's connection, and turns the writer's automatic checkpoints back on. */
  stop(): Promise<void>;
}

/** The shared thread: its databases and the stops waiting for their last checkpoint. */
interface Service {
  readonly worker: Worker;
  next_id: number;
  /** Databases open on the thread. */
  open: number;
  readonly waiting: Map<number, () => void>;
  linger: NodeJS.Timeout | null;
  exited: boolean;
}

let service: Service | null = null;

function startService(): Service {
  // The better-sqlite3 the writer runs on (12 or 13, by the Node), not whichever `better-sqlite3` resolves to.
  // No execArgv: the script is CommonJS, and a parent run with `--input-type=module` would make it a module that
  // cannot `require` (the thread died at once, and nothing was ever checkpointed).
  const worker = new Worker(WORKER, { eval: true, execArgv: [], workerData: { module: sqlite_module().path } });
  // Idle, it must not keep a process alive that is otherwise done; it is ref'd while a stop waits for it.
  worker.unref();
  const created: Service = { worker, next_id: 1, open: 0, waiting: new Map(), linger: null, exited: false };
  worker.on('message', (m: { op: string; id: number }) => {
    if (m.op === 'closed') settle(created, m.id);
  });
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    created.exited = true;
    if (created.linger !== null) clearTimeout(created.linger);
    if (service === created) service = null;
    // Whatever it could not do, the writers do: each stop turns its writer's automatic checkpoints back on.
    for (const id of [...created.waiting.keys()]) settle(created, id);
  });
  return created;
}

function settle(s: Service, id: number): void {
  const done = s.waiting.get(id);
  if (done === undefined) return;
  s.waiting.delete(id);
  if (s.waiting.size === 0) s.worker.unref();
  done();
}

/** Starts checkpointing `file` (opened as `db`) from the shared thread, every `every_ms`. */
export function start_checkpointer(db: SqliteDatabase, file: string, every_ms = 1000): Checkpointer {
  db.pragma('wal_autocheckpoint = 0');
  if (service === null || service.exited) service = startService();
  const s = service;
  if (s.linger !== null) clearTimeout(s.linger);
  s.linger = null;
  const id = s.next_id++;
  s.open++;
  s.worker.postMessage({ op: 'open', id, file, every_ms });
  let stopping: Promise<void> | null = null;
  return {
    thread_id: s.worker.threadId,
    stop() {
      stopping ??= (async () => {
        if (!s.exited) {
          // Waiting must keep the process alive: an unref'd thread and timer alone would let Node exit mid-await.
          s.worker.ref();
          let timer: NodeJS.Timeout | undefined;
          await new Promise<void>((resolve) => {
            s.waiting.set(id, resolve);
            s.worker.postMessage({ op: 'close', id });
            timer = setTimeout(() => settle(s, id), STOP_WAIT_MS);
          });
          clearTimeout(timer);
        }
        if (--s.open === 0 && !s.exited) {
          s.linger = setTimeout(() => {
            if (service === s) service = null;
            s.worker.postMessage({ op: 'exit' });
          }, LINGER_MS);
          s.linger.unref();
        }
        // Whatever the thread could not do, the writer does now: the WAL does not outgrow a run.
        if (db.open) db.pragma('wal_autocheckpoint = 1000');
      })();
      return stopping;
    },
  };
}
