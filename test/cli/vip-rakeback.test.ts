/**
 * `stakeql vip` and `stakeql rakeback claim` against the sandbox, whose
 * rakeback and VIP progress are fixtures the test sets: vip reads them back;
 * a claim asks first, moves exactly the available rakeback into the balance
 * (the sandbox ledger's own figure), once; a second claim finds nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { buildCli } from './helpers/cli.js';

let box: Sandbox;
let login: SandboxLogin;
let dir: string;
beforeEach(async () => {
  box = await start_sandbox({ starting_balances: { btc: 1, usd: 100 } });
  login = box.login('vip-user');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-vip-'));
});
afterEach(async () => {
  await box.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const bin = await buildCli();
  const env = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, STAKEQL_CONFIG_DIR: path.join(dir, 'config'), STAKEQL_STORE: 'file',
    STAKEQL_DATA_DIR: path.join(dir, 'data'), STAKE_ACCESS_TOKEN: login.access_token, STAKE_SESSION_COOKIE: login.session_cookie,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args, '--base-url', box.url], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function available(currency: string): Promise<number> {
  const client = new StakeClient({ base_url: box.url, access_token: login.access_token, session_cookie: login.session_cookie });
  try {
    return (await client.balances()).find((b) => b.available.currency === currency)?.available.amount ?? NaN;
  } finally {
    await client.close();
  }
}

describe('stakeql vip and rakeback claim', () => {
  it('vip shows the flag, progress and the rakeback to claim', async () => {
    box.set_vip(login.user_id, { flag: 'bronze', progress: 0.4321 });
    box.set_rakeback(login.user_id, 'btc', 0.00012345);
    const r = await cli(['vip', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ flag: 'bronze', progress: 0.4321, rakeback: [{ currency: 'btc', amount: 0.00012345 }] });
    const text = await cli(['vip']);
    expect(text.stdout).toContain('VIP: bronze, progress 43.21 %');
    expect(text.stdout).toContain('rakeback: 0.00012345 btc to claim');
  }, 60_000);

  it('rakeback claim moves exactly the available rakeback into the balance, once, after asking', async () => {
    box.set_rakeback(login.user_id, 'btc', 0.00012345);
    box.set_rakeback(login.user_id, 'usd', 1.5);
    const refused = await cli(['rakeback', 'claim']);
    expect(refused.code).toBe(2);
    expect(box.stats().mutations_executed).toBe(0);
    const before = { btc: await available('btc'), usd: await available('usd') };
    const r = await cli(['rakeback', 'claim', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const claimed = (JSON.parse(r.stdout) as { claimed: Array<{ currency: string; amount: number }> }).claimed;
    expect(claimed.map((c) => [c.currency, c.amount]).sort()).toEqual([['btc', 0.00012345], ['usd', 1.5]]);
    expect(Math.round((await available('btc')) * 1e8) - Math.round(before.btc * 1e8)).toBe(12345);
    expect(Math.round((await available('usd')) * 100) - Math.round(before.usd * 100)).toBe(150);
    expect(box.stats().by_operation['ClaimRakeback']).toBe(1);
    const again = await cli(['rakeback', 'claim', '--yes']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No rakeback to claim.');
    expect(box.stats().by_operation['ClaimRakeback']).toBe(1);
    const bad = await cli(['rakeback', 'withdraw', '--yes']);
    expect(bad.code).toBe(2);
  }, 60_000);
});
