/**
 * `autobet resume` and a strategy file edited since the session started
 * (issue 42): the session records the SHA-256 of the module's text; resume
 * of an edited module is refused (exit 2, naming the file and both hashes,
 * nothing sent) unless `--accept-changed-strategy`, which runs the file as it
 * is now and records its new hash. Real CLI children killed with a real
 * SIGKILL, the sandbox over loopback, the journal in a private data directory.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Database } from '../support/sqlite.js';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { buildCli } from './helpers/cli.js';

const world = useAutobetWorld('editor', 'stakeql-autobet-changed-');

const env = (): Record<string, string> => ({
  PATH: process.env['PATH'] ?? '/usr/bin:/bin',
  HOME: world.dir,
  STAKEQL_CONFIG_DIR: path.join(world.dir, 'config'),
  STAKEQL_STORE: 'file',
  STAKEQL_DATA_DIR: path.join(world.dir, 'data'),
  ...world.stake_env(),
});

interface Run { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/** Runs the CLI; `killOnBet` SIGKILLs it as soon as it has printed its first bet line. */
async function cli(args: string[], killOnBet = false): Promise<Run> {
  const bin = await buildCli();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (killOnBet && stdout.includes('"event":"bet"')) child.kill('SIGKILL');
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const MODULE = `// One satoshi on dice, above 50.5, every bet.
export default function flat() {
  return { game: 'dice', amount: 1e-8, target: 50.5, condition: 'above' };
}
`;
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const lastLine = (text: string): Record<string, unknown> => JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;

describe('autobet resume of a strategy module edited since the session started', () => {
  it('is refused naming the change (exit 2, nothing sent), and runs with --accept-changed-strategy, which records the new hash', async () => {
    await world.slow_down(20);
    const file = path.join(world.dir, 'flat.mjs');
    fs.writeFileSync(file, MODULE);
    const limits = ['--stop-loss', '0.001', '--max-bet', '0.0001', '--yes', '--json'];
    const killed = await cli(['autobet', file, ...limits, '--max-bets', '6', '--base-url', world.sandbox.url], true);
    expect(killed.signal).toBe('SIGKILL');
    const database = path.join(world.dir, 'data', 'stakeql.db');
    const recorded = (): { file: string; sha256: string } => {
      const db = new Database(database, { readonly: true });
      try {
        return JSON.parse(db.prepare('SELECT strategy_source FROM sessions WHERE id = 1').pluck().get() as string) as { file: string; sha256: string };
      } finally {
        db.close();
      }
    };
    expect(recorded()).toEqual({ file, sha256: sha256(MODULE) });

    // An edited module (unchanged ones resume as before: test/autobet/strategies/lua-engine.test.ts and others).
    const edited = MODULE.replace('above 50.5', 'above 50.5, now with a comment');
    fs.writeFileSync(file, edited);
    const dice = (): number => world.sandbox.stats().by_operation['DiceRoll'] ?? 0;
    const before = dice();
    const refused = await cli(['autobet', 'resume', '--yes', '--json']);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain('flat.mjs changed since the session started');
    expect(refused.stderr).toContain(sha256(MODULE).slice(0, 12));
    expect(refused.stderr).toContain(sha256(edited).slice(0, 12));
    expect(refused.stderr).toContain('--accept-changed-strategy');
    expect(dice()).toBe(before);
    expect(recorded().sha256).toBe(sha256(MODULE));

    const accepted = await cli(['autobet', 'resume', '--yes', '--json', '--accept-changed-strategy', '--timeout', '2', '--settle', '4']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(lastLine(accepted.stdout)).toMatchObject({ reason: 'max_bets', bets: 6 });
    expect(dice()).toBeGreaterThan(before);
    expect(recorded()).toEqual({ file, sha256: sha256(edited) });
  }, 90_000);

  it('a session recorded with a bare path (an older stakeql) is refused too, saying no hash was recorded', async () => {
    await world.slow_down(20);
    const file = path.join(world.dir, 'flat.mjs');
    fs.writeFileSync(file, MODULE);
    const killed = await cli(['autobet', file, '--stop-loss', '0.001', '--max-bet', '0.0001', '--yes', '--json', '--max-bets', '4', '--base-url', world.sandbox.url], true);
    expect(killed.signal).toBe('SIGKILL');
    const db = new Database(path.join(world.dir, 'data', 'stakeql.db'));
    try {
      db.prepare('UPDATE sessions SET strategy_source = ? WHERE id = 1').run(file);
    } finally {
      db.close();
    }
    const refused = await cli(['autobet', 'resume', '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('recorded no hash');
    const accepted = await cli(['autobet', 'resume', '--yes', '--json', '--accept-changed-strategy', '--timeout', '2', '--settle', '4']);
    expect(accepted.code, accepted.stderr + accepted.stdout.slice(-400)).toBe(0);
    expect(lastLine(accepted.stdout)).toMatchObject({ reason: 'max_bets', bets: 4 });
  }, 90_000);
});
