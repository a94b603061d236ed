import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildForChildren } from '../../support/child-build.js';
import { useBuiltFixture } from '../../support/built-fixture.js';
import { expect } from 'vitest';


/**
 * Builds `src/` for child processes (see `test/support/child-build.ts`) and
 * resolves to the path of `cli/bin.js`.
 */
export async function buildCli(): Promise<string> {
  return path.join(await buildForChildren(), 'cli', 'bin.js');
}

/** What a CLI run left behind. */
export interface CliResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of {@link runCli}. */
export interface RunOptions {
  /** Written to stdin, which is then closed (stdin is always a pipe, never a terminal). */
  readonly input?: string;
  /** The config directory (`STAKEQL_CONFIG_DIR`); the file store is always used. */
  readonly configDir: string;
  /** Extra environment variables (the child gets nothing else from the parent but PATH). */
  readonly env?: Readonly<Record<string, string>>;
  /** Killed after this long; default 15 s. */
  readonly timeoutMs?: number;
  /** Run as this user id (and the same group id): needs root. */
  readonly uid?: number;
  /** A command the CLI's `node` runs under, e.g. `['setpriv', '--bounding-set=-all', '--']`. */
  readonly wrapper?: readonly string[];
}

/** A clean environment for the CLI: no `STAKE_*` from the parent, the file store in `configDir`. */
export function cliEnv(configDir: string, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: configDir,
    STAKEQL_CONFIG_DIR: configDir,
    STAKEQL_STORE: 'file',
    ...extra,
  };
}

/** Runs `node bin.js ...args` to completion, bounded by a timeout. */
export async function runCli(args: readonly string[], options: RunOptions): Promise<CliResult> {
  const bin = await buildCli();
  const [command, ...prefix] = [...(options.wrapper ?? []), process.execPath];
  return new Promise((resolve, reject) => {
    const child = spawn(command as string, [...prefix, bin, ...args], {
      env: cliEnv(options.configDir, options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 15_000,
      ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.on('error', () => {
      // The CLI may exit without reading stdin.
    });
    child.stdin.end(options.input ?? '');
  });
}

/** A fresh private directory for one test's config; `remove` deletes it. */
export async function tempConfigDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stakeql-cli-test-'));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** What a CLI test file holds once `beforeAll` has run. */
export interface BuiltCli {
  /** The built `cli/bin.js`. */
  readonly bin: string;
  /** A private config dir for the file's runs, removed after them. */
  readonly config_dir: string;
  /** Runs the built CLI with that config dir. */
  run(args: readonly string[], options?: Omit<RunOptions, 'configDir'>): Promise<CliResult>;
}

/** Registers the hooks every CLI test file needs: the CLI built and a private config dir, removed after. */
export function useBuiltCli(): BuiltCli {
  const fixture = useBuiltFixture(buildCli, tempConfigDir);
  return {
    get bin() { return fixture.built; },
    get config_dir() { return fixture.dir; },
    run: (args, options = {}) => runCli(args, { ...options, configDir: fixture.dir }),
  };
}

/** Asserts that stderr is exactly one `stakeql: ...` line and returns it. */
export function oneErrorLine(result: CliResult): string {
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^stakeql: /);
  return lines[0] as string;
}

/** A port on 127.0.0.1 that nothing listens on (just released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A killable run of the built CLI (a real child process): its output once it ends, and SIGKILL on demand (bounded: killed after 60 s). */
export function spawnCli(bin: string, args: string[], env: Record<string, string>): { done: Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>; kill: () => void } {
  const c = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  c.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  c.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const bound = setTimeout(() => c.kill('SIGKILL'), 60_000);
  const done = new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((resolve, reject) => {
    c.on('error', reject);
    c.on('close', (code, signal) => {
      clearTimeout(bound);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { done, kill: () => c.kill('SIGKILL') };
}
