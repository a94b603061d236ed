/**
 * `autobet` with a strategy module's `round(view)` SIGKILLed between two
 * steps of a mines round (a real child process, a real signal, the real
 * SQLite file, the sandbox over loopback), then `autobet resume`: the open
 * round is found with `active_bet` and finished once; no step is sent twice
 * (the sandbox's request log against the journal's steps); the journal's
 * bets equal the sandbox's ledger (its bet history).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { Database } from '../support/sqlite.js';
import { wait_until } from '../support/wait.js';
import { buildCli, spawnCli } from './helpers/cli.js';

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await start_sandbox({ starting_balances: { usd: 100 }, dice_seed: 'kill-rounds' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-kill-rounds-'));
});
afterAll(async () => {
  await sandbox.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('autobet killed between two steps of a round, then resumed', () => {
  it('finishes the open round once from active_bet; no step sent twice; journal = ledger', async () => {
    const bin = await buildCli();
    const login = sandbox.login();
    const marker = path.join(dir, 'between-steps');
    const strategy = path.join(dir, 'rounds.mjs');
    // Reveal 3 then 8, then cash out; the first time a round stands after its first tile, the module
    // says so (the marker) and never answers: the process is killed there, between two steps.
    fs.writeFileSync(strategy, `
      import fs from 'node:fs';
      export default () => ({ game: 'mines', amount: 0.01, minesCount: 1, fields: [3] });
      export function round(view) {
        const n = view.state.rounds.length;
        if (n === 1 && !fs.existsSync(${JSON.stringify(marker)})) {
          fs.writeFileSync(${JSON.stringify(marker)}, view.state.rounds.map((r) => r.field).join(' '));
          return new Promise(() => {});
        }
        return n === 0 ? { fields: [3] } : n === 1 ? { fields: [8] } : 'cashout';
      }
    `);
    const env = {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      HOME: dir,
      STAKEQL_CONFIG_DIR: path.join(dir, 'config'),
      STAKEQL_STORE: 'file',
      STAKEQL_DATA_DIR: path.join(dir, 'data'),
      STAKE_ACCESS_TOKEN: login.access_token,
      STAKE_SESSION_COOKIE: login.session_cookie,
    };
    const common = ['--base-url', sandbox.url, '--yes', '--json', '--timeout', '2', '--settle', '4', '--resolve-timeout', '30'];
    const first = spawnCli(bin, ['autobet', strategy, '--stop-loss', '1', '--max-bet', '0.01', '--max-bets', '6', '--currency', 'usd', ...common], env);
    await wait_until(() => fs.existsSync(marker), 'the run to stand between two steps of a round', 30_000);
    first.kill();
    const killed = await first.done;
    expect(killed.signal, killed.stderr).toBe('SIGKILL');

    const client = new StakeClient({ ...login, base_url: sandbox.url });
    try {
      const open = await client.active_bet('mines');
      expect(open).toMatchObject({ active: true, state: { rounds: [{ field: 3 }] } });
      const resumed = await spawnCli(bin, ['autobet', 'resume', ...common], env).done;
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(JSON.parse(resumed.stdout.trim().split('\n').at(-1) ?? '{}')).toMatchObject({ event: 'stop', reason: 'max_bets' });
      expect(await client.active_bet('mines')).toBeNull();

      const ledger = new Map<string, { amount: number; payout: number; revealed: number[] }>();
      for await (const b of client.bets()) {
        const bet = b.bet as unknown as { id: string; amount: number; payout: number; state: { rounds: { field: number }[] } };
        ledger.set(bet.id, { amount: bet.amount, payout: bet.payout, revealed: bet.state.rounds.map((r) => r.field) });
      }
      const db = new Database(path.join(dir, 'data', 'stakeql.db'), { readonly: true });
      try {
        const bets = db.prepare('SELECT identifier, status, bet_id, amount_units, payout_units FROM journal ORDER BY seq').all() as { identifier: string; status: string; bet_id: string; amount_units: number; payout_units: number }[];
        const steps = db.prepare('SELECT round_key, step, kind, identifier, status, bet_id FROM round_steps ORDER BY rowid').all() as { round_key: string; step: number; kind: string; identifier: string; status: string; bet_id: string | null }[];
        // The journal is the ledger: six rounds, each once, with the ledger's stake and payout.
        expect(bets.map((b) => b.status)).toEqual(Array(6).fill('placed'));
        expect(new Set(bets.map((b) => b.bet_id))).toEqual(new Set(ledger.keys()));
        for (const b of bets) {
          const booked = ledger.get(b.bet_id)!;
          expect([b.amount_units, b.payout_units]).toEqual([Math.round(booked.amount * 100), Math.round(booked.payout * 100)]);
        }
        // The killed round: its tile 3 was answered before the kill, tile 8 (or the cashout) after the resume, once.
        const round = (open as { id: string }).id;
        const key = steps.find((s) => s.bet_id === round)!.round_key;
        const its = steps.filter((s) => s.round_key === key);
        expect(its.map((s) => s.step)).toEqual(its.map((_s, i) => i));
        expect(its.every((s) => s.status === 'answered')).toBe(true);
        expect(ledger.get(round)?.revealed.slice(0, 1)).toEqual([3]);
        // No step sent twice: every step request the sandbox logged is one journaled step, and the other way round.
        const log = sandbox.stats().request_log.filter((q) => ['MinesBet', 'MinesNext', 'MinesCashout'].includes(q.operation_name ?? ''));
        const sent = log.map((q) => (q.variables as { identifier: string }).identifier);
        expect(new Set(sent).size).toBe(sent.length);
        expect(sent).toEqual(steps.map((s) => s.identifier));
        expect(log.filter((q) => q.operation_name === 'MinesBet')).toHaveLength(6);
      } finally {
        db.close();
      }
    } finally {
      await client.close();
    }
  }, 120_000);
});
