/**
 * `autobet list` and `show` as a user reads them (finding 13): real child
 * processes against a real sandbox. A running session is told from a killed
 * one by its process; a header and the strategy; limits as words; `show`
 * with a totals line and `--last N`; a run refused before its first bet
 * takes no session number.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { buildCli } from './helpers/cli.js';

const world = useAutobetWorld(undefined, 'stakeql-autobet-sessions-');

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
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

async function cli(args: string[], onStdout?: (text: string, child: ReturnType<typeof spawn>) => void): Promise<Run> {
  const bin = await buildCli();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      onStdout?.(stdout, child);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const base = (): string[] => ['--base-url', world.sandbox.url];
const limits = ['--stop-loss', '0.001', '--max-bet', '0.0001'];

describe('stakeql autobet list and show', () => {
  it('a header, the strategy, readable limits; a live run is "running (pid)", a killed one "killed: resume it"', async () => {
    await world.slow_down(150);
    let listed: Promise<Run> | null = null;
    let pid = 0;
    const running = await cli(['autobet', world.strategy, ...limits, '--max-bets', '500', '--yes', '--json', ...base()], (text, child) => {
      if (listed === null && text.includes('\n')) {
        pid = child.pid ?? 0;
        // Listed while it runs, then asked to stop.
        listed = cli(['autobet', 'list']).then(async (r) => {
          await cli(['autobet', 'stop']);
          return r;
        });
      }
    });
    expect(running.code, running.stderr).toBe(0);
    const list = await (listed as unknown as Promise<Run>);
    const [scope, header, row] = list.stdout.split('\n');
    // One account on one site (issue 48): named above the table, and in its columns.
    expect(scope).toMatch(/^Sessions of .*:$/);
    expect(header).toMatch(/^SESSION +STARTED \(UTC\) +SITE +ACCOUNT +STRATEGY +GAME +BETS +PROFIT +STATE +LIMITS$/);
    expect(row).toMatch(new RegExp(`^ +1 +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d +http://127\\.0\\.0\\.1:\\d+ +\\S+ +flat\\.json +dice +\\d+ +[+-]?[0-9.]+ btc +running \\(pid ${pid}\\) +max_bet 0\\.0001, stop_loss 0\\.001, max_bets 500$`));

    // SIGKILL after the first bet: the session keeps its running mark, its process is gone.
    const killed = await cli(['autobet', world.strategy, ...limits, '--max-bets', '500', '--yes', '--json', ...base()], (text, child) => {
      if (text.includes('\n')) child.kill('SIGKILL');
    });
    expect(killed.signal).toBe('SIGKILL');
    const after = (await cli(['autobet', 'list'])).stdout.split('\n');
    expect(after[2]).toMatch(/^ +2 .* killed: resume it +max_bet/);
    expect(after[3]).toMatch(/^ +1 .* user +max_bet/);
    const json = (await cli(['autobet', 'list', '--json'])).stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(json[0]).toMatchObject({ session: 2, state: 'killed', strategy: 'flat.json', limits: { stop_loss: 0.001, max_bet: 0.0001, max_bets: 500 } });
    expect(json[1]).toMatchObject({ session: 1, state: 'stopped', reason: 'user' });
  }, 120_000);

  it('show: readable limits, a totals line equal to the stop line, the last 20 bets by default, --last N', async () => {
    const run = await cli(['autobet', world.strategy, ...limits, '--max-bets', '25', '--yes', ...base()]);
    expect(run.code, run.stderr).toBe(0);
    const stop = /^25 bets, (\d+) won, (\d+) lost; wagered ([0-9.]+) btc, profit (-?[0-9.]+) btc$/m.exec(run.stdout);
    expect(stop, run.stdout).not.toBeNull();
    const show = await cli(['autobet', 'show', '1']);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('limits: max_bet 0.0001, stop_loss 0.001, max_bets 25\n');
    expect(show.stdout).not.toContain('{');
    expect(show.stdout).toContain(`totals: 25 bets, ${stop?.[1]} won, ${stop?.[2]} lost; wagered ${stop?.[3]} btc, profit ${stop?.[4]} btc\n`);
    expect(show.stdout).toContain('the last 20 of 25 bets');
    const betRows = (text: string): number[] => [...text.matchAll(/^ +(\d+) {2}dice /gm)].map((m) => Number(m[1]));
    expect(betRows(show.stdout)).toEqual([...Array(20).keys()].map((i) => i + 6));
    const last = await cli(['autobet', 'show', '1', '--last', '3']);
    expect(betRows(last.stdout)).toEqual([23, 24, 25]);
    const json = await cli(['autobet', 'show', '1', '--json', '--last', '2']);
    expect(json.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual([24, 25]);
    const bad = await cli(['autobet', 'show', '1', '--last', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--last must be a whole number from 1/);
  }, 90_000);

  it('a run refused before its first bet takes no session number', async () => {
    // No eth on the account: the first bet cannot be covered, nothing is sent.
    const refused = await cli(['autobet', world.strategy, ...limits, '--currency', 'eth', '--yes', ...base()]);
    expect(refused.code, refused.stderr).toBe(0);
    expect(refused.stdout).toMatch(/^stopped before any bet, no session kept \(insufficient_balance\)/);
    expect(world.sandbox.stats().mutations_executed).toBe(0);
    expect((await cli(['autobet', 'list'])).stdout).toMatch(/:\nNo autobet sessions yet\.\n$/);
    const next = await cli(['autobet', world.strategy, ...limits, '--max-bets', '2', '--yes', ...base()]);
    expect(next.stdout).toMatch(/^session 1 stopped \(max_bets\)/);
  }, 90_000);
});
