import { PassThrough } from 'node:stream';
import { run } from '../../../src/cli/main.js';

/** What an in-process run on a pretend terminal wrote. */
export interface TerminalRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Options of {@link runAnswering}. */
export interface AnsweringOptions {
  /** stdout and stderr say they are a terminal too (status lines drawn in place); default: they are captured pipes. */
  readonly ttyOutput?: boolean;
  /** Ctrl-C once what stderr shows so far satisfies this (checked on each write); default never. */
  readonly interruptWhen?: (err: string) => boolean;
}

/**
 * Runs the CLI in process with a terminal-like stdin that types `answer`
 * (a confirmation), stdout and stderr captured, colour off, the file store
 * in `configDir`; `env` adds the STAKE_* variables.
 */
export async function runAnswering(
  answer: string,
  args: string[],
  configDir: string,
  env: Record<string, string>,
  options: AnsweringOptions = {},
): Promise<TerminalRun> {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  stdin.end(answer);
  let out = '';
  let err = '';
  const tty = options.ttyOutput === true ? { isTTY: true } : {};
  let interrupt = (): void => undefined;
  const stopped = new Promise<void>((resolve) => (interrupt = resolve));
  const wrote = (): true => {
    if (options.interruptWhen?.(err) === true) interrupt();
    return true;
  };
  const io = {
    stdin,
    stdout: { ...tty, write: (c: string) => ((out += c), true) },
    stderr: { ...tty, write: (c: string) => ((err += c), wrote()) },
    env: { ...env, NO_COLOR: '1', STAKEQL_STORE: 'file', STAKEQL_CONFIG_DIR: configDir },
    untilStopped: () => stopped,
  };
  const code = await run(args, io);
  return { code, out, err };
}
