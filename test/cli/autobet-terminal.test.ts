/**
 * `autobet` on a terminal: it shows the account, site, strategy, balance and
 * limits and asks once (no answer, nothing sent); while it runs, a status
 * line on stderr redrawn in place, never mixed into stdout.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runAnswering } from './helpers/terminal-run.js';

let sandbox: Sandbox;
let dir: string;
let env: Record<string, string>;
let strategy: string;

beforeEach(async () => {
  sandbox = await start_sandbox({ starting_balances: { btc: 1 } });
  const login = sandbox.login('terminal-player');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-autobet-tty-'));
  env = { STAKEQL_DATA_DIR: path.join(dir, 'data'), STAKE_ACCESS_TOKEN: login.access_token, STAKE_SESSION_COOKIE: login.session_cookie };
  strategy = path.join(dir, 'flat.json');
  fs.writeFileSync(strategy, JSON.stringify({ game: 'dice', bet: { amount: 0.00000001, target: 50.5, condition: 'above' } }));
});
afterEach(async () => {
  await sandbox.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// Every stream a terminal: the status line is drawn only where stderr is one.
const onTerminal = (answer: string, args: string[]) => runAnswering(answer, args, path.join(dir, 'config'), env, { ttyOutput: true });

describe('stakeql autobet on a terminal', () => {
  it('asks once, naming the account, site, strategy, balance and limits; declining sends no bet', async () => {
    const r = await onTerminal('n\n', ['autobet', strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '3', '--base-url', sandbox.url]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('Run flat.json');
    expect(r.err).toContain('account terminal-player on');
    expect(r.err).toContain(sandbox.url);
    expect(r.err).toMatch(/btc balance 1\b/);
    expect(r.err).toContain('limits: max_bet 0.0001, stop_loss 0.001, max_bets 3');
    expect(r.err).toContain('Not started.');
    expect(sandbox.stats().mutations_executed).toBe(0);
  });

  it('shows a status line on stderr while it runs, cleared at the end, and only the summary on stdout', async () => {
    await sandbox.close();
    sandbox = await start_sandbox({ starting_balances: { btc: 1 }, bet_delay_ms: 120 });
    const login = sandbox.login('terminal-player');
    env['STAKE_ACCESS_TOKEN'] = login.access_token;
    env['STAKE_SESSION_COOKIE'] = login.session_cookie;
    const r = await onTerminal('y\n', ['autobet', strategy, '--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '4', '--base-url', sandbox.url]);
    expect(r.code, r.err).toBe(0);
    // Redrawn in place (carriage return, erase line), with the counters and what is left of the limits.
    expect(r.err).toMatch(/\r\x1b\[2Kbets \d+ \(\d+ won\) · profit [+-]?[0-9.]+ btc · balance [0-9.]+ · loss left [0-9.]+ · bets left \d+ · [0-9.]+ bets\/s/);
    expect(r.err.endsWith('\r\x1b[2K')).toBe(true);
    expect(r.out).not.toContain('\r');
    expect(r.out).toMatch(/^session 1 stopped \(max_bets\)\n4 bets/);
  });
});
