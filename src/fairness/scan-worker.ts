/**
 * One scanner thread: prepares each job it is sent (one scan after another,
 * see scan-pool.ts), evaluates each chunk of it and posts back the chunk's
 * statistics and hits.
 */
import { parentPort } from 'node:worker_threads';
import { prepare_job, scan_chunk, type ScanJob, type ScanJobData } from './scan-core.js';

/** A chunk to evaluate: nonces `from … to − 1`, numbered `index` in the scan. */
export interface ChunkRequest {
  index: number;
  from: number;
  to: number;
}

if (parentPort !== null) {
  const port = parentPort;
  let job: ScanJob | null = null;
  // A thread serves one scan at a time: its job first, then its chunks.
  port.on('message', (message: { job: ScanJobData } | ChunkRequest) => {
    if ('job' in message) {
      job = prepare_job(message.job);
      return;
    }
    if (job === null) throw new Error('scan worker: a chunk came before its job');
    const hits: number[] = [];
    const stats = scan_chunk(job, message.from, message.to, hits);
    const packed = Float64Array.from(hits);
    port.postMessage({ index: message.index, stats, hits: packed }, [packed.buffer]);
  });
}
