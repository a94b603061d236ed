/** A sweep's worker thread: loads the strategy once, then runs the parts of cells it is sent, posting their samples. */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { cell_ruin, run_cell_sessions, type SweepRunCommon } from './cell-run.js';
import type { Cell } from './spec.js';
import { cell_strategy, load_base } from './strategy-params.js';

/** What the worker is started with. */
export interface SweepWorkerData {
  readonly strategy: string | Readonly<Record<string, unknown>>;
  readonly kind: 'settings' | 'module' | 'lua' | 'bot';
  readonly text: string;
  readonly paths: readonly string[];
  readonly timeout_ms?: number;
  readonly common: SweepRunCommon;
}

/** One part of a cell. */
export interface SweepTask {
  readonly task: number;
  readonly cell: Cell;
  readonly from: number;
  readonly to: number;
}

// Imported outside a sweep's worker (a tool that reads every module's exports, a test runner's own thread), it does nothing.
const given = workerData as SweepWorkerData | null;
if (parentPort !== null && given !== null && typeof given === 'object' && 'common' in given) await serve(parentPort, given);

async function serve(port: MessagePort, data: SweepWorkerData): Promise<void> {
  const controller = new AbortController();
  const base = await load_base(data.strategy, data.kind, data.text, data.paths, data.timeout_ms);
  let cached: { index: number; prepared: ReturnType<typeof cell_strategy> } | null = null;
  port.on('message', (m: SweepTask | 'stop') => {
    if (m === 'stop') {
      controller.abort('interrupted');
      port.close();
      return;
    }
    if (cached?.index !== m.cell.index) cached = { index: m.cell.index, prepared: cell_strategy(base, m.cell) };
    void run_cell_sessions(cached.prepared, m.cell, m.from, m.to, data.common, controller.signal).then(
      // The part that starts the cell also works out its exact ruin (it can take a while: here, not on the main thread).
      (samples) => port.postMessage({ task: m.task, samples, ruin: m.from === 0 ? cell_ruin(cached!.prepared, data.common) : null }),
      (error: unknown) => port.postMessage({ task: m.task, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  port.postMessage({ ready: true });
}
