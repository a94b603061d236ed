/**
 * Commands to a running session (issue 46), each sent from another process
 * to a real `stakeql autobet` child on the sandbox: they take effect between
 * two bets, and the sandbox's own ledger (the user's bets, read after the
 * run; the seed pair rotated to reveal its server seed) says what happened:
 * no bet after a stop or during a pause, exactly one more winning bet after
 * stop-after-win (wins computed from the provably-fair algorithm with
 * node:crypto, not from the code under test), N more bets after stop-after N,
 * no bet after a lowered stop_loss refuses the next one; a raised limit is
 * refused (exit 2) and changes nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { StakeClient } from '../../src/facade/index.js';
import { default_database_path, find_session, send_command, session_commands, type CommandLine } from '../../src/autobet/index.js';
import { buildCli } from './helpers/cli.js';
import { wait_until, wait_until_async } from '../support/wait.js';

let sandbox: Sandbox;
let bin: string;
const dirs: string[] = [];
beforeAll(async () => {
  // A bet takes a few ms: a command sent after the first bets finds the run still going.
  [sandbox, bin] = await Promise.all([start_sandbox({ starting_balances: { btc: 1 }, bet_delay_ms: 5 }), buildCli()]);
});
afterAll(async () => {
  await sandbox.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** One user of the sandbox with its own data directory and strategy file. */
function world(strategy: object) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-remote-'));
  dirs.push(dir);
  const login = sandbox.login();
  const file = path.join(dir, 'strategy.json');
  fs.writeFileSync(file, JSON.stringify(strategy));
  const env = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, STAKEQL_CONFIG_DIR: path.join(dir, 'config'), STAKEQL_STORE: 'file',
    STAKEQL_DATA_DIR: path.join(dir, 'data'), STAKE_ACCESS_TOKEN: login.access_token, STAKE_SESSION_COOKIE: login.session_cookie,
  };
  const database = default_database_path(env);
  const cli = (args: string[]) => new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const c = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    c.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    c.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    c.on('error', reject);
    c.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  /** A run in a child: its bet lines as they come, and its end. */
  const start = (limits: string[]) => {
    const c: ChildProcess = spawn(process.execPath, [bin, 'autobet', file, ...limits, '--yes', '--json', '--base-url', sandbox.url], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const bound = setTimeout(() => c.kill('SIGKILL'), 60_000);
    let stdout = '';
    let stderr = '';
    c.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    c.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const done = new Promise<{ code: number | null; lines: Record<string, unknown>[]; stderr: string }>((resolve) => {
      c.on('close', (code) => {
        clearTimeout(bound);
        resolve({ code, lines: stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>), stderr });
      });
    });
    const bets = () => stdout.split('\n').filter((l) => l.startsWith('{"event":"bet"')).length;
    return { child: c, done, bets, stderr: () => stderr };
  };
  const commands = (): Promise<CommandLine[]> => session_commands(1, { database });
  const applied = async (id: number): Promise<CommandLine> => {
    let row: CommandLine | undefined;
    await wait_until_async(async () => (row = (await commands()).find((c) => c.id === id))?.status !== 'pending' && row !== undefined, `command ${id} to take effect`, 30_000);
    return row as CommandLine;
  };
  /** The sandbox's ledger of this user: every bet, oldest first, with its seed pair revealed. */
  const ledger = async () => {
    const client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
    try {
      await client.rotate_seed_pair();
      const out: { nonce: number; amount: number; payout: number; server: string; client: string }[] = [];
      for await (const b of client.bets({ max: 10_000 })) {
        const bet = b.bet as { nonce: number; amount: number; payout: number; serverSeed: { seed: string }; clientSeed: { seed: string } };
        out.push({ nonce: bet.nonce, amount: bet.amount, payout: bet.payout, server: bet.serverSeed.seed, client: bet.clientSeed.seed });
      }
      return out.reverse();
    } finally {
      await client.close();
    }
  };
  return { env, database, cli, start, commands, applied, ledger };
}

