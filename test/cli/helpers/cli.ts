import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SRC = path.join(ROOT, 'src');

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sourceFiles(full)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out.sort();
}

let built: Promise<string> | null = null;

/**
 * Builds `src/` for child processes and resolves to the path of `cli/bin.js`.
 * Node 20 cannot run TypeScript, and a full `tsc` would stop on another
 * helper's half-written file, so every source is transpiled on its own (as
 * `test/store/helpers/build-store.ts` does) into `<tmp>/stakeql-cli-<hash>/dist`,
 * beside a `package.json` (for `--version` and `"type": "module"`) and a
 * `node_modules` link (for `cookie`, `graphql`, `clipboardy`).
 *
 * The directory is named by a hash of the sources, so test files running in
 * parallel share one build without a lock: each builds into a private
 * directory and renames it into place; whoever renames second drops theirs.
 */
export function buildCli(): Promise<string> {
  built ??= build();
  return built;
}

async function build(): Promise<string> {
  const files = await sourceFiles(SRC);
  const hash = createHash('sha256');
  const texts = new Map<string, string>();
  for (const file of files) {
    const text = await fs.readFile(file, 'utf8');
    texts.set(file, text);
    hash.update(path.relative(SRC, file)).update('\0').update(text).update('\0');
  }
  const pkg = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  hash.update(pkg.version);
  const dir = path.join(os.tmpdir(), `stakeql-cli-${hash.digest('hex').slice(0, 16)}`);
  const bin = path.join(dir, 'dist', 'cli', 'bin.js');
  try {
    await fs.access(path.join(dir, '.complete'));
    return bin;
  } catch {
    // Not built yet: build below.
  }
  const work = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  for (const [file, text] of texts) {
    const { outputText } = ts.transpileModule(text, {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    const out = path.join(work, 'dist', path.relative(SRC, file)).replace(/\.ts$/, '.js');
    await fs.mkdir(path.dirname(out), { recursive: true });
    await fs.writeFile(out, outputText);
  }
  await fs.writeFile(path.join(work, 'package.json'), JSON.stringify({ name: pkg.name, version: pkg.version, type: 'module' }));
  await fs.symlink(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  await fs.writeFile(path.join(work, '.complete'), '');
  try {
    await fs.rename(work, dir);
  } catch {
    // Another test file renamed its identical build into place first.
    await fs.rm(work, { recursive: true, force: true });
  }
  return bin;
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
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: cliEnv(options.configDir, options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 15_000,
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
