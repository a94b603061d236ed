/**
 * One scanner worker: prepares the job it is started with, then evaluates
 * each chunk it is sent and posts back the chunk's statistics and hits.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepare_job, scan_chunk, type ScanJobData } from './scan-core.js';

/** A chunk to evaluate: nonces `from … to − 1`, numbered `index` in the scan. */
export interface ChunkRequest {
  index: number;
  from: number;
  to: number;
}

if (parentPort !== null) {
  const port = parentPort;
  const job = prepare_job((workerData as { job: ScanJobData }).job);
  port.on('message', (request: ChunkRequest) => {
    const hits: number[] = [];
    const stats = scan_chunk(job, request.from, request.to, hits);
    const packed = Float64Array.from(hits);
    port.postMessage({ index: request.index, stats, hits: packed }, [packed.buffer]);
  });
}
