/**
 * `stakeql sim` refuses the round games with exit 2 before any bet, naming
 * why and where they can be played: video poker (pay table not public),
 * blackjack and hilo (sim places single bets) (real child processes).
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

describe('stakeql sim on a round game (blackjack, hilo: rules public, but sim places single bets)', () => {
  it.each([
    ['blackjack', /not play as a single bet/],
    ['hilo', /not play as a single bet/],
    ['videoPoker', /pay table is in no public source/],
  ])('%s: exit 2, the reason and client.start named, nothing run', async (game, why) => {
    const file = path.join(dir, `${game}.json`);
    fs.writeFileSync(file, JSON.stringify({ game, bet: { amount: 0.00000001 } }));
    const r = await runCli(['sim', file, '--balance', '1', '--bets', '10', '--sessions', '2', '--workers', '1'], { configDir: dir, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(why);
    expect(r.stderr).toContain('client.start');
    expect(r.stdout).not.toMatch(/session/);
  }, 60_000);
});
