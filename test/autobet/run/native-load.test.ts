/**
 * The native SQLite module is loaded by the journal only, when a database
 * opens: importing `stakeql`, `stakeql/fairness`, `stakeql/paste` (or even
 * `stakeql/autobet` and `stakeql/history`) loads no native code; opening the
 * database does, and it loads one better-sqlite3: 12 below Node-API 10 (Node
 * 20), 13 from there on (Node 22.14+, 24). Checked in a child process on the
 * Node under test that records every `process.dlopen`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildForChildren } from '../../support/child-build.js';

const DATA = path.join(os.tmpdir(), `stakeql-native-${process.pid}`);
afterAll(() => fs.rmSync(DATA, { recursive: true, force: true }));

function nativeLoads(dist: string, entry: string, then = ''): string[] {
  const script = `
    const loaded = [];
    const dlopen = process.dlopen;
    process.dlopen = function (module, file, ...rest) { loaded.push(file); return dlopen.call(process, module, file, ...rest); };
    const m = await import(${JSON.stringify(pathToFileURL(path.join(dist, entry)).href)});
    ${then}
    console.log(JSON.stringify(loaded));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, STAKEQL_DATA_DIR: DATA } });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '[]') as string[];
}

describe('the native SQLite module', () => {
  it('is not loaded by importing the core entry points, stakeql/autobet or stakeql/history', async () => {
    const dist = await buildForChildren();
    for (const entry of ['index.js', 'fairness/index.js', 'paste/index.js', 'autobet/index.js', 'history/index.js']) {
      expect(nativeLoads(dist, entry), entry).toEqual([]);
    }
  }, 60_000);

  it('is loaded once a run opens the database (so the check above can fail), and is the one for this Node', async () => {
    const dist = await buildForChildren();
    const loads = nativeLoads(dist, 'autobet/index.js', 'await m.list_sessions();');
    // The alias's directory name says the major: 13's package.json keeps the name better-sqlite3.
    const expected = Number(process.versions.napi) >= 10 ? 'better-sqlite3-13' : 'better-sqlite3';
    expect(loads).toHaveLength(1);
    expect(loads[0]?.split(path.sep)).toContain(expected);
    expect(loads[0]?.endsWith('.node')).toBe(true);
  }, 60_000);
});
