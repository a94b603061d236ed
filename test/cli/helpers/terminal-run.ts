import { PassThrough } from 'node:stream';
import { run } from '../../../src/cli/main.js';

/** What an in-process run on a pretend terminal wrote. */
export interface TerminalRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/**
 * Runs the CLI in process with a terminal-like stdin that types `answer`
 * (a confirmation), stdout and stderr captured, colour off, the file store
 * in `configDir`; `env` adds the STAKE_* variables.
 */
export async function runAnswering(answer: string, args: string[], configDir: string, env: Record<string, string>): Promise<TerminalRun> {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  stdin.end(answer);
  let out = '';
  let err = '';
  const io = {
    stdin,
    stdout: { write: (c: string) => ((out += c), true) },
    stderr: { write: (c: string) => ((err += c), true) },
    env: { ...env, NO_COLOR: '1', STAKEQL_STORE: 'file', STAKEQL_CONFIG_DIR: configDir },
    untilStopped: () => new Promise<void>(() => {}),
  };
  const code = await run(args, io);
  return { code, out, err };
}
