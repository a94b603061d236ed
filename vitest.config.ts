import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

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
const e2e = testFiles(path.join(root, 'test'))
  .filter((file) => {
    const text = readFileSync(file, 'utf8');
    return E2E_MARKERS.some((marker) => text.includes(marker));
  })
  .map((file) => path.relative(root, file).split(path.sep).join('/'));

// Servers in tests bind 127.0.0.1 only and stop by themselves; these bound a hung one.
const shared = { testTimeout: 30_000, hookTimeout: 30_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'unit', include: ['test/**/*.test.ts'], exclude: e2e } },
      { test: { ...shared, name: 'e2e', include: e2e.length > 0 ? e2e : ['test/no-e2e-files'] } },
    ],
  },
});
