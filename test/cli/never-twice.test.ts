/**
 * Never twice, for every kind of bet (issue 40): real child processes of the
 * CLI against a real sandbox, behind an independent proxy of our own that
 * lets a request through, waits for the site's real answer, and gives the
 * client something else (a 429 with Retry-After, a challenge page, nothing),
 * or holds it past the client's time-out. The sandbox's ledger is the
 * reference: one booked bet per strategy step, each journaled once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { Database } from '../support/sqlite.js';
import { buildCli } from './helpers/cli.js';
import { start_fault_proxy, type FaultProxy, type ProxyRule } from './helpers/fault-proxy.js';

const UNIT = 1e-8;
const MARTINGALE = { game: 'dice', bet: { amount: UNIT, target: 50.5, condition: 'above' }, on_win: 'reset', on_loss: { increase_pct: 100 } };

interface Scene {
  sandbox: Sandbox;
  proxy: FaultProxy;
  dir: string;
  env: Record<string, string>;
  login: { access_token: string; session_cookie: string };
}
const scenes: Scene[] = [];
afterEach(async () => {
  for (const s of scenes.splice(0)) {
    await s.proxy.close();
    await s.sandbox.close();
    fs.rmSync(s.dir, { recursive: true, force: true });
  }
});

async function scene(rules: readonly ProxyRule[], options: SandboxOptions = {}): Promise<Scene> {
  const sandbox = await start_sandbox({ starting_balances: { btc: 1, usd: 1000 }, ...options });
  const login = sandbox.login('player');
  const proxy = await start_fault_proxy(sandbox.url, rules);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-never-twice-'));
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
  const s: Scene = { sandbox, proxy, dir, env, login };
  scenes.push(s);
  return s;
}

interface Run { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

async function spawnCli(s: Scene, args: string[]): Promise<{ child: ChildProcess; done: Promise<Run> }> {
  const bin = await buildCli();
  const child = spawn(process.execPath, [bin, ...args], { env: s.env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 90_000 });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<Run>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

async function cli(s: Scene, args: string[]): Promise<Run> {
  return (await spawnCli(s, args)).done;
}

const stopLine = (r: Run): Record<string, unknown> => JSON.parse(r.stdout.trim().split('\n').filter(Boolean).at(-1) as string) as Record<string, unknown>;

interface Booked { id: string; game: string; amount: number; payout: number; nonce: number; gameId?: string; state?: { result: number; target: number; condition: string } }

/** The sandbox's ledger for the player, read straight from the sandbox (not through the proxy), oldest first. */
async function ledger(s: Scene): Promise<Booked[]> {
  const client = new StakeClient({ ...s.login, base_url: s.sandbox.url });
  try {
    const bets: Booked[] = [];
    for await (const entry of client.bets()) if (entry.bet !== null && 'id' in entry.bet) bets.push(entry.bet as unknown as Booked);
    return bets.reverse();
  } finally {
    await client.close();
  }
}

function journal(s: Scene): { status: string; bet_id: string | null; amount: number | null }[] {
  const db = new Database(path.join(s.dir, 'data', 'stakeql.db'), { readonly: true });
  try {
    return db.prepare("SELECT status, bet_id, json_extract(line, '$.amount') AS amount FROM journal ORDER BY session_id, seq").all() as never;
  } finally {
    db.close();
  }
}

/** Every booked bet journaled once as placed, with the stake the site booked; no intent left open. */
function expectJournalIsLedger(s: Scene, bets: readonly Booked[]): void {
  const rows = journal(s);
  const placed = rows.filter((r) => r.status === 'placed');
  expect(placed.map((r) => r.bet_id).sort()).toEqual(bets.map((b) => b.id).sort());
  const byId = new Map(bets.map((b) => [b.id, b]));
  for (const r of placed) expect(r.amount).toBeCloseTo(byId.get(r.bet_id as string)!.amount, 8);
  expect(rows.filter((r) => r.status === 'intent')).toHaveLength(0);
}

