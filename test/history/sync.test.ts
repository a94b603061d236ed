import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StakeClient } from '../../src/facade/index.js';
import { history_stats, lookup_bet, sync_history, verify_history, type SqliteDatabase } from '../../src/history/index.js';
import { BetDatabase } from '../../src/history/bet-database.js';
import { SessionsTable } from '../../src/journal/index.js';
import { start_sandbox, type Sandbox } from '../../src/sandbox/index.js';
import { betListOffsets, placeDice, sandboxUser, tempDatabase } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await start_sandbox({ starting_balances: { btc: 10, usd: 100_000 } });
});
afterAll(async () => {
  await box.close();
});

function setup(): { client: StakeClient; db: SqliteDatabase; done: () => Promise<void> } {
  const { client } = sandboxUser(box);
  const temp = tempDatabase();
  const db = temp.open();
  return {
    client,
    db,
    done: async () => {
      db.close();
      await client.close();
      temp.remove();
    },
  };
}

const count = (db: SqliteDatabase): number => db.prepare('SELECT count(*) FROM bets').pluck().get() as number;

/**
 * The pages asked for are `read`, each once, and perhaps the one after: asked for ahead while the last was written,
 * that request may not have reached the sandbox's log (or been sent at all, in a sync stopped meanwhile) yet.
 */
function expectPages(asked: number[], read: number[], step: number): void {
  const next = (read[read.length - 1] as number) + step;
  expect([read, [...read, next]]).toContainEqual(asked);
}

