/**
 * `stakeql sim` refuses the round games whose rules are not public
 * (blackjack, hilo, video poker) with exit 2 before any bet, naming why and
 * where they can be played (real child processes).
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

describe('stakeql sim on a round game without public rules', () => {
  it.each([
    ['blackjack', /table rules and payouts are in no public source/],
    ['hilo', /multiplier rule is in no public source/],
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