/** The martingale over the booked bets, from each bet's own roll: base after a win, double after a loss. */
function expectMartingaleOver(bets: readonly Booked[]): void {
  let expected = 1;
  for (const b of bets) {
    expect(Math.round(b.amount / UNIT)).toBe(expected);
    const st = b.state!;
    const won = st.condition === 'above' ? st.result > st.target : st.result < st.target;
    expected = won ? 1 : expected * 2;
  }
}

const DICE_ARGS = ['--stop-loss', '0.001', '--max-bet', '0.0001', '--max-bets', '4', '--timeout', '1', '--settle', '2', '--yes', '--json'];

describe('a bet the site booked, then answered something else', () => {
  for (const [name, action] of [
    ['a 429 with Retry-After: 1', { kind: 'status', status: 429, headers: { 'retry-after': '1' } }],
    ['a Cloudflare challenge page', { kind: 'challenge' }],
    ['a 503', { kind: 'status', status: 503 }],
  ] as const) {
    it(`${name}: the step is looked up, found, and never sent again; the martingale goes on from it`, async () => {
      const s = await scene([{ operation: 'DiceRoll', nth: 2, action }]);
      const r = await cli(s, ['autobet', path.join(s.dir, 'martingale.json'), ...DICE_ARGS, '--base-url', s.proxy.url]);
      expect(r.code, r.stderr).toBe(0);
      expect(stopLine(r)['reason']).toBe('max_bets');
      expect(s.proxy.applied.has(0)).toBe(true);
      expect(r.stderr).toMatch(/was placed \(found by (nonce|history)\)/);
      expect(r.stderr).not.toMatch(/sending it again/);
      // Four steps, four requests, four bets on the site: nothing sent twice.
      expect(s.proxy.seen['DiceRoll']).toBe(4);
      const bets = await ledger(s);
      expect(bets).toHaveLength(4);
      expectMartingaleOver(bets);
      expectJournalIsLedger(s, bets);
      expect(stopLine(r)['bets']).toBe(4);
    }, 60_000);
  }
});