describe('sync_history against the sandbox', () => {
  it('reads every page once, then only the pages holding new bets (two asked for ahead, one past the last at most)', async () => {
    const { client, db, done } = setup();
    try {
      const first = await placeDice(client, 120);
      let mark = box.stats().request_log.length;
      const r1 = await sync_history(client, db);
      // 120 bets: pages at 0, 50, 100 (the last one short ends the list); 150 was asked for with 100, while 50 was written.
      expectPages(betListOffsets(box, mark), [0, 50, 100], 50);
      expect(r1).toMatchObject({ read: 120, added: 120, written: 120, reached_watermark: false });
      expect(count(db)).toBe(120);
      expect(new Set(db.prepare('SELECT id FROM bets').pluck().all())).toEqual(new Set(first));

      await placeDice(client, 7);
      mark = box.stats().request_log.length;
      const r2 = await sync_history(client, db);
      expect(betListOffsets(box, mark)).toEqual([0]);
      expect(r2).toMatchObject({ read: 8, added: 7, written: 7, reached_watermark: true });

      await placeDice(client, 60);
      mark = box.stats().request_log.length;
      const r3 = await sync_history(client, db);
      // 60 new bets: the second page holds the 10 last new ones and the watermark (100 was asked for with 50).
      expectPages(betListOffsets(box, mark), [0, 50], 50);
      expect(r3).toMatchObject({ read: 61, added: 60, written: 60, reached_watermark: true });

      mark = box.stats().request_log.length;
      const r4 = await sync_history(client, db);
      expect(betListOffsets(box, mark)).toEqual([0]);
      expect(r4).toMatchObject({ read: 1, added: 0, written: 0 });
      expect(count(db)).toBe(187);
    } finally {
      await done();
    }
  });

  it('finishes an interrupted sync: the watermark moves only when a sync reads through', async () => {
    const { client, db, done } = setup();
    try {
      await placeDice(client, 30);
      await sync_history(client, db, { page_size: 10 });
      await placeDice(client, 40);
      // A sync stopped after its second page keeps the two pages it wrote (the third was asked for with the second).
      const stop = new AbortController();
      const mark = box.stats().request_log.length;
      await expect(sync_history(client, db, { page_size: 10, signal: stop.signal, on_progress: (read) => read >= 20 && stop.abort() })).rejects.toThrow();
      expectPages(betListOffsets(box, mark), [0, 10], 10);
      expect(count(db)).toBe(50);
      const again = box.stats().request_log.length;
      const r = await sync_history(client, db, { page_size: 10 });
      // From the top again down to the old watermark (the 41st entry): pages 0..40, and 50 asked for with 40.
      expectPages(betListOffsets(box, again), [0, 10, 20, 30, 40], 10);
      expect(r).toMatchObject({ read: 41, added: 20, written: 40, reached_watermark: true });
      expect(count(db)).toBe(70);
    } finally {
      await done();
    }
  });

  it('reads an open mines round again until it ends', async () => {
    const { client, db, done } = setup();
    try {
      await placeDice(client, 3, 'usd');
      await sync_history(client, db);
      const open = await client.mines_bet({ amount: 1, currency: 'usd', minesCount: 1 });
      await placeDice(client, 2, 'usd');
      await sync_history(client, db);
      expect(db.prepare('SELECT active FROM bets WHERE id = ?').pluck().get(open.id)).toBe(1);
      let end = await client.mines_next({ fields: [0] });
      if (end.active) end = await client.mines_cashout();
      expect(end.active).toBe(false);
      const mark = box.stats().request_log.length;
      const r = await sync_history(client, db);
      expect(betListOffsets(box, mark)).toEqual([0]);
      // The two dice after the round, the round, then the old watermark.
      expect(r).toMatchObject({ read: 4, added: 0, written: 3, reached_watermark: true });
      const row = db.prepare('SELECT active, payout_multiplier, state FROM bets WHERE id = ?').get(open.id) as { active: number; payout_multiplier: number; state: string };
      expect(row.active).toBe(0);
      expect(row.payout_multiplier).toBe(end.payoutMultiplier);
      expect((JSON.parse(row.state) as { mines: number[] }).mines).toEqual(end.state.mines);
      // The summary moved the round from open to its end: counted once, with its final payout.
      const [mines] = history_stats(db, { game: 'mines' }).groups;
      expect(mines).toMatchObject({ bets: 1, wins: end.payoutMultiplier > 1 ? 1 : 0, payout_units: BigInt(Math.round(end.payout * 100)) });
      // Closed now: the next sync stops at the newest bet.
      expect((await sync_history(client, db)).read).toBe(1);
    } finally {
      await done();
    }
  });

  it('fills in server seeds revealed since: from the pages, previousServerSeed, and BetLookup for an older pair', async () => {
    const { client, db, done } = setup();
    try {
      const pair1 = await placeDice(client, 5);
      await sync_history(client, db);
      const unrevealed = db.prepare('SELECT count(*) FROM bets WHERE server_seed IS NULL').pluck();
      expect(unrevealed.get()).toBe(5);
      await client.rotate_seed_pair();
      const pair2 = await placeDice(client, 4);
      await client.rotate_seed_pair();
      await placeDice(client, 2);
      const mark = box.stats().request_log.length;
      const r = await sync_history(client, db);
      // Pair 1's seed was revealed two rotations ago: neither the pages read nor previousServerSeed hold it.
      const lookups = box.stats().request_log.slice(mark).filter((q) => q.operation_name === 'BetLookup');
      expect(lookups).toHaveLength(1);
      expect(pair1.map((id) => db.prepare('SELECT iid FROM bets WHERE id = ?').pluck().get(id))).toContain(lookups[0]?.variables['iid']);
      // Pair 2's bets came in with their seed; pair 1's five stored ones were filled in.
      expect(r.seeds_revealed).toBe(5);
      expect(unrevealed.get()).toBe(2);
      const seeds = db.prepare('SELECT DISTINCT server_seed FROM bets WHERE id IN (SELECT value FROM json_each(?))').pluck();
      expect(seeds.all(JSON.stringify(pair1))).toHaveLength(1);
      expect(seeds.all(JSON.stringify(pair2))).toHaveLength(1);
      const v = verify_history(db);
      expect(v).toMatchObject({ checked: 9, passed: 9, failed: 0, unrevealed: 2 });
      // Nothing left to ask about but the active pair: no lookup the next time.
      const again = box.stats().request_log.length;
      await sync_history(client, db);
      expect(box.stats().request_log.slice(again).map((q) => q.operation_name)).toEqual(['MyBetList', 'UserSeedPair']);
    } finally {
      await done();
    }
  });

  it('lists the seeds still unrevealed of one account, each with a bet of that account, among two accounts’ seeds', async () => {
    const { client, db, done } = setup();
    const other = sandboxUser(box).client;
    try {
      // The first pair's bets synced before it is rotated away twice: the later pages do not carry its seed.
      await placeDice(client, 3);
      await sync_history(client, db, { max_seed_lookups: 0 });
      await client.rotate_seed_pair();
      await placeDice(client, 2);
      await client.rotate_seed_pair();
      await placeDice(client, 1);
      await placeDice(other, 4);
      await sync_history(client, db, { max_seed_lookups: 0 });
      await sync_history(other, db, { max_seed_lookups: 0 });
      const store = new BetDatabase(db);
      for (const account of db.prepare('SELECT site, user_id FROM sync_state').all() as Array<{ site: string; user_id: string }>) {
        const expected = db
          .prepare('SELECT DISTINCT server_seed_hash FROM bets WHERE server_seed IS NULL AND site = ? AND user_id = ? ORDER BY 1')
          .pluck()
          .all(account.site, account.user_id);
        const listed = store.unrevealed(account.site, account.user_id, 10);
        expect(listed.map((m) => m.hash).sort()).toEqual(expected);
        for (const { hash, iid } of listed) {
          expect(db.prepare('SELECT server_seed_hash, user_id FROM bets WHERE iid = ?').get(iid)).toEqual({ server_seed_hash: hash, user_id: account.user_id });
        }
      }
      // The first account's oldest pair (not looked up) and active one, the second's active one.
      expect(db.prepare('SELECT count(DISTINCT server_seed_hash) FROM bets WHERE server_seed IS NULL').pluck().get()).toBe(3);
      expect(store.unrevealed('http://nowhere', 'nobody', 10)).toEqual([]);
    } finally {
      await other.close();
      await done();
    }
  });

  it('keeps the identifier of a journaled bet, and finds the bet by id, iid (house: and casino:) and identifier', async () => {
    const { client, db, done } = setup();
    try {
      const placed = await client.dice({ amount: '0.0001', currency: 'btc', target: 50, condition: 'above', identifier: 'journaled-bet-0001' });
      const table = new SessionsTable(db);
      const session = table.create({
        started_at: 1, driver: 'sandbox', profile: null, base_url: box.url, account: 'a', currency: 'btc', decimals: 8,
        strategy_kind: 'settings', strategy_name: 't', strategy_source: '{}', game: 'dice', limits: '{}', start_balance_units: 0, pid: null,
      });
      table.adopt(
        session,
        { seq: 1, identifier: placed.identifier, game: 'dice', variables: '{}', amount_units: 10_000, seed_hash: null, nonce_expected: null, strategy_state: '{}' },
        { bet_id: placed.id, seed_hash: placed.serverSeed?.seedHash ?? null, nonce: placed.nonce, payout_units: 0, result: JSON.stringify(placed), counters: '{}', line: '{}', resolved_by: 'test' },
        2,
      );
      // A bet placed and journaled but not synced yet: found in the journal.
      const before = lookup_bet(db, 'journaled-bet-0001');
      expect(before).toMatchObject({ bet: null, matched: 'identifier', journal: { bet_id: placed.id, identifier: 'journaled-bet-0001' } });
      await placeDice(client, 2);
      await sync_history(client, db);
      expect(db.prepare('SELECT identifier FROM bets WHERE id = ?').pluck().get(placed.id)).toBe('journaled-bet-0001');
      const iid = db.prepare('SELECT iid FROM bets WHERE id = ?').pluck().get(placed.id) as string;
      expect(iid).toMatch(/^house:[0-9]+$/);
      for (const [key, matched] of [[placed.id, 'id'], [iid, 'iid'], [iid.replace('house:', 'casino:'), 'iid'], ['journaled-bet-0001', 'identifier']] as const) {
        const found = lookup_bet(db, key);
        expect(found?.matched, key).toBe(matched);
        expect(found?.bet?.id, key).toBe(placed.id);
        expect(found?.bet?.amount_units).toBe(10_000n);
        expect(found?.journal?.identifier).toBe('journaled-bet-0001');
      }
      // A bet nobody journaled: found, with no journal row and no identifier.
      const other = db.prepare('SELECT id FROM bets WHERE id != ? LIMIT 1').pluck().get(placed.id) as string;
      expect(lookup_bet(db, other)).toMatchObject({ bet: { id: other, identifier: null }, journal: null });
      expect(lookup_bet(db, 'house:999999999')).toBeNull();
      expect(lookup_bet(db, 'no-such-bet')).toBeNull();
      expect(() => lookup_bet(db, '')).toThrow(TypeError);
      expect(() => lookup_bet(db, 'x'.repeat(257))).toThrow(TypeError);
    } finally {
      await done();
    }
  });

  it('refuses bad options before any request', async () => {
    const { client, db, done } = setup();
    try {
      const mark = box.stats().requests;
      await expect(sync_history(client, db, { page_size: 0 })).rejects.toThrow(RangeError);
      await expect(sync_history(client, db, { page_size: 51 })).rejects.toThrow(/page_size must be 1 to 50/);
      await expect(sync_history(client, db, { max_seed_lookups: -1 })).rejects.toThrow(RangeError);
      await expect(sync_history(client, db, { on_progress: 3 as never })).rejects.toThrow(TypeError);
      expect(box.stats().requests).toBe(mark);
    } finally {
      await done();
    }
  });
});
