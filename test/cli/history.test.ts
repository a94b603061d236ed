/**
 * `stakeql history ...` against a sandbox, with a real database file in a
 * private temp directory (STAKEQL_DATA_DIR), and the database refusals: a
 * damaged, newer or locked file is named, exit 5, and left byte for byte.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StakeClient } from '../../src/facade/index.js';
import { SessionsTable, open_database } from '../../src/journal/index.js';
import { oneErrorLine, tempConfigDir } from './helpers/cli.js';
import { Database } from '../support/sqlite.js';
import { useCliSandboxSession } from './helpers/sandbox-session.js';

describe('stakeql history', () => {
  const session = useCliSandboxSession();
  let data: { dir: string; remove: () => Promise<void> };
  beforeAll(async () => {
    data = await tempConfigDir();
  });
  afterAll(async () => {
    await data.remove();
  });
  const dbFile = () => path.join(data.dir, 'stakeql.db');
  const env = (dir = data.dir) => ({
    STAKE_ACCESS_TOKEN: session.user.access_token,
    STAKE_SESSION_COOKIE: session.user.session_cookie,
    STAKE_BASE_URL: session.sandbox.url,
    STAKEQL_DATA_DIR: dir,
  });
  const betLists = (from: number) => session.sandbox.stats().request_log.slice(from).filter((r) => r.operation_name === 'MyBetList').length;

  it('syncs, then reads only what is new; stats equal the sums of the export; verify names a changed row', async () => {
    await using client = new StakeClient({ base_url: session.sandbox.url, access_token: session.user.access_token });
    for (let i = 0; i < 60; i++) await client.dice({ amount: (0.5 + (i % 4) * 0.25).toFixed(2), currency: 'usd', target: 30 + i, condition: 'above' });
    for (let i = 0; i < 8; i++) await client.limbo({ amount: '0.01', currency: 'usd', multiplierTarget: 2 });
    await client.rotate_seed_pair();

    let mark = session.sandbox.stats().request_log.length;
    const first = await session.run(['history', 'sync'], '', env());
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe('Synced: 68 new bets, 68 entries read.\n');
    // Pages 0 and 50, and perhaps 100: asked for ahead while the first was written, the process may end before it is sent.
    expect([2, 3]).toContain(betLists(mark));
    expect(fs.statSync(dbFile()).mode & 0o777).toBe(0o600);

    await client.dice({ amount: '1', currency: 'usd', target: 50, condition: 'below' });
    mark = session.sandbox.stats().request_log.length;
    const second = await session.run(['history', 'sync', '--json'], '', env());
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ read: 2, added: 1, reached_watermark: true });
    expect(betLists(mark)).toBe(1);

    const exported = await session.run(['history', 'export', '--json'], '', env());
    expect(exported.code, exported.stderr).toBe(0);
    const bets = exported.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { game: string; amount: number; payout: number; payoutMultiplier: number });
    expect(bets).toHaveLength(69);
    const stats = await session.run(['history', 'stats', '--json'], '', env());
    expect(stats.code, stats.stderr).toBe(0);
    const groups = stats.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { key: string; bets: number; wins: number; wagered_units: string; payout_units: string });
    expect(groups.map((g) => g.key)).toEqual(['dice', 'limbo']);
    for (const g of groups) {
      const mine = bets.filter((b) => b.game === g.key);
      // usd has 2 decimals: cents, summed as integers.
      expect(g.bets).toBe(mine.length);
      expect(g.wins).toBe(mine.filter((b) => b.payoutMultiplier > 1).length);
      expect(BigInt(g.wagered_units)).toBe(mine.reduce((s, b) => s + BigInt(Math.round(b.amount * 100)), 0n));
      expect(BigInt(g.payout_units)).toBe(mine.reduce((s, b) => s + BigInt(Math.round(b.payout * 100)), 0n));
    }
    const human = await session.run(['history', 'stats', '--by', 'currency'], '', env());
    expect(human.stdout.split('\n')[0]).toBe(`Bets of cli-tester on ${session.sandbox.url} (--all-accounts for every account):`);
    // Grouped by currency, the currency is said once (issue 48, newcomer §15).
    expect(human.stdout.split('\n')[1]).toMatch(/^usd: 69 bets \(\d+ won, \d+ lost\), wagered [0-9.]+, profit -?[0-9.]+, return [0-9.]+ % \(theoretical 99\.00 %\)/);

    const clean = await session.run(['history', 'verify'], '', env());
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toBe(`Bets of cli-tester on ${session.sandbox.url} (--all-accounts for every account):\n` + '68 bets with a revealed seed: 68 verified, 0 failed; 1 bet waiting for its seed (rotate the seed pair, then sync)\n');

    const db = new Database(dbFile());
    const victim = db.prepare("SELECT id, iid FROM bets WHERE game = 'dice' AND server_seed IS NOT NULL LIMIT 1").get() as { id: string; iid: string };
    db.prepare("UPDATE bets SET state = json_set(state, '$.result', 100 - json_extract(state, '$.result')) WHERE id = ?").run(victim.id);
    db.close();
    const caught = await session.run(['history', 'verify'], '', env());
    expect(caught.code).toBe(1);
    expect(caught.stdout.split('\n').filter((l) => l.startsWith('FAIL'))).toEqual([expect.stringMatching(new RegExp(`^FAIL ${victim.iid} ${victim.id} \\(dice, nonce \\d+\\): outcome`))]);
    expect(oneErrorLine(caught)).toBe(`stakeql: 1 of 68 bets failed verification: ${victim.iid}`);
  });

  it('bet ID_OR_IDENTIFIER looks one bet up by id, share id or identifier (exit 3 when unknown)', async () => {
    await using client = new StakeClient({ base_url: session.sandbox.url, access_token: session.user.access_token });
    const placed = await client.dice({ amount: '2', currency: 'usd', target: 50, condition: 'above', identifier: 'cli-lookup-0001' });
    const db = open_database(dbFile());
    const table = new SessionsTable(db);
    const id = table.create({
      started_at: 1, driver: 'sandbox', profile: null, base_url: session.sandbox.url, account: 'a', currency: 'usd', decimals: 2,
      strategy_kind: 'settings', strategy_name: 't', strategy_source: '{}', game: 'dice', limits: '{}', start_balance_units: 0, pid: null,
    });
    table.adopt(id, { seq: 1, identifier: placed.identifier, game: 'dice', variables: '{}', amount_units: 200, seed_hash: null, nonce_expected: null, strategy_state: '{}' },
      { bet_id: placed.id, seed_hash: placed.serverSeed?.seedHash ?? null, nonce: placed.nonce, payout_units: 0, result: JSON.stringify(placed), counters: '{}', line: '{}', resolved_by: 'test' }, 2);
    db.close();

    // Journaled, not synced yet: found in the journal.
    const early = await session.run(['bet', 'cli-lookup-0001'], '', env());
    expect(early.code, early.stderr).toBe(0);
    expect(early.stdout).toContain('not in the synced history yet');
    expect((await session.run(['history', 'sync'], '', env())).code).toBe(0);

    const iid = `house:${/[0-9]+$/.exec(JSON.parse((await session.run(['bet', placed.id, '--json'], '', env())).stdout).bet.iid)![0]}`;
    for (const key of [placed.id, iid, iid.replace('house:', 'casino:'), 'cli-lookup-0001']) {
      const r = await session.run(['bet', key, '--json'], '', env());
      expect(r.code, r.stderr).toBe(0);
      const shown = JSON.parse(r.stdout) as { bet: { id: string; identifier: string; amount: number; state: { result: number } }; journal: { bet_id: string } };
      expect(shown.bet).toMatchObject({ id: placed.id, identifier: 'cli-lookup-0001', amount: 2, state: { result: placed.state.result } });
      expect(shown.journal.bet_id).toBe(placed.id);
    }
    const human = await session.run(['bet', iid], '', env());
    expect(human.stdout).toMatch(new RegExp(`bet +${iid} \\(id ${placed.id}\\)`));
    expect(human.stdout).toMatch(/identifier +cli-lookup-0001/);

    const missing = await session.run(['bet', 'house:987654321'], '', env());
    expect(missing.code).toBe(3);
    expect(oneErrorLine(missing)).toMatch(/^stakeql: no bet house:987654321 in the history or the journal/);
    const half = await session.run(['bet', 'dice'], '', env());
    expect(half.code).toBe(2);
    const mixed = await session.run(['bet', placed.id, '--target', '50'], '', env());
    expect(mixed.code).toBe(2);
  });

  it('refuses usage mistakes with exit 2, before opening anything', async () => {
    const empty = await tempConfigDir();
    try {
      for (const args of [['history'], ['history', 'frobnicate'], ['history', 'stats', '--by', 'week'], ['history', 'export', '--csv', '--json'],
        ['history', 'stats', '--account', 'x', '--all-accounts'], ['history', 'stats', '--from', 'yesterday-ish'], ['history', 'sync', 'extra']]) {
        const r = await session.run(args, '', env(empty.dir));
        expect(r.code, args.join(' ')).toBe(2);
        expect(oneErrorLine(r)).toMatch(/^stakeql: /);
      }
      expect(fs.readdirSync(empty.dir)).toEqual([]);
    } finally {
      await empty.remove();
    }
  });

  describe('a database it cannot use: exit 5 naming the file, the file unchanged', () => {
    async function refused(prepare: (file: string) => (() => void) | void, args: string[]): Promise<void> {
      const dir = await tempConfigDir();
      const file = path.join(dir.dir, 'stakeql.db');
      const release = prepare(file);
      try {
        const before = fs.readFileSync(file);
        const requests = session.sandbox.stats().requests;
        const r = await session.run(args, '', env(dir.dir));
        expect(r.code, r.stderr).toBe(5);
        expect(oneErrorLine(r)).toContain(file);
        expect(fs.readFileSync(file).equals(before)).toBe(true);
        // Refused before a single request.
        expect(session.sandbox.stats().requests).toBe(requests);
      } finally {
        release?.();
        await dir.remove();
      }
    }

    it('damaged', async () => {
      const garbage = (file: string) => fs.writeFileSync(file, Buffer.from('not a database, just some bytes\n'.repeat(200)), { mode: 0o600 });
      for (const args of [['history', 'sync'], ['history', 'stats'], ['history', 'export'], ['history', 'verify']]) await refused(garbage, args);
    });

    it('from a newer stakeql', async () => {
      await refused((file) => {
        open_database(file).close();
        const db = new Database(file);
        db.pragma('user_version = 99');
        db.close();
      }, ['history', 'sync']);
      // Written by a newer stakeql that left it in rollback-journal mode: not switched to WAL either.
      await refused((file) => {
        fs.closeSync(fs.openSync(file, 'wx', 0o600));
        const db = new Database(file);
        db.exec('CREATE TABLE future (x INTEGER)');
        db.pragma('user_version = 99');
        db.close();
      }, ['history', 'stats']);
    });

    it('locked by another process', async () => {
      await refused((file) => {
        open_database(file).close();
        const db = new Database(file);
        db.exec('BEGIN IMMEDIATE');
        // A write in flight (never committed): the file itself stays as it was.
        db.prepare("INSERT INTO sync_state (site, user_id, synced_at) VALUES ('x', 'y', 0)").run();
        return () => {
          db.exec('ROLLBACK');
          db.close();
        };
      }, ['history', 'sync']);
    }, 30_000);
  });
});
