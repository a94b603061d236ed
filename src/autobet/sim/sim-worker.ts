/** A simulator worker thread: runs its share of the sessions and posts each result. */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerPlan } from './simulate.js';
import { run_sim_session } from './sim-session.js';
import { prepare_settings, prepare_strategy_file } from '../strategies/load.js';

const plan = workerData as Required<WorkerPlan>;
const controller = new AbortController();
parentPort?.on('message', (m) => {
  if (m === 'stop') controller.abort('interrupted');
});
const prepared = 'file' in plan.spec
  ? await prepare_strategy_file(plan.spec.file, { ...(plan.lua_timeout_ms === undefined ? {} : { lua_timeout_ms: plan.lua_timeout_ms }), ...(plan.dialect === undefined ? {} : { dialect: plan.dialect }), ...(plan.when === undefined ? {} : { when: plan.when }), ...(plan.bot === undefined ? {} : { bot: plan.bot }) })
  : prepare_settings(plan.spec.settings);
for (let index = plan.first; index < plan.sessions && !controller.signal.aborted; index += plan.step) {
  const result = await run_sim_session({
    index,
    prepared,
    limits: plan.limits,
    start_balance: plan.start_balance,
    currency: plan.currency,
    seeds: { kind: 'random' },
    signal: controller.signal,
    // A script's print goes to the parent, which prints it as a single-thread run does.
    print: (line) => parentPort?.postMessage({ print: line }),
  });
  parentPort?.postMessage(result);
}
parentPort?.close();
