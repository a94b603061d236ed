import { afterAll, beforeAll, expect } from 'vitest';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../../src/sandbox/index.js';
import { ready } from '../../support/ready.js';
import { oneErrorLine, useBuiltCli, type CliResult } from './cli.js';

/** What a CLI test against a sandbox holds once `beforeAll` has run. */
export interface CliSandboxSession {
  readonly sandbox: Sandbox;
  readonly user: SandboxLogin;
  /** A bash "Copy as cURL" paste of a request `user` would send. */
  readonly paste: string;
  /** The private config dir the CLI runs with. */
  readonly config_dir: string;
  /** Runs the built CLI with its own private config dir. */
  run(args: string[], input?: string, env?: Record<string, string>): Promise<CliResult>;
  /** The STAKE_* variables that sign `user` in on the sandbox, as a person without a saved profile runs the CLI. */
  stake_env(): Record<string, string>;
}

/**
 * Registers the hooks every sandbox-backed CLI test file needs: the CLI built,
 * a sandbox with one logged-in user, and a private config dir; all closed after.
 */
export function useCliSandboxSession(): CliSandboxSession {
  const cli = useBuiltCli();
  const state: { sandbox?: Sandbox; user?: SandboxLogin; paste?: string } = {};
  beforeAll(async () => {
    state.sandbox = await start_sandbox();
    state.user = state.sandbox.login('cli-tester');
    state.paste = state.sandbox.sample_curl(state.user);
  });
  afterAll(async () => {
    await state.sandbox?.close();
  });
  return {
    get sandbox() { return ready(state.sandbox); },
    get user() { return ready(state.user); },
    get paste() { return ready(state.paste); },
    get config_dir() { return cli.config_dir; },
    run: (args, input, env) => cli.run(args, { input, env }),
    stake_env: () => ({
      STAKE_ACCESS_TOKEN: ready(state.user).access_token,
      STAKE_SESSION_COOKIE: ready(state.user).session_cookie,
      STAKE_BASE_URL: ready(state.sandbox).url,
    }),
  };
}

/**
 * Runs `args` with the session's STAKE_* variables and asserts a usage error
 * that sent nothing: exit 2, one `stakeql:` line (matching `message`, or
 * equal to it when a string), and no request on the sandbox.
 */
export async function expectUsageErrorSendingNothing(session: CliSandboxSession, args: string[], message: RegExp | string): Promise<void> {
  const before = session.sandbox.stats().requests;
  const r = await session.run(args, '', session.stake_env());
  expect(r.code).toBe(2);
  if (typeof message === 'string') expect(oneErrorLine(r)).toBe(message);
  else expect(oneErrorLine(r)).toMatch(message);
  expect(session.sandbox.stats().requests).toBe(before);
}
