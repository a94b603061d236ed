/**
 * The scanner's worker threads, kept between scans: starting a thread costs
 * about 70 ms of CPU (an isolate, the module graph), as much as hashing a
 * quarter of a million nonces, so a scan takes idle threads left by the one
 * before. An idle thread never keeps the process alive (unref'd) and ends
 * after {@link IDLE_MS} unused. A thread is leased to one scan at a time and
 * comes back only idle (no chunk in flight), so no result of one scan can
 * reach another.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sha256_module } from './hmac.js';
import type { ScanJobData } from './scan-core.js';

const WORKER_URL = new URL('./scan-worker.js', import.meta.url);

/** How long an idle thread waits for the next scan. */
const IDLE_MS = 30_000;

const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

/**
 * Whether threads can run here: the compiled worker sits beside this file,
 * and run from the TypeScript sources (tests) there is none.
 */
export function workers_available(): boolean {
  return existsSync(fileURLToPath(WORKER_URL));
}

function forget(worker: Worker): void {
  const at = idle.findIndex((entry) => entry.worker === worker);
  if (at >= 0) {
    clearTimeout(idle[at]?.timer);
    idle.splice(at, 1);
  }
}

/** `count` threads for one scan, each told its job; they keep the process alive until released. */
export function lease_workers(count: number, job: ScanJobData): Worker[] {
  const leased: Worker[] = [];
  while (leased.length < count) {
    const entry = idle.pop();
    let worker: Worker;
    if (entry !== undefined) {
      clearTimeout(entry.timer);
      worker = entry.worker;
      worker.ref();
    } else {
      // The main thread's compiled SIMD module: shared code, already optimised.
      worker = new Worker(WORKER_URL, { workerData: { sha256_module } });
      worker.on('exit', () => forget(worker));
    }
    worker.postMessage({ job });
    leased.push(worker);
  }
  return leased;
}

/**
 * Gives threads back after a scan: those still busy with a chunk (the scan
 * stopped early) or broken are ended, the idle ones wait for the next scan.
 * Every listener the scan added must be removed before this.
 */
export function release_workers(workers: readonly Worker[], ended: ReadonlySet<Worker>): Promise<void> {
  const endings: Promise<number>[] = [];
  for (const worker of workers) {
    if (ended.has(worker)) {
      endings.push(worker.terminate());
      continue;
    }
    worker.unref();
    const timer = setTimeout(() => {
      forget(worker);
      void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    idle.push({ worker, timer });
  }
  return Promise.all(endings).then(() => undefined);
}
