/**
 * `stakeql watch crash|slide` as a child process against a sandbox running
 * rounds: each round's frames printed live, the crash line's point the one
 * the published algorithm gives for the revealed hash (computed here with
 * createHmac), a bet event shown; Ctrl-C exits 0.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox } from '../../src/sandbox/index.js';
import { buildCli, cliEnv } from './helpers/cli.js';

const BLOCK_584500 = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';

function shown_point(hash: string, edge: number): string {
  const n = createHmac('sha256', hash).update(BLOCK_584500).digest().readUInt32BE(0);
  return (Math.floor(Math.max(1, (2 ** 32 / (n + 1)) * (1 - edge)) * 100) / 100).toFixed(2);
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('stakeql watch crash / slide', () => {
  for (const game of ['crash', 'slide'] as const) {
    it(`${game}: rounds printed live with the chain's point and a bet event; Ctrl-C exits 0`, async () => {
      const bin = await buildCli();
      await using sandbox = await start_sandbox({ crash_round_ms: 150 });
      const login = sandbox.login('watcher');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-watch-crash-'));
      const env = cliEnv(dir, { STAKE_ACCESS_TOKEN: login.access_token, STAKE_BASE_URL: sandbox.url });
      const child = spawn(process.execPath, [bin, 'watch', game], { env, stdio: 'pipe', timeout: 60_000 });
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      try {
        await until(() => sandbox.websocket_stats().live_subscriptions === 1, 'the subscription');
        await using client = new StakeClient({ base_url: sandbox.url, access_token: login.access_token });
        const end = game === 'crash' ? 'crash' : 'result';
        // A bet in a window, then two ended rounds printed.
        await until(() => / pending /.test(stdout.split('\n').at(-2) ?? ''), 'a pending line');
        const bet = game === 'crash'
          ? await client.crash_bet({ amount: 0.0001, currency: 'btc', cashoutAt: 2 }).catch(() => null)
          : await client.slide_bet({ amount: 0.0001, currency: 'btc', cashoutAt: 2 }).catch(() => null);
        await until(() => stdout.split('\n').filter((l) => l.includes(`  ${end} ×`)).length >= 2, 'two ended rounds');
        const ended = stdout.split('\n').filter((l) => l.includes(`  ${end} ×`));
        for (const line of ended) {
          const m = /^(\w+) \S+ {2}\w+ ×(\d+\.\d\d) .* hash ([0-9a-f]{64})$/.exec(line);
          expect(m, line).not.toBeNull();
          expect(m![1]).toBe(game);
          expect(m![2]).toBe(shown_point(m![3]!, game === 'crash' ? 0.01 : 0.02));
        }
        if (bet !== null) expect(stdout).toContain(`${game} ${bet.gameId}  bet watcher  0.0001 btc at ×2.00  pending`);
        child.kill('SIGINT');
        expect(await exited).toBe(0);
      } finally {
        child.kill('SIGKILL');
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  }
});
