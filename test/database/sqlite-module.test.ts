/**
 * Which better-sqlite3 the journal loads: 12 below Node-API 10 (Node 20,
 * where 13 crashes), 13 from Node-API 10 on (Node 22.14+, 24, where 12 aborts
 * the process when the garbage collector frees a statement). The choice is
 * checked on fixed versions, then the module this Node loaded is checked
 * against its package.json, and a child process prepares and drops thousands
 * of statements with it: with 12 on Node 24 that aborted (exit 134) after a
 * few thousand.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { choose_sqlite_package, sqlite_module } from '../../src/database/sqlite-module.js';

/** The package.json of the package `file` belongs to (walking up from the resolved entry). */
function packageOf(file: string): { name: string; version: string; dir: string } {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name: string; version: string };
      return { name, version, dir };
    }
  }
  throw new Error(`no package.json above ${file}`);
}

describe('choosing better-sqlite3 by the Node', () => {
  it('takes 12 below Node-API 10, whether 13 is installed or not', () => {
    expect(choose_sqlite_package({ node: '20.19.0', napi: '9' }, true)).toBe('better-sqlite3');
    expect(choose_sqlite_package({ node: '20.20.2', napi: '9' }, false)).toBe('better-sqlite3');
    expect(choose_sqlite_package({ node: '22.13.1', napi: '9' }, true)).toBe('better-sqlite3');
  });

  it('takes 13 from Node-API 10 on when it is installed', () => {
    expect(choose_sqlite_package({ node: '22.14.0', napi: '10' }, true)).toBe('better-sqlite3-13');
    expect(choose_sqlite_package({ node: '24.21.0', napi: '10' }, true)).toBe('better-sqlite3-13');
    expect(choose_sqlite_package({ node: '26.0.0', napi: '11' }, true)).toBe('better-sqlite3-13');
  });

  it('falls back to 12 on Node 22 without 13, and refuses on Node 24 rather than risk the abort', () => {
    expect(choose_sqlite_package({ node: '22.23.3', napi: '10' }, false)).toBe('better-sqlite3');
    expect(() => choose_sqlite_package({ node: '24.21.0', napi: '10' }, false)).toThrow(/needs better-sqlite3 13 on Node 24\.21\.0.*better-sqlite3-13 is not installed/);
    expect(() => choose_sqlite_package({ node: '23.5.0', napi: '9' }, true)).toThrow(/better-sqlite3-13/);
  });
});

describe('the better-sqlite3 this Node loads', () => {
  const napi = Number(process.versions.napi);
  const expected = napi >= 10 ? { name: 'better-sqlite3-13', major: '13.' } : { name: 'better-sqlite3', major: '12.' };

  it(`is ${expected.name} (${expected.major}x) on Node ${process.versions.node} (Node-API ${napi})`, () => {
    const loaded = sqlite_module();
    expect(loaded.package).toBe(expected.name);
    const owner = packageOf(loaded.path);
    // The alias is installed under its own directory name; its package.json keeps the real name.
    expect(path.basename(owner.dir)).toBe(expected.name);
    expect(owner.name).toBe('better-sqlite3');
    expect(owner.version.startsWith(expected.major)).toBe(true);
    const db = new loaded.Database(':memory:');
    try {
      expect(db.prepare('SELECT 41 + 1 AS n').pluck().get()).toBe(42);
    } finally {
      db.close();
    }
  });

  it('survives the garbage collector freeing thousands of statements (12 on Node 24 aborted here)', () => {
    const loaded = sqlite_module();
    // Each prepare makes a statement that is garbage at once; 5,000 was enough for the abort.
    const script = `
      const Database = require(${JSON.stringify(loaded.path)});
      const db = new Database(':memory:');
      db.exec('CREATE TABLE t (a INTEGER, b TEXT)');
      for (let i = 0; i < 50000; i++) db.prepare('INSERT INTO t VALUES (?, ?)').run(i, 'x' + i);
      const n = db.prepare('SELECT COUNT(*) FROM t').pluck().get();
      db.close();
      console.log(n);`;
    const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(out.trim()).toBe('50000');
  }, 90_000);
});
