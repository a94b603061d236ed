import { afterAll, beforeAll } from 'vitest';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../../src/sandbox/index.js';
import { buildCli, runCli, tempConfigDir } from './cli.js';

/** What a CLI test against a sandbox holds once `beforeAll` has run. */
export interface CliSandboxSession {
  readonly sandbox: Sandbox;
  readonly user: SandboxLogin;
  /** A bash "Copy as cURL" paste of a request `user` would send. */
  readonly paste: string;
  /** The private config dir the CLI runs with. */
  readonly config_dir: string;
  /** Runs the built CLI with its own private config dir. */
  run(args: string[], input?: string, env?: Record<string, string>): ReturnType<typeof runCli>;
}

/**
 * Registers the hooks every sandbox-backed CLI test file needs: the CLI built,
 * a sandbox with one logged-in user, and a private config dir; all closed after.
 */
export function useCliSandboxSession(): CliSandboxSession {
  const state: { sandbox?: Sandbox; user?: SandboxLogin; paste?: string; config?: { dir: string; remove: () => Promise<void> } } = {};
  beforeAll(async () => {
    await buildCli();
    state.sandbox = await start_sandbox();
    state.user = state.sandbox.login('cli-tester');
    state.paste = state.sandbox.sample_curl(state.user);
    state.config = await tempConfigDir();
  });
  afterAll(async () => {
    await state.sandbox?.close();
    await state.config?.remove();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('used before beforeAll ran');
    return value;
  };
  return {
    get sandbox() { return ready(state.sandbox); },
    get user() { return ready(state.user); },
    get paste() { return ready(state.paste); },
    get config_dir() { return ready(state.config).dir; },
    run: (args, input, env) => runCli(args, { configDir: ready(state.config).dir, input, env }),
  };
}