const DICE = { game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' } };
const LIMITS = ['--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '5000'];

/** Stake's dice roll for a bet (stake.com/provably-fair/implementation): floor(float × 10001) / 100. */
function roll(server: string, client: string, nonce: number): number {
  const b = createHmac('sha256', server).update(`${client}:${nonce}:0`).digest();
  return Math.floor((b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4) * 10001) / 100;
}

const id_of = (stdout: string): number => Number(/\(command (\d+);/.exec(stdout)?.[1]);

describe('commands to a running session', () => {
  it('pause holds every bet until resume; stop leaves no bet after it; show lists them with their senders', async () => {
    const w = world(DICE);
    const run = w.start(LIMITS);
    await wait_until(() => run.bets() >= 3, 'three bets', 30_000);
    const paused = await w.cli(['autobet', 'pause', '1']);
    expect(paused.code, paused.stderr).toBe(0);
    const pause = await w.applied(id_of(paused.stdout));
    expect(pause).toMatchObject({ command: 'pause', sender: 'cli', status: 'applied' });
    const resumed = await w.cli(['autobet', 'resume', '1']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const resume = await w.applied(id_of(resumed.stdout));
    // Nothing was bet while paused: the resume took effect after the same bet as the pause.
    expect(resume.after_bet).toBe(pause.after_bet);
    const at = run.bets();
    await wait_until(() => run.bets() >= at + 3, 'bets after the resume', 30_000);
    const stopped = await w.cli(['autobet', 'stop', '1']);
    expect(stopped.stdout).toMatch(/asked session 1 to stop/);
    const end = await run.done;
    expect(end.code, end.stderr).toBe(0);
    expect(end.lines.at(-1)).toMatchObject({ event: 'stop', reason: 'user' });
    const stop = await w.applied(id_of(stopped.stdout));
    const ledger = await w.ledger();
    // The sandbox holds exactly the bets before the stop took effect.
    expect(ledger).toHaveLength(stop.after_bet as number);
    expect(end.lines.at(-1)?.['bets']).toBe(ledger.length);
    const show = await w.cli(['autobet', 'show', '1']);
    expect(show.stdout).toMatch(new RegExp(`pause +from cli at \\S+ +applied \\S+ after bet ${pause.after_bet}`));
    expect(show.stdout).toMatch(/resume +from cli at .* applied/);
    expect(show.stdout).toMatch(new RegExp(`stop +from cli at \\S+ +applied \\S+ after bet ${ledger.length}`));
  }, 90_000);

  it('stop-after-win: exactly one more winning bet, the last one, by the provably-fair rolls', async () => {
    const w = world(DICE);
    const run = w.start(LIMITS);
    await wait_until(() => run.bets() >= 2, 'two bets', 30_000);
    const sent = await w.cli(['autobet', 'stop-after-win', '1']);
    expect(sent.code, sent.stderr).toBe(0);
    const end = await run.done;
    expect(end.code, end.stderr).toBe(0);
    expect(end.lines.at(-1)).toMatchObject({ reason: 'stop_after_win' });
    const command = await w.applied(id_of(sent.stdout));
    const ledger = await w.ledger();
    const after = ledger.slice(command.after_bet as number);
    expect(after.length).toBeGreaterThan(0);
    const wins = after.map((b) => roll(b.server, b.client, b.nonce) > 50.5);
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(wins.at(-1)).toBe(true);
  }, 90_000);

  it('stop-after N: N more bets on the ledger; a paused run still stops on Ctrl-C', async () => {
    const w = world(DICE);
    const run = w.start(LIMITS);
    await wait_until(() => run.bets() >= 2, 'two bets', 30_000);
    const sent = await w.cli(['autobet', 'stop-after', '7', '1']);
    expect(sent.code, sent.stderr).toBe(0);
    const end = await run.done;
    expect(end.lines.at(-1)).toMatchObject({ reason: 'stop_after' });
    const command = await w.applied(id_of(sent.stdout));
    expect(await w.ledger()).toHaveLength((command.after_bet as number) + 7);

    const again = world(DICE);
    const second = again.start(LIMITS);
    await wait_until(() => second.bets() >= 1, 'a bet', 30_000);
    const paused = await send_command(undefined, { command: 'pause' }, { database: again.database });
    const pause = await again.applied(paused.id as number);
    second.child.kill('SIGINT');
    const ended = await second.done;
    expect(ended.code).toBe(130);
    expect(await again.ledger()).toHaveLength(pause.after_bet as number);
  }, 90_000);

  it('a lowered stop_loss (from the library) stops the next bet; a raised one is refused with exit 2 and changes nothing', async () => {
    // Limbo at ×1,000,000: every bet in a short run is a loss (the ledger is checked below).
    const w = world({ game: 'limbo', bet: { amount: 0.00000001, multiplierTarget: 1000000 } });
    const run = w.start(LIMITS);
    await wait_until(() => run.bets() >= 2, 'two bets', 30_000);
    const raised = await w.cli(['autobet', 'limit', '--stop-loss', '0.01', '1']);
    expect(raised.code).toBe(2);
    expect(raised.stderr).toContain('stop_loss: 0.01 would raise the running limit 0.001');
    await expect(send_command(1, { command: 'limit', limits: { max_bet: 0.001 } }, { database: w.database })).rejects.toThrow(/^max_bet: 0.001 would raise the running limit 0.0001/);
    expect(await w.commands()).toEqual([]);
    const sent = await send_command(1, { command: 'limit', limits: { stop_loss: 0.00000001 } }, { database: w.database });
    expect(sent).toMatchObject({ running: true, limits: { stop_loss: 0.00000001, max_bet: 0.0001, max_bets: 5000 } });
    const end = await run.done;
    expect(end.code, end.stderr).toBe(0);
    expect(end.lines.at(-1)).toMatchObject({ reason: 'stop_loss' });
    const command = await w.applied(sent.id as number);
    expect(command).toMatchObject({ sender: 'library', status: 'applied' });
    const ledger = await w.ledger();
    expect(ledger).toHaveLength(command.after_bet as number);
    const profit = ledger.reduce((sum, b) => sum + Math.round(b.payout * 1e8) - Math.round(b.amount * 1e8), 0);
    // The next bet of 1 satoshi would have taken the loss past 1 satoshi.
    expect(-profit + 1).toBeGreaterThan(1);
    // The session runs, and would resume, under the lowered limit.
    expect(JSON.parse((await find_session(1, { database: w.database })).limits)).toEqual({ stop_loss: 0.00000001, max_bet: 0.0001, max_bets: 5000 });
  }, 90_000);
});