describe('blackjack rounds whose answer is lost', () => {
  const ROUND = ['--round', '{"game":"blackjack","policy":"basic"}'];
  function settings(s: Scene): string {
    const file = path.join(s.dir, 'blackjack.json');
    fs.writeFileSync(file, JSON.stringify({ game: 'blackjack', currency: 'usd', bet: { amount: 1 } }));
    return file;
  }

  it('the answer of a double that ended the round is dropped: the round is found by its id with its grown stake, never played again', async () => {
    const s = await scene([{ operation: 'BlackjackNext', nth: 1, match: (v) => v['action'] === 'double', action: { kind: 'drop' } }], { dice_seed: 'rounds-blackjack-autobet' });
    const r = await cli(s, ['autobet', settings(s), ...ROUND, '--currency', 'usd', '--stop-loss', '200', '--max-bet', '4', '--max-bets', '40', '--timeout', '1', '--settle', '2', '--yes', '--json', '--base-url', s.proxy.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(stopLine(r)['reason']).toBe('max_bets');
    // The double was dropped (some round of the 40 doubled), and no round was adopted as a stranger's.
    expect(s.proxy.applied.has(0)).toBe(true);
    expect(r.stderr).not.toMatch(/adopting bet/);
    expect(s.proxy.seen['BlackjackBet']).toBe(40);
    const bets = await ledger(s);
    expect(bets).toHaveLength(40);
    expectJournalIsLedger(s, bets);
    // The doubled round counts its grown stake: the journal holds a round of 2 (the ledger's), found after the drop.
    expect(bets.some((b) => b.amount === 2)).toBe(true);
    expect(stopLine(r)['bets']).toBe(40);
  }, 90_000);

  it('an opening held past --timeout is found while its round is open and played on by the policy, never counted as a loss before it ends', async () => {
    const s = await scene([{ operation: 'BlackjackBet', nth: 3, action: { kind: 'hold', ms: 2500 } }], { dice_seed: 'held-opening' });
    const r = await cli(s, ['autobet', settings(s), ...ROUND, '--currency', 'usd', '--stop-loss', '200', '--max-bet', '4', '--max-bets', '6', '--timeout', '1', '--settle', '5', '--yes', '--json', '--base-url', s.proxy.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(stopLine(r)['reason']).toBe('max_bets');
    expect(r.stderr).not.toMatch(/open_round|existingGame/);
    expect(s.proxy.seen['BlackjackBet']).toBe(6);
    const bets = await ledger(s);
    expect(bets).toHaveLength(6);
    expectJournalIsLedger(s, bets);
  }, 60_000);

  it('killed while an opening is held: `autobet resume` finds the round open and finishes it, then goes on; nothing opened twice', async () => {
    const s = await scene([{ operation: 'BlackjackBet', nth: 2, action: { kind: 'hold', ms: 1500 } }], { dice_seed: 'killed-opening' });
    const file = settings(s);
    const { child, done } = await spawnCli(s, ['autobet', file, ...ROUND, '--currency', 'usd', '--stop-loss', '200', '--max-bet', '4', '--max-bets', '4', '--timeout', '5', '--yes', '--json', '--base-url', s.proxy.url]);
    // The second opening reaches the proxy (its intent is journaled before it left): kill the run while it is held.
    await new Promise<void>((resolve) => {
      const look = setInterval(() => {
        if ((s.proxy.seen['BlackjackBet'] ?? 0) >= 2) {
          clearInterval(look);
          resolve();
        }
      }, 20);
    });
    child.kill('SIGKILL');
    expect((await done).signal).toBe('SIGKILL');
    await s.proxy.landed(0);
    const resumed = await cli(s, ['autobet', 'resume', '--yes', '--json', '--timeout', '5', '--base-url', s.proxy.url]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(stopLine(resumed)['reason']).toBe('max_bets');
    expect(resumed.stderr).not.toMatch(/existingGame|open_round/);
    expect(s.proxy.seen['BlackjackBet']).toBe(4);
    const bets = await ledger(s);
    expect(bets).toHaveLength(4);
    expectJournalIsLedger(s, bets);
  }, 60_000);
});

describe('Crash: a bet held past --timeout inside its betting window', () => {
  it('is found in its round once the round ends, counted once; the site books exactly --max-bets bets', async () => {
    // The run bets as a window opens: a 2 s hold lands inside the 3 s window, long after the 1 s time-out.
    const s = await scene([{ operation: 'MultiplayerCrashBet', nth: 2, action: { kind: 'hold', ms: 2000 } }], { crash_round_ms: 3000, crash_chain_seed: createHash('sha256').update('never-twice-crash').digest('hex') });
    const file = path.join(s.dir, 'crash.mjs');
    fs.writeFileSync(file, "export default () => ({ game: 'crash', amount: 0.0001, cashoutAt: 1.5 });\n");
    const r = await cli(s, ['autobet', file, '--currency', 'btc', '--stop-loss', '0.01', '--max-bet', '0.001', '--max-bets', '2', '--timeout', '1', '--settle', '2', '--yes', '--json', '--base-url', s.proxy.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(stopLine(r)['reason']).toBe('max_bets');
    expect(s.proxy.applied.has(0)).toBe(true);
    expect(s.proxy.seen['MultiplayerCrashBet']).toBe(2);
    expect(s.sandbox.stats().by_operation['MultiplayerCrashBet']).toBe(2);
    const bets = await ledger(s);
    expect(bets).toHaveLength(2);
    expect(new Set(bets.map((b) => b.gameId)).size).toBe(2);
    expectJournalIsLedger(s, bets);
  }, 90_000);
});
