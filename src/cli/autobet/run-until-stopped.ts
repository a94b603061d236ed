/**
 * The lifetime shared by `autobet STRATEGY_FILE` and `autobet resume`: the
 * run goes until a limit, the strategy, a stop request or Ctrl-C ends it,
 * then its stop line is printed and its stop reason becomes the exit code.
 */
import type { AutobetResult } from '../../autobet/run/run-options.js';
import type { StakeClient } from '../../facade/index.js';
import type { CommandContext } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';
import { withClient, type OpenedClient } from '../open-client.js';
import { exit_for_stop } from './exit-code.js';
import type { RunReporter } from './run-report.js';
import { describe_start_failure } from './start-failure.js';

/** Aborts the run on Ctrl-C / SIGTERM: it stops after the bet in flight, if one is (a wait for a Crash window ends at once). */
function stop_on_signal(ctx: CommandContext): AbortController {
  const controller = new AbortController();
  void ctx.io.untilStopped().then(() => {
    ctx.io.stderr.write('\nstakeql: stopping (after the bet in flight, if one is; Ctrl-C again quits at once and resume finds that bet)\n');
    controller.abort('interrupted');
  });
  return controller;
}

/** How a run's end is told: the words when it was declined, the session to name, the bets journaled before this process. */
export interface RunEnding {
  readonly declined: string;
  /** The session the stop line names; default the one the run reports (null when it kept none). */
  readonly session?: number;
  readonly bets_before: number;
}

/** Runs `go` on the opened client, with a signal Ctrl-C aborts; prints how it ended and returns the exit code. */
export async function run_until_stopped(
  opened: OpenedClient,
  ctx: CommandContext,
  report: RunReporter,
  go: (client: StakeClient, signal: AbortSignal) => Promise<AutobetResult>,
  ending: RunEnding,
): Promise<number> {
  const controller = stop_on_signal(ctx);
  const result = await withClient(opened, async (client) => {
    try {
      return await go(client, controller.signal);
    } catch (error) {
      throw describe_start_failure(error);
    }
  });
  if (result.stop === null) {
    ctx.io.stderr.write(`${ending.declined}\n`);
    return EXIT_FAILURE;
  }
  report.stop(result.stop, ending.session ?? result.session);
  return exit_for_stop(result.stop.reason, result.stop.bets, ending.bets_before);
}
