import { run_attempt } from './attempt.js';
import { stopped_error, type Call } from './call.js';
import type { ClientCore } from './core.js';
import { plan_retry } from './retry.js';

/**
 * Runs `call` to its end: refreshes an expiring token first, resends once
 * after a credentials refusal when a refresh succeeded, retries queries as
 * `plan_retry` says. Resolves to the response's `data`; rejects with the
 * last attempt's typed error.
 */
export async function run_call(core: ClientCore, call: Call): Promise<unknown> {
  call.started_ms = Date.now();
  try {
    return await attempts(core, call);
  } catch (error) {
    // The one exit of every error a call rejects with: whatever field the server reached, no credential leaves.
    throw core.secrets.scrub(error);
  }
}

async function attempts(core: ClientCore, call: Call): Promise<unknown> {
  if (core.closed) throw stopped_error('closed', call, false, core.opts.timeout_ms);
  const refresher = core.refresher;
  let retries = 0;
  let refreshedAfterRefusal = false;
  while (true) {
    // Checked here, not in an async helper, so the common path costs no extra await.
    if (refresher !== null && core.auth.is_token_expired()) {
      core.log({ type: 'refresh', trigger: 'expired' });
      await guarded(core, call, () => refresher.run());
    }
    call.attempt += 1;
    const outcome = await run_attempt(core, call);
    if (outcome.ok) return outcome.data;
    if (outcome.reached && !outcome.refused) call.maybe_ran = true;
    if (outcome.refused && refresher !== null && !refreshedAfterRefusal) {
      refreshedAfterRefusal = true;
      core.log({ type: 'refresh', trigger: 'refused' });
      const sentToken = outcome.sent_token;
      await guarded(core, call, () => refresher.after_refusal(sentToken));
      continue;
    }
    const op = call.op;
    const plan = plan_retry(
      { is_query: op.kind === 'query', retryable: outcome.retryable, retries_done: retries, retry_after_ms: outcome.retry_after_ms },
      core.opts.retry,
      core.opts.random,
    );
    if (!plan.retry) {
      core.log({ type: 'failure', operation_name: op.operation_name, attempt: call.attempt, error: outcome.error.message });
      throw outcome.error;
    }
    retries += 1;
    core.log({
      type: 'retry',
      operation_name: op.operation_name,
      attempt: call.attempt,
      delay_ms: plan.delay_ms,
      retry_after_ms: outcome.retry_after_ms,
      error: outcome.error.message,
    });
    await guarded(core, call, (s) => core.opts.sleep(plan.delay_ms, s));
  }
}

/** A wait of `call` (refresh, retry delay) that its signal and close() cut short. */
function guarded<T>(core: ClientCore, call: Call, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return core.scopes.guard(call.signal, work, (why) => stopped_error(why, call, false, core.opts.timeout_ms));
}
