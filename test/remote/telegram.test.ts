/**
 * Telegram remote control (issue 46 item 3) as a user runs it: a real
 * `stakeql autobet` child on the sandbox, its bot token and chat from the
 * environment, pointed at a local stand-in of the Bot API. The allowed chat's
 * /status gets the status line, /pause and /resume hold and release the
 * run (nothing bet between them), /stopafterwin ends it; another chat's
 * message, and a /stop left unread from before the run, are ignored and noted; the API failing is noted and the run goes on;
 * the token is in no output. A token file readable by others, or a malformed
 * token, is refused (exit 2) before any bet, without quoting the token.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { default_database_path, session_commands, type CommandLine } from '../../src/autobet/index.js';
import { buildCli } from '../cli/helpers/cli.js';
import { wait_until, wait_until_async } from '../support/wait.js';
import { bot_api_standin } from './bot-api-standin.js';

const TOKEN = '123456789:AAH-bot-token-secret-part-0123456789';
const CHAT = 4242;
let sandbox: Sandbox;
let bot: Awaited<ReturnType<typeof bot_api_standin>>;
let bin: string;
let dir: string;

beforeAll(async () => {
  [sandbox, bot, bin] = await Promise.all([start_sandbox({ starting_balances: { btc: 1 }, bet_delay_ms: 5 }), bot_api_standin(TOKEN), buildCli()]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-telegram-'));
  fs.writeFileSync(path.join(dir, 'flat.json'), JSON.stringify({ game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' } }));
});
afterAll(async () => {
  await bot?.close();
  await sandbox?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function env(extra: Record<string, string>): Record<string, string> {
  const login = sandbox.login();
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, STAKEQL_CONFIG_DIR: path.join(dir, 'config'), STAKEQL_STORE: 'file',
    STAKEQL_DATA_DIR: path.join(dir, 'data'), STAKE_ACCESS_TOKEN: login.access_token, STAKE_SESSION_COOKIE: login.session_cookie, ...extra,
  };
}

function run(args: string[], e: Record<string, string>) {
  const c = spawn(process.execPath, [bin, 'autobet', path.join(dir, 'flat.json'), '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '5000', '--yes', '--json', '--base-url', sandbox.url, ...args], { env: e, stdio: ['ignore', 'pipe', 'pipe'] });
  const bound = setTimeout(() => c.kill('SIGKILL'), 60_000);
  let stdout = '';
  let stderr = '';
  c.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  c.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => c.on('close', (code) => {
    clearTimeout(bound);
    resolve({ code, stdout, stderr });
  }));
  return { done, bets: () => stdout.split('\n').filter((l) => l.startsWith('{"event":"bet"')).length, stderr: () => stderr };
}

describe('Telegram remote control', () => {
  it('answers the allowed chat only, goes on through API failures, and steers the run; the token is in no output', async () => {
    const e = env({ STAKEQL_TELEGRAM_TOKEN: TOKEN, STAKEQL_TELEGRAM_CHAT: String(CHAT), STAKEQL_TELEGRAM_API: bot.url });
    const database = default_database_path(e);
    // A /stop left unread from an hour ago: not for this run.
    const stale = bot.push(CHAT, '/stop', Math.floor(Date.now() / 1000) - 3600);
    const r = run([], e);
    await wait_until(() => r.bets() >= 2 && bot.confirmed(stale), 'two bets and the stale update confirmed', 30_000);

    // The API fails twice: noted, and the bets go on.
    bot.fail_next(2);
    await wait_until(() => bot.failed() === 2, 'two failed getUpdates', 30_000);
    const at = r.bets();
    await wait_until(() => r.bets() >= at + 3, 'bets while the API fails', 30_000);

    // Another chat's /stop: ignored (no answer, no command), noted; the run goes on.
    const foreign = bot.push(777, '/stop');
    await wait_until(() => bot.confirmed(foreign), 'the foreign update confirmed', 30_000);
    const after = r.bets();
    await wait_until(() => r.bets() >= after + 3, 'bets after the foreign /stop', 30_000);
    expect(bot.sent.filter((m) => m.chat_id !== String(CHAT))).toEqual([]);

    bot.push(CHAT, '/status');
    await wait_until(() => bot.sent.length >= 1, 'the /status answer', 30_000);
    expect(bot.sent[0]).toMatchObject({ chat_id: String(CHAT) });
    expect(bot.sent[0]?.text).toMatch(/^session 1: running, \d+ bets, \d+ won, \d+ lost; profit -?[0-9.]+ btc, wagered [0-9.]+ btc, balance [0-9.]+ btc; limits: stop_loss 0.001, max_bet 0.0001, max_bets 5000$/);

    const applied = async (n: number): Promise<CommandLine[]> => {
      let rows: CommandLine[] = [];
      await wait_until_async(async () => (rows = await session_commands(1, { database })).filter((c) => c.status === 'applied').length >= n, `${n} commands applied`, 30_000);
      return rows;
    };
    bot.push(CHAT, '/pause');
    await applied(1);
    bot.push(CHAT, '/status@stakeql_bot');
    await wait_until(() => bot.sent.length >= 3, 'the second /status answer', 30_000);
    expect(bot.sent[1]?.text).toMatch(/^pause sent: no bet is placed until \/resume \(command 1\)$/);
    expect(bot.sent[2]?.text).toMatch(/^session 1: paused, /);
    bot.push(CHAT, '/resume');
    const rows = await applied(2);
    expect(rows[1]?.after_bet).toBe(rows[0]?.after_bet);
    bot.push(CHAT, '/stopafterwin');
    const end = await r.done;
    expect(end.code, end.stderr).toBe(0);
    expect(JSON.parse(end.stdout.trim().split('\n').at(-1) as string)).toMatchObject({ reason: 'stop_after_win' });
    const all = await session_commands(1, { database });
    expect(all.map((c) => [c.command, c.sender, c.status])).toEqual([
      ['pause', `telegram:${CHAT}`, 'applied'], ['resume', `telegram:${CHAT}`, 'applied'], ['stop_after_win', `telegram:${CHAT}`, 'applied'],
    ]);
    expect(end.stderr).toContain('stakeql: telegram: a message from chat 777, not the allowed chat, was ignored');
    expect(end.stderr).toContain('stakeql: telegram: a message sent before this run started was ignored');
    expect(end.stderr).toContain('stakeql: telegram: getUpdates failed (HTTP 502); the run goes on');
    expect(end.stdout + end.stderr).not.toContain(TOKEN.split(':')[1]);
  }, 90_000);

  it('refuses a token file others can read, and a malformed token, with exit 2 before any bet, quoting no token', async () => {
    const file = path.join(dir, 'telegram.conf');
    fs.writeFileSync(file, `token=${TOKEN}\nchat=${CHAT}\n`, { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const before = sandbox.stats().mutations_executed;
    const open = await run(['--telegram-file', file], env({})).done;
    expect(open.code).toBe(2);
    expect(open.stderr).toMatch(/--telegram-file: .* can be read by others \(mode 644\)/);
    const bad = await run([], env({ STAKEQL_TELEGRAM_TOKEN: 'not-a-token-but-a-secret-word', STAKEQL_TELEGRAM_CHAT: '1' })).done;
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('STAKEQL_TELEGRAM_TOKEN: telegram token: expected the form');
    expect(bad.stderr + bad.stdout).not.toContain('secret-word');
    const far = await run([], env({ STAKEQL_TELEGRAM_TOKEN: TOKEN, STAKEQL_TELEGRAM_CHAT: '1', STAKEQL_TELEGRAM_API: 'http://example.com' })).done;
    expect(far.code).toBe(2);
    expect(far.stderr).toContain('telegram api_base: https, or http on 127.0.0.1 only');
    expect(sandbox.stats().mutations_executed).toBe(before);
  }, 60_000);
});
