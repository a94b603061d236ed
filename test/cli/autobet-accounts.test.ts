/**
 * Issue 48 item 1 (research/newcomer-2026-11-29.md §1, §13): `autobet list`
 * and `show` are one account on one site, with site and account columns and
 * `--all-accounts` to widen; a library run given no database keeps to its
 * own file, out of the CLI's list. Two sandboxes, one data directory, real
 * runs through the built CLI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run_autobet } from '../../src/autobet/index.js';
import { StakeClient } from '../../src/facade/index.js';
import { start_sandbox, type Sandbox, type SandboxLogin } from '../../src/sandbox/index.js';
import { oneErrorLine, useBuiltCli } from './helpers/cli.js';

const cli = useBuiltCli();
let dir: string;
let strategy: string;
const sites: { sandbox: Sandbox; user: SandboxLogin }[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-autobet-accounts-'));
  strategy = path.join(dir, 'flat.json');
  fs.writeFileSync(strategy, JSON.stringify({ game: 'dice', bet: { amount: 0.01, target: 50.5, condition: 'above' } }));
  for (const name of ['alice', 'bob']) {
    const sandbox = await start_sandbox({ starting_balances: { usd: 100 } });
    sites.push({ sandbox, user: sandbox.login(name) });
  }
});
afterAll(async () => {
  for (const s of sites) await s.sandbox.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const envOf = (i: number) => {
  const { sandbox, user } = sites[i] as { sandbox: Sandbox; user: SandboxLogin };
  return { STAKE_ACCESS_TOKEN: user.access_token, STAKE_SESSION_COOKIE: user.session_cookie, STAKE_BASE_URL: sandbox.url, STAKEQL_DATA_DIR: dir };
};
const urlOf = (i: number): string => (sites[i] as { sandbox: Sandbox }).sandbox.url;

describe('autobet list and show: one account on one site', () => {
  it('each profile lists its own sessions, with site and account; --all-accounts lists both; show refuses the other\'s', async () => {
    for (const i of [0, 1]) {
      const r = await cli.run(['autobet', strategy, '--stop-loss', '1', '--max-bet', '1', '--max-bets', '2', '--currency', 'usd', '--yes'], { env: envOf(i), timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(0);
    }
    const alice = await cli.run(['autobet', 'list'], { env: envOf(0) });
    expect(alice.code, alice.stderr).toBe(0);
    const lines = alice.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Sessions of alice on ${urlOf(0)} (1 of other accounts or sites: --all-accounts):`);
    expect(lines[1]).toMatch(/^SESSION +STARTED \(UTC\) +SITE +ACCOUNT +STRATEGY/);
    expect(lines.slice(2)).toHaveLength(1);
    expect(lines[2]).toMatch(new RegExp(`^ +1 +\\S+ \\S+ +${urlOf(0).replaceAll('.', '\\.')} +alice +flat\\.json`));

    const bob = await cli.run(['autobet', 'list', '--json'], { env: envOf(1) });
    expect(bob.stdout.trim().split('\n').map((l) => JSON.parse(l) as { session: number; site: string; account: string }).map((s) => [s.session, s.site, s.account]))
      .toEqual([[2, urlOf(1), 'bob']]);

    const all = await cli.run(['autobet', 'list', '--all-accounts', '--json'], { env: envOf(0) });
    expect(all.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { account: string }).account)).toEqual(['bob', 'alice']);

    const other = await cli.run(['autobet', 'show', '2'], { env: envOf(0) });
    expect(other.code).toBe(2);
    expect(oneErrorLine(other)).toBe(`stakeql: autobet show: session 2 ran as bob on ${urlOf(1)}, not alice on ${urlOf(0)}; pass --all-accounts to show it`);
    const widened = await cli.run(['autobet', 'show', '2', '--all-accounts'], { env: envOf(0) });
    expect(widened.code, widened.stderr).toBe(0);
    expect(widened.stdout).toMatch(/^session 2: flat\.json as bob on /);
  }, 120_000);

  it("a library run given no database keeps to its own file, out of the CLI's list", async () => {
    const before = await cli.run(['autobet', 'list', '--all-accounts', '--json'], { env: envOf(0) });
    const saved = process.env['STAKEQL_DATA_DIR'];
    process.env['STAKEQL_DATA_DIR'] = dir;
    try {
      await using client = new StakeClient({ base_url: urlOf(0), ...(sites[0] as { user: SandboxLogin }).user });
      const result = await run_autobet({ client, strategy, limits: { stop_loss: 1, max_bet: 1, max_bets: 2 }, currency: 'usd' });
      expect(result.stop?.reason).toBe('max_bets');
    } finally {
      if (saved === undefined) delete process.env['STAKEQL_DATA_DIR'];
      else process.env['STAKEQL_DATA_DIR'] = saved;
    }
    expect(fs.existsSync(path.join(dir, 'stakeql-library.db'))).toBe(true);
    const after = await cli.run(['autobet', 'list', '--all-accounts', '--json'], { env: envOf(0) });
    expect(after.stdout).toBe(before.stdout);
  }, 60_000);
});
