/**
 * `stakeql sim script.js` on a bot script (the in-page bots' `dobet()`
 * dialect) as a user runs it (real child processes): a replay whose rolls
 * match createHmac and whose amounts follow the script's rule, sessions on
 * worker threads, and a bad --dialect or a wrong guess refused with exit 2.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

let dir: string;
let script: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sim-bot-'));
  script = path.join(dir, 'martingale.js');
  fs.writeFileSync(script, [
    'basebet = 0.00000001',
    'nextbet = basebet',
    'chance = 49.5',
    'bethigh = true',
    'function dobet() {',
    '  nextbet = win ? basebet : previousbet * 2',
    '  if (bets % 10 === 0) log("bets", bets)',
    '}',
  ].join('\n'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const lines = (text: string): Record<string, unknown>[] => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
const run = (args: string[]) => runCli(args, { configDir: dir, timeoutMs: 60_000 });

function roll(server: string, client: string, nonce: number): number {
  const b = createHmac('sha256', server).update(`${client}:${nonce}:0`).digest();
  return Math.floor((b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4) * 10001) / 100;
}

describe('stakeql sim on a bot script', () => {
  it('replays a seed pair: each roll is the provably-fair one, each amount the martingale of the rolls before it', async () => {
    const server = 'ab'.repeat(32);
    const r = await run(['sim', script, '--balance', '0.001', '--bets', '30', '--server-seed', server, '--client-seed', 'bot-client', '--json', '--stop-loss', '0.001', '--max-bet', '0.0001']);
    expect(r.code, r.stderr).toBe(0);
    const bets = lines(r.stdout).filter((l) => l['event'] === 'bet');
    expect(bets).toHaveLength(30);
    let amount = 1e-8;
    bets.forEach((b, i) => {
      const state = b['state'] as { result: number; target: number; condition: string };
      expect(state.result).toBe(roll(server, 'bot-client', i));
      expect(state).toMatchObject({ target: 50.5, condition: 'above' });
      expect(b['amount']).toBeCloseTo(amount, 12);
      amount = state.result > 50.5 ? 1e-8 : amount * 2;
    });
    // log() goes to stderr with the script's name: stdout stays JSON lines.
    expect(r.stderr).toContain('martingale.js: bets 10');
  });

  it('runs sessions on 2 worker threads', async () => {
    const r = await run(['sim', script, '--balance', '0.0001', '--bets', '100', '--sessions', '4', '--workers', '2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const sessions = lines(r.stdout).filter((l) => l['event'] === 'session');
    expect(sessions).toHaveLength(4);
    expect(sessions.every((s) => !String(s['reason']).startsWith('error'))).toBe(true);
  });

  it('exit 2: a bad --dialect, and a bot script read as a module names the flag', async () => {
    const bad = await run(['sim', script, '--balance', '0.001', '--bets', '3', '--dialect', 'lua']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--dialect must be module, bot or mydicebot');
    const wrong = path.join(dir, 'wrong.js');
    fs.writeFileSync(wrong, 'nextbet = 0.00000001\nchance = 50\nfunction dobet() {}\nnextbet.go.boom()\n');
    const r = await run(['sim', wrong, '--balance', '0.001', '--bets', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('wrong.js:4');
    expect(r.stderr).toContain('read as an in-page bot script');
    expect(r.stderr).toContain('--dialect module');
  });
});
