/**
 * The `autobet` command as a user runs it: real child processes against a
 * real sandbox, the journal in a private data directory. Exit codes, what is
 * printed, what is sent (nothing, when refused), Ctrl-C, `autobet stop` from
 * another process, and `list` / `show`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Database } from '../support/sqlite.js';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { buildCli } from './helpers/cli.js';

const world = useAutobetWorld(undefined, 'stakeql-autobet-cli-');

// A clean environment for the child: the file store and the journal in the test's own directory.
const env = (): Record<string, string> => ({
  PATH: process.env['PATH'] ?? '/usr/bin:/bin',
  HOME: world.dir,
  STAKEQL_CONFIG_DIR: path.join(world.dir, 'config'),
  STAKEQL_STORE: 'file',
  STAKEQL_DATA_DIR: path.join(world.dir, 'data'),
  ...world.stake_env(),
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function cli(args: string[], options: { onStdout?: (text: string, child: ReturnType<typeof spawn>) => void; timeoutMs?: number } = {}): Promise<Run> {
  const bin = await buildCli();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeoutMs ?? 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      options.onStdout?.(stdout, child);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const base = (): string[] => ['--base-url', world.sandbox.url];
const lines = (text: string): Record<string, unknown>[] => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

function journal(): { status: string }[] {
  const db = new Database(path.join(world.dir, 'data', 'stakeql.db'), { readonly: true });
  try {
    return db.prepare('SELECT status FROM journal ORDER BY seq').all() as { status: string }[];
  } finally {
    db.close();
  }
}

describe('stakeql autobet', () => {
  it('runs to max_bets: one JSON line per bet, then the stop line; exit 0; the data directory is private', async () => {
    const r = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '7', '--yes', '--json', ...base()]);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(8);
    expect(out.slice(0, 7).every((l) => l['event'] === 'bet' && l['currency'] === 'btc' && typeof l['identifier'] === 'string')).toBe(true);
    expect(Object.keys(out[0] as object).sort()).toEqual(['amount', 'balance', 'currency', 'event', 'game', 'identifier', 'nonce', 'payout', 'payoutMultiplier', 'profit', 'seq', 'state'].sort());
    expect(out[7]).toMatchObject({ event: 'stop', reason: 'max_bets', bets: 7 });
    expect(fs.statSync(path.join(world.dir, 'data')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(world.dir, 'data', 'stakeql.db')).mode & 0o777).toBe(0o600);
    // list and show read the same session back.
    const list = await cli(['autobet', 'list', '--json']);
    expect(lines(list.stdout)).toEqual([expect.objectContaining({ session: 1, game: 'dice', bets: 7, reason: 'max_bets' })]);
    const show = await cli(['autobet', 'show', '1', '--json']);
    expect(lines(show.stdout)).toEqual(out.slice(0, 7));
    const csv = await cli(['autobet', 'show', '1', '--csv']);
    expect(csv.stdout.split('\n')[0]).toBe('seq,identifier,game,amount,currency,payoutMultiplier,payout,profit,balance,nonce,result,target,multiplierTarget,condition');
    expect(csv.stdout.trim().split('\n')).toHaveLength(8);
  }, 90_000);

  it('refuses, exit 2 and nothing sent: no --stop-loss, no --max-bet, a bad limit, no --yes without a terminal, a bad strategy', async () => {
    const bad = path.join(world.dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ game: 'dice', bet: { amount: -1, target: 50, condition: 'above' } }));
    const broken = path.join(world.dir, 'broken.mjs');
    fs.writeFileSync(broken, 'export default (state => {');
    const cases: [string[], RegExp][] = [
      [['autobet', world.strategy, '--max-bet', '1', '--yes'], /stop_loss is required/],
      [['autobet', world.strategy, '--stop-loss', '1', '--yes'], /max_bet is required/],
      [['autobet', world.strategy, '--stop-loss=-1', '--max-bet', '1', '--yes'], /--stop-loss must be 0 or more \(got "-1"\)/],
      [['autobet', world.strategy, '--stop-loss', '0', '--max-bet', '1', '--yes'], /stop_loss must be a positive number/],
      [['autobet', world.strategy, '--stop-loss', '1', '--max-bet', '1'], /pass --yes/],
      [['autobet', bad, '--stop-loss', '1', '--max-bet', '1', '--yes'], /bet\.amount/],
      [['autobet', broken, '--stop-loss', '1', '--max-bet', '1', '--yes'], /broken\.mjs does not load/],
      [['autobet', path.join(world.dir, 'missing.json'), '--stop-loss', '1', '--max-bet', '1', '--yes'], /no such file/],
      // The settle period is never shorter than twice the request timeout, the resolve timeout never shorter than it.
      [['autobet', world.strategy, '--stop-loss', '1', '--max-bet', '1', '--yes', '--timeout', '3', '--settle', '5'], /--settle \(5 s\) must be at least twice --timeout \(3 s\)/],
      [['autobet', world.strategy, '--stop-loss', '1', '--max-bet', '1', '--yes', '--resolve-timeout', '20'], /--resolve-timeout \(20 s\) must be at least the settle period \(60 s, the default for this --timeout/],
      [['autobet', world.strategy, '--stop-loss', '1', '--max-bet', '1', '--yes', '--settle', '4', '--resolve-timeout', '3', '--timeout', '1'], /--resolve-timeout \(3 s\) must be at least the settle period \(4 s\)/],
      [['autobet', world.strategy, '--stop-loss', '1', '--max-bet', '1', '--yes', '--settle', 'soon'], /--settle must be a number of seconds above 0/],
      [['autobet', 'resume', '--yes', '--timeout', '2', '--settle', '1'], /--settle \(1 s\) must be at least twice --timeout \(2 s\)/],
    ];
    for (const [args, message] of cases) {
      const r = await cli([...args, ...base()]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
    expect(world.sandbox.stats().mutations_executed).toBe(0);
  }, 120_000);

  it('prints amounts as plain decimals for a person (never 8e-8)', async () => {
    const r = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '5', '--yes', ...base()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^session 1 stopped \(max_bets\)\n5 bets, \d won, \d lost; wagered 0\.00000005 btc, profit -?0(\.\d+)? btc\n$/);
    const list = await cli(['autobet', 'list']);
    expect(list.stdout).not.toMatch(/e-\d/);
  }, 60_000);

  it('exits 3 for a session that does not exist', async () => {
    for (const sub of [['resume', '9', '--yes'], ['show', '9'], ['stop', '9']]) {
      const r = await cli(['autobet', ...sub, ...base()]);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toMatch(/no autobet session 9/);
    }
  }, 60_000);

  it('Ctrl-C stops after the bet in flight is settled and journaled: exit 130, reason interrupted, nothing left unresolved', async () => {
    await world.slow_down(300);
    let sent = false;
    const r = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--yes', '--json', ...base()], {
      onStdout: (text, child) => {
        // After the second bet line the third bet is in flight (each takes 300 ms in the sandbox).
        if (!sent && text.split('\n').length > 2) {
          sent = true;
          setTimeout(() => child.kill('SIGINT'), 100);
        }
      },
    });
    expect(r.code, r.stderr).toBe(130);
    const out = lines(r.stdout);
    const stop = out.at(-1) as Record<string, unknown>;
    expect(stop).toMatchObject({ event: 'stop', reason: 'interrupted' });
    expect(stop['bets']).toBe(out.length - 1);
    expect(out.length - 1).toBeGreaterThanOrEqual(3);
    expect(journal().every((row) => row.status === 'placed')).toBe(true);
    expect(world.sandbox.stats().mutations_executed).toBe(out.length - 1);
  }, 90_000);

  it("'autobet stop' from another process ends a running session after its bet in flight (exit 0, reason user)", async () => {
    let asked: Promise<Run> | null = null;
    const r = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--yes', '--json', ...base()], {
      onStdout: (text) => {
        if (asked === null && text.split('\n').length > 3) asked = cli(['autobet', 'stop']);
      },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).at(-1)).toMatchObject({ event: 'stop', reason: 'user' });
    const stopper = await (asked as unknown as Promise<Run>);
    expect(stopper.code).toBe(0);
    expect(stopper.stdout).toMatch(/asked session 1 to stop/);
    expect(journal().every((row) => row.status === 'placed')).toBe(true);
  }, 90_000);
});
