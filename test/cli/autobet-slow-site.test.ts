/**
 * A slow site (issue 36): a bet request the client gave up on is booked
 * seconds later. Real child processes against a real sandbox, held either
 * by the sandbox's own `slow` fault or by an independent holding proxy in
 * front of it. The sandbox's ledger is the reference: one booked bet per
 * strategy step, the martingale over every booked bet, the stop line equal
 * to what the sandbox booked; a hold past the resolve timeout stops with
 * unknown_outcome and `autobet resume` adopts the bet once it has landed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { add_fault_rules, parse_fault_spec, start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { Database } from '../support/sqlite.js';
import { buildCli } from './helpers/cli.js';
import { start_holding_proxy, type HoldingProxy } from './helpers/holding-proxy.js';

const UNIT = 1e-8;
const MARTINGALE = { game: 'dice', bet: { amount: UNIT, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } };

interface Scene {
  sandbox: Sandbox;
  dir: string;
  env: Record<string, string>;
  login: { access_token: string; session_cookie: string };
  proxy?: HoldingProxy;
}
const scenes: Scene[] = [];
afterEach(async () => {
  for (const s of scenes.splice(0)) {
    await s.proxy?.close();
    await s.sandbox.close();
    fs.rmSync(s.dir, { recursive: true, force: true });
  }
});

async function scene(): Promise<Scene> {
  const sandbox = await start_sandbox({ starting_balances: { btc: 1 } });
  const login = sandbox.login('player');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-slow-site-'));
  fs.writeFileSync(path.join(dir, 'martingale.json'), JSON.stringify(MARTINGALE));
  const env = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: dir,
    STAKEQL_CONFIG_DIR: path.join(dir, 'config'),
    STAKEQL_STORE: 'file',
    STAKEQL_DATA_DIR: path.join(dir, 'data'),
    STAKE_ACCESS_TOKEN: login.access_token,
    STAKE_SESSION_COOKIE: login.session_cookie,
  };
  const s: Scene = { sandbox, dir, env, login };
  scenes.push(s);
  return s;
}

interface Run { code: number | null; stdout: string; stderr: string }

async function cli(s: Scene, args: string[]): Promise<Run> {
  const bin = await buildCli();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: s.env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 40_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const jsonLines = (text: string): Record<string, unknown>[] => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

interface Booked { id: string; amount: number; payout: number; nonce: number; result: number; target: number; condition: string }

/** The sandbox's ledger for the player, read straight from the sandbox (not through the proxy), oldest first. */
async function ledger(s: Scene): Promise<{ bets: Booked[]; balance: number }> {
  const client = new StakeClient({ ...s.login, base_url: s.sandbox.url });
  try {
    const bets: Booked[] = [];
    for await (const entry of client.bets()) {
      const b = entry.bet as unknown as { id: string; amount: number; payout: number; nonce: number; state: { result: number; target: number; condition: string } };
      bets.push({ id: b.id, amount: b.amount, payout: b.payout, nonce: b.nonce, ...b.state });
    }
    const balance = (await client.balances()).find((x) => x.available.currency === 'btc')?.available.amount ?? Number.NaN;
    return { bets: bets.sort((a, b) => a.nonce - b.nonce), balance };
  } finally {
    await client.close();
  }
}

function journal(s: Scene): { status: string; bet_id: string | null; resolved_by: string | null }[] {
  const db = new Database(path.join(s.dir, 'data', 'stakeql.db'), { readonly: true });
  try {
    return db.prepare('SELECT status, bet_id, resolved_by FROM journal ORDER BY session_id, seq').all() as never;
  } finally {
    db.close();
  }
}

/** The martingale rule checked over the booked bets, from each bet's own roll: base after a win, double after a loss. */
function expectMartingaleOver(bets: readonly Booked[]): void {
  let expected = 1;
  for (const b of bets) {
    expect(Math.round(b.amount / UNIT)).toBe(expected);
    const won = b.condition === 'above' ? b.result > b.target : b.result < b.target;
    expected = won ? 1 : expected * 2;
  }
}

