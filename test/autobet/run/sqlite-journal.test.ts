import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTCOME_BATCH, OUTCOME_DELAY_MS, SqliteJournal } from '../../../src/autobet/run/sqlite-journal.js';
import type { EngineSnapshot } from '../../../src/autobet/engine/journal-port.js';
import type { BetLine } from '../../../src/autobet/engine/events.js';
import type { SettledBet } from '../../../src/autobet/strategies/strategy.js';
import { SessionsTable, open_database, type SqliteDatabase } from '../../../src/journal/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function setup(): { db: SqliteDatabase; table: SessionsTable; journal: SqliteJournal; id: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-sqlite-journal-'));
  dirs.push(dir);
  const db = open_database(path.join(dir, 'data', 'stakeql.db'));
  const table = new SessionsTable(db);
  const id = table.create({
    started_at: 1, driver: 'sandbox', profile: null, base_url: 'http://127.0.0.1:1', account: 'u', currency: 'btc', decimals: 8,
    strategy_kind: 'settings', strategy_name: 's', strategy_source: '{}', game: null, limits: '{}', start_balance_units: 100, pid: null,
  });
  return { db, table, journal: new SqliteJournal(table, id), id };
}

const HASH = 'c'.repeat(64);
const intent = (seq: number) => ({
  seq, identifier: `sj-${seq}`, game: 'dice', variables: { amount: 1e-8 }, amount_units: 1, seed_hash: HASH, nonce_expected: seq, strategy_state: '{}',
});
const bet = (seq: number) => ({ id: `bet-${seq}`, nonce: seq, serverSeed: { seedHash: HASH } }) as unknown as SettledBet;
const SNAPSHOT = { counters: {}, seeds: {} } as unknown as EngineSnapshot;
const line = (seq: number) => ({ event: 'bet', seq }) as unknown as BetLine;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const statuses = (db: SqliteDatabase, id: number) => db.prepare('SELECT seq, status FROM journal WHERE session_id = ? ORDER BY seq').all(id) as Array<{ seq: number; status: string }>;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('SqliteJournal: the intent is the one commit a bet waits for', () => {
  it('commits an intent at once; outcomes wait for a batch (written once the loop turns) or OUTCOME_DELAY_MS', async () => {
    const { db, journal, id } = setup();
    try {
      journal.intend(intent(1));
      expect(statuses(db, id)).toEqual([{ seq: 1, status: 'intent' }]);
      journal.placed(1, bet(1), 0, SNAPSHOT, line(1), 'answer');
      // The next intent is committed alone: the outcome of bet 1 is not in its commit.
      journal.intend(intent(2));
      await turn();
      expect(statuses(db, id)).toEqual([{ seq: 1, status: 'intent' }, { seq: 2, status: 'intent' }]);
      await delay(OUTCOME_DELAY_MS + 50);
      expect(statuses(db, id)).toEqual([{ seq: 1, status: 'placed' }, { seq: 2, status: 'intent' }]);
      expect(db.prepare('SELECT game FROM sessions WHERE id = ?').pluck().get(id)).toBe('dice');
      // A full batch is written as soon as the loop turns, not after the delay.
      for (let seq = 2; seq < 2 + OUTCOME_BATCH; seq++) {
        if (seq > 2) journal.intend(intent(seq));
        journal.placed(seq, bet(seq), 0, SNAPSHOT, line(seq), 'answer');
      }
      expect(statuses(db, id).filter((r) => r.status === 'placed')).toHaveLength(1);
      await turn();
      expect(statuses(db, id).filter((r) => r.status === 'placed')).toHaveLength(1 + OUTCOME_BATCH);
    } finally {
      db.close();
    }
  });

  it('writes the held outcomes, in order, before any other write, and on flush', () => {
    const { db, journal, id } = setup();
    try {
      journal.intend(intent(1));
      journal.placed(1, bet(1), 0, SNAPSHOT, line(1), 'answer');
      journal.intend(intent(2));
      journal.placed(2, bet(2), 0, SNAPSHOT, line(2), 'answer');
      expect(statuses(db, id)).toEqual([{ seq: 1, status: 'intent' }, { seq: 2, status: 'intent' }]);
      journal.intend(intent(3));
      journal.not_placed(3, 'nonce', null);
      expect(statuses(db, id)).toEqual([{ seq: 1, status: 'placed' }, { seq: 2, status: 'placed' }, { seq: 3, status: 'not_placed' }]);
      journal.intend(intent(4));
      journal.placed(4, bet(4), 0, SNAPSHOT, line(4), 'answer');
      journal.flush();
      expect(statuses(db, id).at(-1)).toEqual({ seq: 4, status: 'placed' });
    } finally {
      db.close();
    }
  });

  it('a deferred commit that fails is thrown by the next call, not lost in the event loop', async () => {
    const { db, journal } = setup();
    journal.intend(intent(1));
    journal.placed(1, bet(1), 0, SNAPSHOT, line(1), 'answer');
    db.close();
    await delay(OUTCOME_DELAY_MS + 50);
    expect(() => journal.intend(intent(2))).toThrow(/not open/);
    expect(() => journal.flush()).toThrow(/not open/);
  });
});
