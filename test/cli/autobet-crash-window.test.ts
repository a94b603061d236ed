/**
 * A Crash run waiting for a betting window that never opens (a sandbox with
 * no rounds; a site between rounds): a signal ends it at once, since no bet
 * is in flight; nothing was sent, the step it was about to send is closed as
 * never sent, and the session is not left looking killed. Killed outright
 * (SIGKILL, nothing runs on the way out) while it waits, the session is kept
 * as `interrupted`, not "killed: resume it", and abandoning it leaves no bet
 * without a known outcome: the wait was journaled as "nothing sent"
 * (journal/window-marks.ts). Real child processes and real signals against
 * the sandbox (issue 48 item 2, issue 40's window wait on the run's signal).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { wait_until } from '../support/wait.js';
import { buildCli, runCli } from './helpers/cli.js';

let sandbox: Sandbox | undefined;
let dir: string | undefined;
afterEach(async () => {
  await sandbox?.close();
  if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
  sandbox = undefined;
  dir = undefined;
});

describe('a Crash run waiting for a window', () => {
  it('says it waits, stops on the first SIGTERM, nothing sent, the waiting step closed as not sent', async () => {
    sandbox = await start_sandbox({ starting_balances: { usd: 100 } });
    const login = sandbox.login('crash-waiter');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-crash-window-'));
    const settings = path.join(dir, 'crash.json');
    fs.writeFileSync(settings, JSON.stringify({ game: 'crash', bet: { amount: 1, cashoutAt: 2 }, currency: 'usd' }));
    const env = {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, STAKEQL_CONFIG_DIR: path.join(dir, 'config'), STAKEQL_STORE: 'file',
      STAKEQL_DATA_DIR: path.join(dir, 'data'), STAKE_ACCESS_TOKEN: login.access_token, STAKE_SESSION_COOKIE: login.session_cookie,
    };
    const bin = await buildCli();
    const child = spawn(process.execPath, [bin, 'autobet', settings, '--max-bets', '2', '--stop-loss', '5', '--max-bet', '1', '--yes', '--json', '--base-url', sandbox.url], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
    // The run is waiting once it watches the Crash feed; it says so rather than sit silent.
    await wait_until(() => sandbox!.websocket_stats().live_subscriptions > 0, 'the run to watch the Crash feed');
    await wait_until(() => stderr.includes('no crash betting window in 5 s'), 'the run to say it waits for a window');
    expect(stderr).toMatch(/no crash betting window in 5 s \(a round runs, or the site runs none now\); still waiting, nothing sent \(Ctrl-C stops\)/);
    child.kill('SIGTERM');
    const exit = await done;
    expect(exit.signal, stderr).toBeNull();
    expect(exit.code, stderr).toBe(130);
    const stop = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { reason: string; bets: number };
    expect(stop).toMatchObject({ reason: 'interrupted', bets: 0 });
    expect(sandbox.stats().by_operation['MultiplayerCrashBet'] ?? 0).toBe(0);
    // No bet left without a known outcome: a new run on the account is not held back.
    const list = spawn(process.execPath, [bin, 'autobet', 'list', '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
    let listed = '';
    list.stdout.setEncoding('utf8').on('data', (d: string) => (listed += d));
    await new Promise((resolve) => list.on('close', resolve));
    expect(listed).not.toMatch(/killed/);
    expect(listed).not.toMatch(/"open_bets":\s*[1-9]/);
  }, 30_000);

  it('killed with SIGKILL while waiting: kept as interrupted with 0 bets, abandon leaves no bet unknown, nothing reached the site', async () => {
    sandbox = await start_sandbox({ starting_balances: { usd: 100 } });
    const login = sandbox.login('crash-killed');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-crash-killed-'));
    const settings = path.join(dir, 'slide.json');
    fs.writeFileSync(settings, JSON.stringify({ game: 'slide', bet: { amount: 1, cashoutAt: 2 }, currency: 'usd' }));
    const config = path.join(dir, 'config');
    const env = { STAKEQL_DATA_DIR: path.join(dir, 'data'), STAKE_ACCESS_TOKEN: login.access_token, STAKE_SESSION_COOKIE: login.session_cookie, STAKE_BASE_URL: sandbox.url };
    const bin = await buildCli();
    const child = spawn(process.execPath, [bin, 'autobet', settings, '--max-bets', '2', '--stop-loss', '5', '--max-bet', '1', '--yes', '--json'], {
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, STAKEQL_CONFIG_DIR: config, STAKEQL_STORE: 'file', ...env },
      stdio: ['ignore', 'ignore', 'ignore'],
      timeout: 20_000,
    });
    const done = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
    // Its intent is journaled and it watches the Slide feed: it waits for a window that never opens.
    await wait_until(() => sandbox!.websocket_stats().live_subscriptions > 0, 'the run to watch the Slide feed');
    child.kill('SIGKILL');
    expect(await done).toBe('SIGKILL');
    const cli = (args: string[]) => runCli(args, { configDir: config, env });
    const listed = await cli(['autobet', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const [line, ...more] = listed.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ session: 1, game: 'slide', bets: 0, state: 'stopped', reason: 'interrupted', pid: null });
    const shown = await cli(['autobet', 'show', '1']);
    expect(shown.stdout).toContain('status: stopped (interrupted): killed while its bet waited for a betting window; nothing was sent');
    const table = await cli(['autobet', 'list']);
    expect(table.stdout).not.toContain('killed: resume it');
    const abandoned = await cli(['autobet', 'abandon', '1', '--yes']);
    expect(abandoned.code, abandoned.stderr).toBe(0);
    expect(abandoned.stdout).toBe('session 1 abandoned\n');
    // The sandbox's own request log: no Slide bet ever reached it.
    expect(sandbox.stats().by_operation['MultiplayerSlideBet'] ?? 0).toBe(0);
  }, 30_000);

  it('killed while waiting, then resumed at once: the resume finds the wait was never sent and waits for a window again; nothing reached the site', async () => {
    sandbox = await start_sandbox({ starting_balances: { usd: 100 } });
    const login = sandbox.login('crash-resumed');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-crash-resumed-'));
    const settings = path.join(dir, 'crash.json');
    fs.writeFileSync(settings, JSON.stringify({ game: 'crash', bet: { amount: 1, cashoutAt: 2 }, currency: 'usd' }));
    const config = path.join(dir, 'config');
    const env = { STAKEQL_DATA_DIR: path.join(dir, 'data'), STAKE_ACCESS_TOKEN: login.access_token, STAKE_SESSION_COOKIE: login.session_cookie, STAKE_BASE_URL: sandbox.url };
    const bin = await buildCli();
    const start = (args: string[]) => {
      const child = spawn(process.execPath, [bin, ...args], {
        env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir as string, STAKEQL_CONFIG_DIR: config, STAKEQL_STORE: 'file', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 20_000,
      });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.resume();
      const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout })));
      return { child, done };
    };
    const first = start(['autobet', settings, '--max-bets', '2', '--stop-loss', '5', '--max-bet', '1', '--yes', '--json']);
    await wait_until(() => sandbox!.websocket_stats().live_subscriptions > 0, 'the run to watch the Crash feed');
    first.child.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    await wait_until(() => sandbox!.websocket_stats().live_subscriptions === 0, 'the killed run\'s feed to close');
    // Nothing looked at the session in between: the resume (its own look at the session) finds the wait was never sent, and goes on
    // waiting (before the wait was journaled, it stopped at once with unknown_outcome: the bet's round was not known to it).
    const resumed = start(['autobet', 'resume', '1', '--yes', '--json']);
    await wait_until(() => sandbox!.websocket_stats().live_subscriptions > 0, 'the resumed run to watch the Crash feed');
    resumed.child.kill('SIGTERM');
    const exit = await resumed.done;
    expect(exit.code).toBe(130);
    expect(JSON.parse(exit.stdout.trim().split('\n').at(-1) as string)).toMatchObject({ reason: 'interrupted', bets: 0 });
    const cli = (args: string[]) => runCli(args, { configDir: config, env });
    const listed = await cli(['autobet', 'list', '--json']);
    expect(JSON.parse(listed.stdout.trim())).toMatchObject({ session: 1, bets: 0, state: 'stopped', reason: 'interrupted' });
    // Neither the killed run's bet nor the resumed run's is left without an outcome.
    expect((await cli(['autobet', 'abandon', '1', '--yes'])).stdout).toBe('session 1 abandoned\n');
    expect(sandbox.stats().by_operation['MultiplayerCrashBet'] ?? 0).toBe(0);
  }, 30_000);
});
