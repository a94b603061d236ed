#!/usr/bin/env node
/**
 * The `stakeql` executable: runs the command line against the real process
 * and exits with the code it resolves to.
 */
import { run, type CliIo } from './main.js';

// One listener for the whole run, installed on first use: taking it off and
// putting it back between two Ctrl-C's left a moment with the default action,
// in which a second Ctrl-C killed the process before it could say what was in
// flight. A signal nobody waits for acts as it would without us.
const waiting = new Set<() => void>();
let listening = false;

function onSignal(signal: NodeJS.Signals): void {
  if (waiting.size === 0) {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.kill(process.pid, signal);
    return;
  }
  const wake = [...waiting];
  waiting.clear();
  for (const resolve of wake) resolve();
}

function untilStopped(): Promise<void> {
  if (!listening) {
    listening = true;
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  return new Promise((resolve) => waiting.add(resolve));
}

// Output piped into `head` or a closed pager: stop quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const io: CliIo = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  untilStopped,
};

process.exitCode = await run(process.argv.slice(2), io);
