/**
 * Sessions that did not end as asked (issue 36), as a user meets them: real
 * child processes, a real sandbox over loopback, the journal in a private
 * data directory. A session stopped with unknown_outcome holds new runs on
 * its account back until `autobet abandon` closes it (after a confirmation);
 * `resume --if-any` leaves an ended session alone; a session run on STAKE_*
 * credentials (no profile) resumes on them after a SIGKILL.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { Database } from '../support/sqlite.js';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { buildCli } from './helpers/cli.js';

const world = useAutobetWorld('abandoner', 'stakeql-autobet-abandon-');

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

const limits = ['--stop-loss', '0.001', '--max-bet', '0.0001', '--yes', '--json'];
const lastLine = (text: string): Record<string, unknown> => JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
const database = (): string => path.join(world.dir, 'data', 'stakeql.db');

async function ledgerIds(): Promise<string[]> {
  const [access_token, session_cookie] = [world.stake_env()['STAKE_ACCESS_TOKEN'], world.stake_env()['STAKE_SESSION_COOKIE']];
  const client = new StakeClient({ access_token, session_cookie, base_url: world.sandbox.url });
  try {
    const ids: string[] = [];
    for await (const b of client.bets()) ids.push((b.bet as { id: string }).id);
    return ids;
  } finally {
    await client.close();
  }
}

describe('autobet abandon, resume --if-any, resume on STAKE_* credentials', () => {
  it('a session stopped with unknown_outcome holds new runs back until it is abandoned, after a confirmation', async () => {
    // The bet's request is lost before the site sees it, and the seed pair cannot be read: nothing can be told.
    world.sandbox.fail_next({ kind: 'drop', operations: ['DiceRoll'] }, 1);
    // Queued after the drop: the seed reads before the first bet pass, every one after it fails.
    world.sandbox.fail_next({ kind: 'status', status: 503, operations: ['UserSeedPair'] }, 50);
    const timing = ['--timeout', '0.2', '--settle', '0.4', '--resolve-timeout', '1'];
    const first = await cli(['autobet', world.strategy, ...limits, '--max-bets', '3', '--base-url', world.sandbox.url, ...timing]);
    expect(first.code, first.stderr).toBe(1);
    expect(lastLine(first.stdout)['reason']).toBe('unknown_outcome');
    world.sandbox.clear_faults();

    const dice = (): number => world.sandbox.stats().by_operation['DiceRoll'] ?? 0;
    const before = dice();
    const refused = await cli(['autobet', world.strategy, ...limits, '--max-bets', '2', '--base-url', world.sandbox.url]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/session 1 on this account left 1 bet whose outcome is not known/);
    expect(dice()).toBe(before);

    // No terminal and no --yes: refused, the session unchanged.
    const asked = await cli(['autobet', 'abandon', '1']);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toMatch(/pass --yes/);
    expect(JSON.parse((await cli(['autobet', 'list', '--json'])).stdout.trim())).toMatchObject({ session: 1, reason: 'unknown_outcome' });

    const abandoned = await cli(['autobet', 'abandon', '1', '--yes']);
    expect(abandoned.code, abandoned.stderr).toBe(0);
    expect(abandoned.stdout).toMatch(/^session 1 abandoned; 1 bet left without a known outcome/);
    expect(JSON.parse((await cli(['autobet', 'list', '--json'])).stdout.trim())).toMatchObject({ session: 1, reason: 'abandoned' });
    expect((await cli(['autobet', 'abandon', '9', '--yes'])).code).toBe(3);

    // An abandoned session is over: resume --if-any leaves it alone and sends nothing.
    const requests = world.sandbox.stats().requests;
    const ifAny = await cli(['autobet', 'resume', '--if-any', '--yes']);
    expect(ifAny.code).toBe(0);
    expect(ifAny.stderr).toMatch(/nothing to resume: session 1 ended \(abandoned\)/);
    expect(world.sandbox.stats().requests).toBe(requests);

    const next = await cli(['autobet', world.strategy, ...limits, '--max-bets', '2', '--base-url', world.sandbox.url]);
    expect(next.code, next.stderr).toBe(0);
    expect(lastLine(next.stdout)).toMatchObject({ reason: 'max_bets', bets: 2 });
  }, 60_000);

  it('a session run on STAKE_* credentials with no profile resumes on them after a SIGKILL (resume --if-any), every bet booked once', async () => {
    await world.slow_down(20);
    const none = await cli(['autobet', 'resume', '--if-any', '--yes']);
    expect(none.code).toBe(0);
    expect(none.stderr).toMatch(/nothing to resume: no autobet session yet/);

    const killed = await cli(['autobet', world.strategy, ...limits, '--max-bets', '12', '--base-url', world.sandbox.url], true);
    expect(killed.signal).toBe('SIGKILL');
    const db = new Database(database());
    try {
      expect(db.prepare('SELECT profile FROM sessions WHERE id = 1').pluck().get()).toBeNull();
      // Sessions recorded before this change named the default profile, which does not exist here.
      db.prepare("UPDATE sessions SET profile = 'default' WHERE id = 1").run();
    } finally {
      db.close();
    }
    expect(fs.existsSync(path.join(world.dir, 'config', 'profiles.json'))).toBe(false);

    // No --profile, no --base-url: the session's site, the environment's credentials.
    const resumed = await cli(['autobet', 'resume', '--if-any', '--yes', '--json', '--timeout', '2', '--settle', '4']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(lastLine(resumed.stdout)).toMatchObject({ reason: 'max_bets', bets: 12 });
    const site = await ledgerIds();
    expect(site).toHaveLength(12);
    const rows = new Database(database(), { readonly: true });
    try {
      const placed = rows.prepare("SELECT bet_id FROM journal WHERE status = 'placed'").pluck().all() as string[];
      expect([...placed].sort()).toEqual([...site].sort());
      expect(rows.prepare("SELECT COUNT(*) FROM journal WHERE status = 'intent'").pluck().get()).toBe(0);
    } finally {
      rows.close();
    }
    const again = await cli(['autobet', 'resume', '--if-any', '--yes']);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/nothing to resume: session 1 ended \(max_bets\)/);
  }, 60_000);
});
