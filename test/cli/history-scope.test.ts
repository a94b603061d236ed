/**
 * `history stats | verify | export` read one account on one site by default
 * (finding 25): two sandbox users synced into one database are never added up
 * unless `--all-accounts` asks for it, and the output says whose bets it read.
 * The expected counts are the bets each user placed on the sandbox here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import type { SandboxLogin } from '../../src/sandbox/index.js';
import { oneErrorLine, tempConfigDir } from './helpers/cli.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

describe('whose bets history reads', () => {
  const session = useCliSandboxSession();
  let data: { dir: string; remove: () => Promise<void> };
  let other: SandboxLogin;
  const placed = { mine: 7, other: 4 };
  beforeAll(async () => {
    data = await tempConfigDir();
    other = session.sandbox.login('someone-else');
    for (const [login, n] of [[session.user, placed.mine], [other, placed.other]] as const) {
      const client = new StakeClient({ base_url: session.sandbox.url, access_token: login.access_token });
      for (let i = 0; i < n; i++) await client.dice({ amount: '0.01', currency: 'usd', target: 50, condition: 'above' });
      await client.close();
    }
  });
  afterAll(async () => {
    await data.remove();
  });
  const envOf = (login: SandboxLogin | null) => ({
    ...(login === null ? {} : { STAKE_ACCESS_TOKEN: login.access_token, STAKE_BASE_URL: session.sandbox.url }),
    STAKEQL_DATA_DIR: data.dir,
  });
  const betsIn = (stdout: string): number =>
    stdout.trim().split('\n').map((l) => JSON.parse(l) as { bets: number }).reduce((sum, g) => sum + g.bets, 0);

  it('counts only the account of the credentials in use, and says so', async () => {
    for (const login of [session.user, other]) {
      const synced = await session.run(['history', 'sync'], '', envOf(login));
      expect(synced.code, synced.stderr).toBe(0);
    }
    const mine = await session.run(['history', 'stats', '--by', 'all', '--json'], '', envOf(session.user));
    expect(mine.code, mine.stderr).toBe(0);
    expect(betsIn(mine.stdout)).toBe(placed.mine);
    expect(mine.stderr).toBe(`history: bets of cli-tester on ${session.sandbox.url}\n`);

    const human = await session.run(['history', 'stats', '--by', 'all', '--account', 'someone-else'], '', envOf(session.user));
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe(`Bets of someone-else on ${session.sandbox.url} (--all-accounts for every account):`);
    expect(human.stdout).toContain(`${placed.other} bets`);

    const all = await session.run(['history', 'stats', '--by', 'all', '--json', '--all-accounts'], '', envOf(session.user));
    expect(betsIn(all.stdout)).toBe(placed.mine + placed.other);

    const exported = await session.run(['history', 'export', '--json'], '', envOf(other));
    expect(exported.stdout.trim().split('\n')).toHaveLength(placed.other);
  });

  it('with two accounts and nothing naming one, refuses (exit 2) naming both', async () => {
    const r = await session.run(['history', 'stats'], '', envOf(null));
    expect(r.code).toBe(2);
    const line = oneErrorLine(r);
    expect(line).toContain('2 accounts in the database');
    expect(line).toContain('cli-tester');
    expect(line).toContain('someone-else');
    expect(line).toContain('--all-accounts');
    const unknown = await session.run(['history', 'verify', '--account', 'nobody'], '', envOf(session.user));
    expect(unknown.code).toBe(2);
    expect(oneErrorLine(unknown)).toMatch(/no account "nobody" on http:\/\/127\.0\.0\.1:\d+/);
  });
});
