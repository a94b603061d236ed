/**
 * `autobet` with a strategy module's `round(view)` SIGKILLed between two
 * steps of a blackjack round (a real child process, a real signal, the real
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
  sandbox = await start_sandbox({ starting_balances: { usd: 100 }, dice_seed: 'kill-rounds-blackjack' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-kill-blackjack-'));
});
afterAll(async () => {
  await sandbox.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('autobet killed between two steps of a blackjack round, then resumed', () => {
  it('finishes the open round once from active_bet; no step sent twice; journal = ledger', async () => {
    const bin = await buildCli();
    const login = sandbox.login();
    const marker = path.join(dir, 'between-steps');
    const strategy = path.join(dir, 'blackjack.mjs');
    // Decline insurance, hit below 17, else stand; the first time a hand is still open after a hit, the
    // module says so (the marker) and never answers: the process is killed there, between two steps.
    fs.writeFileSync(strategy, `
      import fs from 'node:fs';
      export default () => ({ game: 'blackjack', amount: 0.01 });
      export function round(view) {
        const hand = view.state.player[0];
        const asked = view.state.dealer[0].cards[0].rank === 'A' && !hand.actions.some((a) => a === 'insurance' || a === 'noInsurance');
        if (asked) return 'noInsurance';
        if (hand.actions.includes('hit') && !fs.existsSync(${JSON.stringify(marker)})) {
          // Written whole, then renamed: the test waits for the name, and must never read it half-written.
          fs.writeFileSync(${JSON.stringify(marker + '.part')}, JSON.stringify(hand));
          fs.renameSync(${JSON.stringify(marker + '.part')}, ${JSON.stringify(marker)});
          return new Promise(() => {});
        }
        return hand.value < 17 ? 'hit' : 'stand';
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
    const first = spawnCli(bin, ['autobet', strategy, '--stop-loss', '1', '--max-bet', '0.01', '--max-bets', '8', '--currency', 'usd', ...common], env);
    await wait_until(() => fs.existsSync(marker), 'the run to stand between two steps of a round', 30_000);
    first.kill();
    const killed = await first.done;
    expect(killed.signal, killed.stderr).toBe('SIGKILL');

    const client = new StakeClient({ ...login, base_url: sandbox.url });
    try {
      const open = await client.active_bet('blackjack');
      expect(open?.active).toBe(true);
      expect(open?.state.player[0]).toEqual(JSON.parse(fs.readFileSync(marker, 'utf8')));
      const resumed = await spawnCli(bin, ['autobet', 'resume', ...common], env).done;
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(JSON.parse(resumed.stdout.trim().split('\n').at(-1) ?? '{}')).toMatchObject({ event: 'stop', reason: 'max_bets' });
      expect(await client.active_bet('blackjack')).toBeNull();

      const ledger = new Map<string, { amount: number; payout: number }>();
      for await (const b of client.bets()) {
        const bet = b.bet as unknown as { id: string; amount: number; payout: number };
        ledger.set(bet.id, { amount: bet.amount, payout: bet.payout });
      }
      const db = new Database(path.join(dir, 'data', 'stakeql.db'), { readonly: true });
      try {
        const bets = db.prepare('SELECT identifier, status, bet_id, amount_units, payout_units FROM journal ORDER BY seq').all() as { identifier: string; status: string; bet_id: string; amount_units: number; payout_units: number }[];
        const steps = db.prepare('SELECT round_key, step, kind, request, identifier, status, bet_id, answer FROM round_steps ORDER BY rowid').all() as { round_key: string; step: number; kind: string; request: string; identifier: string; status: string; bet_id: string | null; answer: string | null }[];
        // The journal is the ledger: eight rounds, each once, with the ledger's stake and payout.
        expect(bets.map((b) => b.status)).toEqual(Array(8).fill('placed'));
        expect(new Set(bets.map((b) => b.bet_id))).toEqual(new Set(ledger.keys()));
        for (const b of bets) {
          const booked = ledger.get(b.bet_id)!;
          expect([b.amount_units, b.payout_units]).toEqual([Math.round(booked.amount * 100), Math.round(booked.payout * 100)]);
        }
        // The killed round: its hit answered before the kill, the rest after the resume, each step once, numbered on.
        const round = (open as { id: string }).id;
        const key = steps.find((s) => s.bet_id === round)!.round_key;
        const its = steps.filter((s) => s.round_key === key);
        expect(its.map((s) => s.step)).toEqual(its.map((_s, i) => i));
        expect(its.every((s) => s.status === 'answered')).toBe(true);
        expect((JSON.parse(its.at(-1)!.answer!) as { active: boolean }).active).toBe(false);
        // No step sent twice: every step request the sandbox logged is one journaled step, and the other way round.
        const log = sandbox.stats().request_log.filter((q) => ['BlackjackBet', 'BlackjackNext'].includes(q.operation_name ?? ''));
        const sent = log.map((q) => (q.variables as { identifier: string }).identifier);
        expect(new Set(sent).size).toBe(sent.length);
        expect(sent).toEqual(steps.map((s) => s.identifier));
        expect(log.filter((q) => q.operation_name === 'BlackjackNext').map((q) => (q.variables as { action: string }).action)).toEqual(
          steps.filter((s) => s.kind === 'act').map((s) => (JSON.parse(s.request) as { action: string }).action),
        );
        expect(log.filter((q) => q.operation_name === 'BlackjackBet')).toHaveLength(8);
      } finally {
        db.close();
      }
    } finally {
      await client.close();
    }
  }, 120_000);
});