/** Every booked bet journaled once as placed, nothing sent twice, the stop line equal to the ledger. */
async function expectBookedOnce(s: Scene, stop: Record<string, unknown>, steps: number): Promise<void> {
  const { bets, balance } = await ledger(s);
  expect(bets).toHaveLength(steps);
  expect(new Set(bets.map((b) => b.nonce)).size).toBe(steps);
  expectMartingaleOver(bets);
  const rows = journal(s);
  const placed = rows.filter((r) => r.status === 'placed').map((r) => r.bet_id);
  expect([...placed].sort()).toEqual(bets.map((b) => b.id).sort());
  expect(rows.filter((r) => r.status === 'intent')).toHaveLength(0);
  const profit = bets.reduce((sum, b) => sum + Math.round((b.payout - b.amount) / UNIT), 0);
  expect(stop['bets']).toBe(steps);
  expect(Math.round((stop['profit'] as number) / UNIT)).toBe(profit);
  expect(Math.round((stop['wagered'] as number) / UNIT)).toBe(bets.reduce((sum, b) => sum + Math.round(b.amount / UNIT), 0));
  // 0 - profit, not -profit: a session that broke even must compare as +0.
  expect(Math.round((1 - balance) / UNIT) + 0).toBe(0 - profit);
}

const limits = ['--stop-loss', '0.001', '--max-bet', '0.0001', '--yes', '--json'];

describe('autobet on a slow site', () => {
  it('the sandbox holds every second DiceRoll 5 s against --timeout 2: each step booked once, the martingale over every booked bet', async () => {
    const s = await scene();
    add_fault_rules(s.sandbox, parse_fault_spec('slow=5000:DiceRoll:every=2'));
    const r = await cli(s, ['autobet', path.join(s.dir, 'martingale.json'), ...limits, '--max-bets', '3', '--timeout', '2', '--base-url', s.sandbox.url]);
    expect(r.code, r.stderr).toBe(0);
    const out = jsonLines(r.stdout);
    const stop = out.at(-1) as Record<string, unknown>;
    expect(stop['reason']).toBe('max_bets');
    expect(r.stderr).toMatch(/was placed \(found by history\)/);
    expect(r.stderr).not.toMatch(/sending it again/);
    await expectBookedOnce(s, stop, 3);
    expect(journal(s).filter((x) => x.status === 'not_placed')).toHaveLength(0);
  }, 30_000);

  it('a holding proxy keeps the second DiceRoll 6 s against --timeout 2: still one booked bet per step', async () => {
    const s = await scene();
    s.proxy = await start_holding_proxy(s.sandbox.url, { operation: 'DiceRoll', nth: 2, hold_ms: 6_000, scope: 'one' });
    const r = await cli(s, ['autobet', path.join(s.dir, 'martingale.json'), ...limits, '--max-bets', '3', '--timeout', '2', '--base-url', s.proxy.url]);
    expect(r.code, r.stderr).toBe(0);
    const stop = jsonLines(r.stdout).at(-1) as Record<string, unknown>;
    expect(stop['reason']).toBe('max_bets');
    expect(s.proxy.seen['DiceRoll']).toBe(3);
    await expectBookedOnce(s, stop, 3);
  }, 30_000);

  it('a hold longer than the resolve timeout stops with unknown_outcome; once the bet lands, resume adopts it and finishes, every bet counted once', async () => {
    const s = await scene();
    // The whole site is slow from the second bet on: the seed and history reads wait too, so nothing can be told in time.
    s.proxy = await start_holding_proxy(s.sandbox.url, { operation: 'DiceRoll', nth: 2, hold_ms: 7000, scope: 'all' });
    const timing = ['--timeout', '1', '--settle', '2', '--resolve-timeout', '3'];
    const first = await cli(s, ['autobet', path.join(s.dir, 'martingale.json'), ...limits, '--max-bets', '4', ...timing, '--base-url', s.proxy.url]);
    expect(first.code, first.stderr).toBe(1);
    const stopped = jsonLines(first.stdout).at(-1) as Record<string, unknown>;
    expect(stopped['reason']).toBe('unknown_outcome');
    expect(stopped['bets']).toBe(1);
    await s.proxy.landed;
    expect((await ledger(s)).bets).toHaveLength(2);
    // A new run on the account is refused while that bet is unknown to the journal.
    const dice = s.proxy.seen['DiceRoll'];
    const refused = await cli(s, ['autobet', path.join(s.dir, 'martingale.json'), ...limits, '--max-bets', '1', '--base-url', s.proxy.url]);
    expect(refused.code).toBe(2);
    expect(s.proxy.seen['DiceRoll']).toBe(dice);
    expect(refused.stderr).toMatch(/session 1 on this account left 1 bet whose outcome is not known.*autobet resume 1.*autobet abandon 1/);
    const resumed = await cli(s, ['autobet', 'resume', '--yes', '--json', ...timing]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/left open by the journal, was placed \(found by history\)/);
    const stop = jsonLines(resumed.stdout).at(-1) as Record<string, unknown>;
    expect(stop['reason']).toBe('max_bets');
    await expectBookedOnce(s, stop, 4);
  }, 40_000);
});
