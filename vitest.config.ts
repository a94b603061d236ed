import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * What puts a test file in the `e2e` project: it starts a child process (the built
 * CLI, a browser, tmux, a keyring daemon) or a worker pool, directly or through a
 * helper. Read from the files themselves so a new test lands in the right project
 * without anyone keeping a list; everything else is `unit` (in-process, servers on
 * loopback included).
 */
const E2E_MARKERS = [
  'node:child_process',
  'support/child-build',
  'support/built-fixture',
  'support/bash-oracle',
  'helpers/cli',
  'helpers/tmux',
  'helpers/terminal-run',
  'helpers/autobet-world',
  'helpers/sandbox-session',
  'playwright',
  'chromium',
  'dbus',
  'Worker(',
];

/**
 * Test files share their worker's module graph (`isolate: false`): each worker
 * imports `src/` once, not once per file, which was a quarter of `npm test`'s time
 * (issue 49, docs/performance.md). A file that needs modules of its own (it mocks
 * a module, or leaves global state behind on purpose) says so with a line
 * `// vitest: isolate (why)` and runs in the `unit-isolated` or `e2e-isolated`
 * project, each file in a fresh module graph.
 */
const ISOLATE_MARKER = '// vitest: isolate';

/**
 * A file that checks the test harness itself or a timing ratio says
 * `// vitest: ci-only (why)`: it runs in the `ci-only` project, which `.ci/run`
 * runs after `npm test` (`npm run test:ci-only`), and `npm test` leaves out so a
 * newcomer's first run stays under six minutes on two cores (docs/testing.md).
 */
const CI_ONLY_MARKER = '// vitest: ci-only';

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(full));
    else if (entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

const root = path.dirname(new URL(import.meta.url).pathname);
const files = testFiles(path.join(root, 'test')).map((file) => {
  const text = readFileSync(file, 'utf8');
  return {
    name: path.relative(root, file).split(path.sep).join('/'),
    e2e: E2E_MARKERS.some((marker) => text.includes(marker)),
    isolate: text.includes(ISOLATE_MARKER),
    ci_only: text.includes(CI_ONLY_MARKER),
  };
});
const pick = (e2e: boolean, isolate: boolean): string[] => files.filter((f) => !f.ci_only && f.e2e === e2e && f.isolate === isolate).map((f) => f.name);

// Servers in tests bind 127.0.0.1 only and stop by themselves; these bound a hung one.
// Forks, not threads: the tests send signals, change umask and load native modules,
// which a worker thread cannot do, or shares with the others.
// Library runs take the account lock in the per-user lock folder: tests keep theirs in a private one, never the user's.
const shared = { testTimeout: 30_000, hookTimeout: 30_000, pool: 'forks' as const, env: { STAKEQL_LOCK_DIR: path.join(tmpdir(), `stakeql-test-locks-${process.pid}`) } };
// The e2e files' children run the CLI built once, before any file starts (not once per worker).
const e2e_setup = { globalSetup: ['test/support/global-build.ts'] };

const projects: TestProjectInlineConfiguration[] = [
  { test: { ...shared, name: 'unit', isolate: false, include: ['test/**/*.test.ts'], exclude: files.filter((f) => f.e2e || f.isolate || f.ci_only).map((f) => f.name) } },
  { test: { ...shared, ...e2e_setup, name: 'e2e', isolate: false, include: pick(true, false) } },
  { test: { ...shared, name: 'unit-isolated', isolate: true, include: pick(false, true) } },
  { test: { ...shared, ...e2e_setup, name: 'e2e-isolated', isolate: true, include: pick(true, true) } },
  { test: { ...shared, ...e2e_setup, name: 'ci-only', isolate: true, include: files.filter((f) => f.ci_only).map((f) => f.name) } },
];

export default defineConfig({
  test: {
    // One file more than the cores at once. vitest's default for `run` is one fewer than the cores: a single
    // file at a time on 2 cores, while most e2e files spend their time waiting on a child (issue 49). On
    // 2 cores, 3 files at once took the whole suite from 372 s to 351 s (docs/performance.md).
    maxWorkers: availableParallelism() + 1,
    // A project with no files is left out rather than given a pattern that matches none.
    projects: projects.filter((p) => p.test?.name === 'unit' || (p.test?.include?.length ?? 0) > 0),
  },
});
