/**
 * `autobet --notify` and `--retry-for` as a user runs them: a real child process, a real sandbox
 * and a JSON receiver on 127.0.0.1. The stop arrives once, with the counters
 * of the stop line; a bad URL is refused (exit 2) before any bet, and neither
 * its token nor the account's is printed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useAutobetWorld } from './helpers/autobet-world.js';
import { buildCli } from './helpers/cli.js';
import { http_receiver, type HttpReceiver } from '../notify/receivers.js';

const world = useAutobetWorld(undefined, 'stakeql-autobet-unattended-');
let rx: HttpReceiver | undefined;
afterEach(async () => {
  await rx?.close();
  rx = undefined;
});

const env = (): Record<string, string> => ({
  PATH: process.env['PATH'] ?? '/usr/bin:/bin',
  HOME: world.dir,
  STAKEQL_CONFIG_DIR: path.join(world.dir, 'config'),
  STAKEQL_STORE: 'file',
  STAKEQL_DATA_DIR: path.join(world.dir, 'data'),
  ...world.stake_env(),
});

async function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const bin = await buildCli();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: env(), stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const PASS = 'hookPASSword77';

describe('stakeql autobet --notify', () => {
  it('posts the stop line to a json:// sink once, after the run; the output holds no secret', async () => {
    rx = await http_receiver();
    const url = `json://u:${PASS}@127.0.0.1:${new URL(rx.base).port}/hook`;
    const r = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '6', '--yes', '--json', '--base-url', world.sandbox.url, '--notify', url, '--notify-on', 'limit']);
    expect(r.code, r.stderr).toBe(0);
    const stop = JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as Record<string, unknown>;
    expect(rx.requests).toHaveLength(1);
    const event = JSON.parse(rx.requests[0]!.body) as Record<string, unknown>;
    expect(event).toMatchObject({ event: 'stop', reason: 'max_bets', bets: 6, wins: stop['wins'], losses: stop['losses'], wagered: stop['wagered'], profit: stop['profit'], session: 1, site: world.sandbox.url });
    for (const secret of [PASS, world.stake_env()['STAKE_ACCESS_TOKEN'] as string]) {
      expect(r.stdout + r.stderr).not.toContain(secret);
      expect(rx.requests[0]!.body).not.toContain(secret);
    }
  }, 90_000);

  it('refuses a bad notification URL with exit 2 before any bet, without printing it', async () => {
    const r = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '3', '--yes', '--base-url', world.sandbox.url, '--notify', `tgram://${PASS}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--notify (1): expected tgram://BOT_TOKEN/CHAT_ID');
    expect(r.stdout + r.stderr).not.toContain(PASS);
    const bad = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--yes', '--base-url', world.sandbox.url, '--notify-on', 'jackpot']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--notify-on: unknown event 'jackpot'");
    expect(world.sandbox.stats().mutations_executed).toBe(0);
  }, 90_000);

  it('--stats-every with --json: stats lines, the last one at the stop with the stop line\'s counts', async () => {
    const r = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '9', '--yes', '--json', '--base-url', world.sandbox.url, '--stats-every', '1']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const stop = out.at(-1) as Record<string, unknown>;
    const stats = out.filter((l) => l['event'] === 'stats');
    expect(out.filter((l) => l['event'] === 'bet')).toHaveLength(9);
    expect(out.at(-2)).toMatchObject({ event: 'stats', bets: 9, profit: stop['profit'], wagered: stop['wagered'] });
    expect(Object.keys(stats.at(-1) as object).sort()).toEqual(
      ['event', 'seconds', 'bets', 'bets_per_second', 'profit', 'profit_per_hour', 'wagered', 'drawdown', 'max_drawdown', 'luck', 'limits_left'].sort(),
    );
    const bad = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--yes', '--base-url', world.sandbox.url, '--stats-every', '1.5']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--stats-every must be a whole number of seconds');
  }, 90_000);

  it('history stats --wagered 7d --in usd: the synced bets of the account at the sandbox\'s rate', async () => {
    const run = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '8', '--yes', '--base-url', world.sandbox.url]);
    expect(run.code, run.stderr).toBe(0);
    const sync = await cli(['history', 'sync', '--base-url', world.sandbox.url]);
    expect(sync.code, sync.stderr).toBe(0);
    const r = await cli(['history', 'stats', '--wagered', '7d', '--in', 'usd', '--json', '--base-url', world.sandbox.url]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { wagered: number; rates: string; in: string; by_currency: Array<{ currency: string; bets: number; wagered: string }> };
    // 8 bets of one satoshi; the sandbox publishes 60,000 US dollars per btc (src/sandbox/rates.ts).
    expect(out.by_currency).toEqual([expect.objectContaining({ currency: 'btc', bets: 8, wagered: '0.00000008' })]);
    expect(out.wagered).toBeCloseTo(8e-8 * 60_000, 6);
    expect(out).toMatchObject({ in: 'usd', rates: 'now' });
    const bad = await cli(['history', 'stats', '--wagered', '7w']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--wagered must be a window like 24h, 7d or 30d');
  }, 90_000);

  it('refuses a bad --retry-for with exit 2 before any bet', async () => {
    for (const d of ['0s', '25h', '10x', '1.5m', '-3s']) {
      const r = await cli(['autobet', world.strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--yes', '--base-url', world.sandbox.url, `--retry-for=${d}`]);
      expect(r.code, d).toBe(2);
      expect(r.stderr).toContain('--retry-for must be a duration such as 90 (seconds), 90s, 10m, 2h or 1h30m');
    }
    expect(world.sandbox.stats().mutations_executed).toBe(0);
  }, 90_000);
});
