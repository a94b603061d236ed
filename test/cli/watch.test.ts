/**
 * `stakeql watch` against a sandbox, as a child process: events as lines (or
 * JSON lines), a dropped connection reported on stderr and recovered, Ctrl-C
 * (SIGINT) stopping it with exit 0, refusals as one error line.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { buildCli, cliEnv, closedPort, oneErrorLine } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

interface Watching {
  readonly child: ChildProcessWithoutNullStreams;
  stdout: string;
  stderr: string;
  readonly exited: Promise<number | null>;
}

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

async function watch(args: string[], configDir: string, env: Record<string, string>): Promise<Watching> {
  const bin = await buildCli();
  // Bounded: killed after 60 s whatever happens.
  const child = spawn(process.execPath, [bin, 'watch', ...args], { env: cliEnv(configDir, env), stdio: 'pipe', timeout: 60_000 });
  children.push(child);
  const w: Watching = {
    child,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => child.on('close', (code) => resolve(code))),
  };
  child.stdout.setEncoding('utf8').on('data', (d: string) => (w.stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (w.stderr += d));
  child.stdin.end();
  return w;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('stakeql watch', () => {
  const session = useCliSandboxSession();
  const env = session.stake_env;
  const bet = async () => {
    await using client = new StakeClient({ base_url: session.sandbox.url, ...session.user });
    return await client.dice({ amount: 0.0001, currency: 'btc', target: 98, condition: 'above' });
  };

  it('balances --json: one JSON object a line per event; a drop is reported on stderr and recovered; Ctrl-C exits 0', async () => {
    const w = await watch(['balances', '--json'], session.config_dir, env());
    await until(() => session.sandbox.websocket_stats().live_subscriptions === 1, 'the subscription');
    const live = (identifier: string) => session.sandbox.websocket_stats().balance_deliveries.find((d) => d.identifier === identifier)?.live ?? 0;
    const lines_of = (identifier: string) => w.stdout.split('\n').filter((l) => l.includes(identifier)).length;
    const first = await bet();
    // A loss is one event, a win two (debit, payout): wait for every one before dropping.
    await until(() => lines_of(first.identifier) === live(first.identifier), 'the first bet\'s events');

    session.sandbox.drop_websockets();
    await until(() => w.stderr.includes('reconnected'), 'the reconnection');
    await until(() => session.sandbox.websocket_stats().live_subscriptions === 1, 'the subscription back');
    const second = await bet();
    await until(() => lines_of(second.identifier) === live(second.identifier), 'the second bet\'s events');

    w.child.kill('SIGINT');
    expect(await w.exited).toBe(0);
    const lines = w.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { amount: number; identifier: string; balance: { currency: string } });
    expect(lines.map((l) => l.identifier)).toEqual(
      [first, second].flatMap((b) => Array.from({ length: b.payout > 0 ? 2 : 1 }, () => b.identifier)),
    );
    expect(lines[0]).toMatchObject({ amount: -0.0001, balance: { currency: 'btc' } });
    expect(w.stderr).toMatch(/^stakeql: connection lost \(close 1006\); reconnecting…\nstakeql: reconnected\nstakeql watch stopped\n$/);
    expect(w.stdout + w.stderr).not.toContain(session.user.access_token);
    expect(w.stdout + w.stderr).not.toContain(session.user.session_cookie);
  });

  it('bets: a line per finished bet with game, amount, multiplier, payout, player and iid', async () => {
    const w = await watch(['bets'], session.config_dir, env());
    await until(() => session.sandbox.websocket_stats().live_subscriptions === 1, 'the subscription');
    await bet();
    await until(() => w.stdout.includes('\n'), 'the bet line');
    w.child.kill('SIGINT');
    expect(await w.exited).toBe(0);
    expect(w.stdout).toMatch(/^dice {2}0\.0001 btc {2}×(0|49\.5) {2}payout (0|0\.00495) btc {2}cli-tester {2}house:\d+\n$/);
  });

  it('is listed by --help and has its own help', async () => {
    const main = await session.run(['--help']);
    expect(main.stdout).toMatch(/^ {2}watch +follow your balance, the house bets, or crash and slide rounds live/m);
    const own = await session.run(['watch', '--help']);
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('stakeql watch balances|bets|crash|slide [--json]');
  });

  // Issue 22, items 6 and 7: reconnecting is for a connection that was up; a site never reached fails at once.
  it('a port nobody listens on: one error line saying "connection refused" and the host and port, exit 1', async () => {
    const port = await closedPort();
    const w = await watch(['bets'], session.config_dir, { STAKE_BASE_URL: `http://127.0.0.1:${port}` });
    expect(await w.exited).toBe(1);
    const line = oneErrorLine({ code: 1, signal: null, stdout: w.stdout, stderr: w.stderr.replace(/^stakeql: warning: .*\n/m, '') });
    expect(line).toContain('connection refused');
    expect(line).toContain(`127.0.0.1:${port}`);
    expect(w.stderr).not.toContain('reconnecting');
    expect(w.stdout).toBe('');
  });

  it('a revoked token: one error line, exit 4; an unknown feed: exit 2', async () => {
    const login = session.sandbox.login('revoked');
    session.sandbox.revoke_token(login.access_token);
    const w = await watch(['balances'], session.config_dir, { STAKE_ACCESS_TOKEN: login.access_token, STAKE_BASE_URL: session.sandbox.url });
    expect(await w.exited).toBe(4);
    expect(oneErrorLine({ code: 4, signal: null, stdout: w.stdout, stderr: w.stderr })).toMatch(/^stakeql: authentication refused/);
    expect(w.stderr).not.toContain(login.access_token);
    const bad = await watch(['nothing'], session.config_dir, env());
    expect(await bad.exited).toBe(2);
    expect(bad.stderr).toMatch(/use balances, bets, crash or slide/);
  });
});
