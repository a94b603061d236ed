/**
 * `stakeql sim` refuses a round game it cannot play with exit 2 before any
 * bet, naming why: video poker (pay table not public, played live with
 * client.start), blackjack and hilo without a round policy (`--round`); with
 * one it plays them (real child processes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sim-rounds-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('stakeql sim on a round game', () => {
  it.each([
    ['blackjack', {}, /a blackjack bet is a round over several requests: give sim a round policy \(--round/],
    ['hilo', { startCard: { rank: '7', suit: 'S' } }, /a hilo bet is a round over several requests: give sim a round policy \(--round/],
    ['videoPoker', {}, /pay table is in no public source.*client\.start/],
  ])('%s without a policy it can play: exit 2, the reason named, nothing run', async (game, extra, why) => {
    const file = path.join(dir, `${game}.json`);
    fs.writeFileSync(file, JSON.stringify({ game, bet: { amount: 0.00000001, ...extra } }));
    const r = await runCli(['sim', file, '--balance', '1', '--bets', '10', '--sessions', '2', '--workers', '1'], { configDir: dir, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(why);
    expect(r.stdout).not.toMatch(/session/);
  }, 60_000);

  it('blackjack with --round basic: the sessions run to their bet count', async () => {
    const file = path.join(dir, 'blackjack-basic.json');
    fs.writeFileSync(file, JSON.stringify({ game: 'blackjack', bet: { amount: 0.00000001 } }));
    const r = await runCli(['sim', file, '--balance', '1', '--bets', '50', '--sessions', '2', '--workers', '1', '--json', '--round', '{"game":"blackjack","policy":"basic"}'], { configDir: dir, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    const sessions = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { event?: string; bets?: number; reason?: string }).filter((l) => l.event === 'session');
    expect(sessions.map((s) => [s.bets, s.reason])).toEqual([[50, 'max_bets'], [50, 'max_bets']]);
  }, 60_000);
});
