/**
 * `stakeql dashboard` as a child process: its URL with the token on stdout,
 * the sandbox's balances behind it, Ctrl-C (SIGINT) ending it with exit 0,
 * and bad input (a port in use, a bad port, a bad --sim file) refused with
 * exit 2 in one line naming what is wrong, with nothing served.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, cliEnv, oneErrorLine, runCli } from '../cli/helpers/cli.js';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { rawRequest, tempDatabase } from './helpers.js';

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});


/** Starts `stakeql dashboard ARGS` and resolves once it printed its URL. */
async function startDashboardIn(configDir: string, env: Record<string, string>, args: string[]) {
  const bin = await buildCli();
  const child = spawn(process.execPath, [bin, 'dashboard', ...args], { env: cliEnv(configDir, env), stdio: 'pipe', timeout: 60_000 });
  children.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out.stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out.stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const deadline = Date.now() + 20_000;
  let match: RegExpExecArray | null = null;
  while ((match = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]{43})/.exec(out.stdout)) === null) {
    if (Date.now() > deadline) throw new Error(`no URL printed: ${out.stdout} ${out.stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, exited, out, url: { port: Number(match[1]), token: match[2] as string } };
}

describe('stakeql dashboard', () => {
  let dir: Awaited<ReturnType<typeof tempDatabase>>;
  let sandbox: Sandbox;
  let user: SandboxLogin;
  let busy: Server;
  let busyPort: number;

  beforeAll(async () => {
    await buildCli();
    dir = await tempDatabase();
    sandbox = await start_sandbox({ starting_balances: { usd: 42 } });
    user = sandbox.login('cli-dash');
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => busy?.close(() => resolve()));
    await sandbox?.close();
    await dir?.remove();
  });

  const env = (): Record<string, string> => ({ STAKEQL_DATA_DIR: dir.dir, STAKE_ACCESS_TOKEN: user.access_token, STAKE_SESSION_COOKIE: user.session_cookie });
  const startDashboard = (args: string[]) => startDashboardIn(dir.dir, env(), args);

  it('a port in use: exit 2, one line naming the port, nothing else started', async () => {
    const result = await runCli(['dashboard', '--port', String(busyPort), '--base-url', sandbox.url], { configDir: dir.dir, env: env() });
    expect(result.code).toBe(2);
    expect(oneErrorLine(result)).toBe(`stakeql: dashboard: port ${busyPort} is in use; choose another with --port (0 or none: a free one)`);
    expect(result.stdout).toBe('');
  });

  it('a port that is not one, or one fetch refuses: exit 2 naming --port', async () => {
    for (const port of ['http', '65536', '-1', '6000']) {
      const result = await runCli(['dashboard', `--port=${port}`], { configDir: dir.dir, env: env() });
      expect(result.code, port).toBe(2);
      expect(oneErrorLine(result)).toContain('--port');
    }
  });

  it('a --sim file that is missing or not simulation lines: exit 2 naming the file or the line', async () => {
    const missing = await runCli(['dashboard', '--sim', path.join(dir.dir, 'none.jsonl')], { configDir: dir.dir, env: env() });
    expect(missing.code).toBe(2);
    expect(oneErrorLine(missing)).toBe(`stakeql: cannot read ${path.join(dir.dir, 'none.jsonl')}: no such file`);
    const bad = path.join(dir.dir, 'bad.jsonl');
    await fs.writeFile(bad, '{"event":"session","end_balance":1}\n{"event":"session","end_balance":"x"}\n');
    const result = await runCli(['dashboard', '--sim', bad], { configDir: dir.dir, env: env() });
    expect(result.code).toBe(2);
    expect(oneErrorLine(result)).toBe('stakeql: --sim line 2: end_balance must be a number');
  });

  it('a database that is not one: exit 5 naming the file, nothing written to it', async () => {
    const other = await tempDatabase();
    try {
      const garbage = 'this is not an SQLite database\n'.repeat(100);
      await fs.writeFile(other.file, garbage, { mode: 0o600 });
      const result = await runCli(['dashboard', '--base-url', sandbox.url], { configDir: dir.dir, env: { ...env(), STAKEQL_DATA_DIR: other.dir } });
      expect(result.code).toBe(5);
      expect(oneErrorLine(result)).toContain(other.file);
      expect(await fs.readFile(other.file, 'utf8')).toBe(garbage);
      expect(result.stdout).toBe('');
    } finally {
      await other.remove();
    }
  });

  it('shows what stakeql sim --json printed: every session in the histogram, the summary as printed', async () => {
    const strategy = path.join(dir.dir, 'flat.json');
    await fs.writeFile(strategy, JSON.stringify({ game: 'dice', bet: { amount: 0.1, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: 'reset' }));
    const sim = await runCli(['sim', strategy, '--balance', '10', '--bets', '30', '--sessions', '40', '--workers', '1', '--currency', 'usd', '--json'], { configDir: dir.dir, env: env(), timeoutMs: 60_000 });
    expect(sim.code, sim.stderr).toBe(0);
    const file = path.join(dir.dir, 'real-sim.jsonl');
    await fs.writeFile(file, sim.stdout);
    const lines = sim.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const summary = lines.find((l) => l['event'] === 'summary') as Record<string, unknown>;
    const { child, exited, url } = await startDashboard(['--base-url', sandbox.url, '--sim', file]);
    const state = JSON.parse((await rawRequest(url.port, { path: `/api/state?token=${url.token}` })).body) as { sim: { sessions: number; histogram: { counts: number[]; min: number; max: number }; summary: Record<string, number> } };
    const ends = lines.filter((l) => l['event'] === 'session').map((l) => l['end_balance'] as number);
    expect(state.sim.sessions).toBe(40);
    expect(state.sim.histogram.counts.reduce((a, b) => a + b, 0)).toBe(40);
    expect(state.sim.histogram.min).toBe(Math.min(...ends));
    expect(state.sim.histogram.max).toBe(Math.max(...ends));
    for (const key of ['p5', 'p25', 'p50', 'p75', 'p95']) expect(state.sim.summary[key], key).toBe(summary[key]);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000);

  it('prints its URL with the token, serves the balances, says nothing secret, and stops on Ctrl-C with exit 0', async () => {
    const sim = path.join(dir.dir, 'sim.jsonl');
    await fs.writeFile(sim, [1, 2, 3].map((b) => JSON.stringify({ event: 'session', index: b, end_balance: b })).join('\n'));
    const { child, exited, out, url } = await startDashboard(['--base-url', sandbox.url, '--sim', sim]);
    const port = url.port;
    const deadline = Date.now() + 20_000;
    expect(out.stdout).toContain('Showing the simulation of');
    let state: { balances?: { feed: string; balances: { currency: string; available: number }[] }; sim?: { sessions: number } } = {};
    while (state.balances?.feed !== 'live') {
      if (Date.now() > deadline) throw new Error(`the feed never went live: ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 50));
      state = JSON.parse((await rawRequest(port, { path: `/api/state?token=${url.token}` })).body);
    }
    expect(state.balances.balances).toEqual([{ currency: 'usd', available: 42, vault: 0 }]);
    expect(state.sim?.sessions).toBe(3);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out.stderr).toBe('stakeql dashboard stopped\n');
    for (const secret of [user.access_token, user.session_cookie]) expect(out.stdout + out.stderr).not.toContain(secret.slice(0, 12));
    await expect(rawRequest(port, { path: '/' })).rejects.toThrow();
  });
});
