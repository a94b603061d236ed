/**
 * A Crash or Slide bet's wait for a window in the steps journal: only a bet
 * whose mark still says "waiting, nothing sent" counts as never sent; one
 * whose request left (the mark moved on before the send), one from a journal
 * written before these marks (no mark at all), or a bet of another session
 * keeps its intent open, as money first demands. Real SQLite file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionsTable, open_database } from '../../src/journal/index.js';
import { window_marks } from '../../src/journal/window-marks.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stakeql-window-marks-'));
  dirs.push(dir);
  return path.join(dir, 'stakeql.db');
}

const SITE = 'http://127.0.0.1:1';
const NEW_SESSION = {
  started_at: 1, driver: 'sandbox', profile: null, base_url: SITE, account: 'u', currency: 'usd', decimals: 2,
  strategy_kind: 'settings', strategy_name: 'crash.json', strategy_source: '{}', game: 'crash', limits: '{}', start_balance_units: 10_000, pid: null,
} as const;

function intent(table: SessionsTable, session: number, seq: number, identifier: string): void {
  table.intend(session, { seq, identifier, game: 'crash', variables: '{"amount":1,"cashoutAt":2}', amount_units: 100, seed_hash: null, nonce_expected: null, strategy_state: '{}' }, 1000 + seq);
}

describe('window marks', () => {
  it('tells a bet killed while waiting (never sent) from one whose request left and from one journaled before the marks', () => {
    const db = open_database(tempFile());
    try {
      const table = new SessionsTable(db);
      const session = table.create(NEW_SESSION);
      const marks = window_marks(db, session, SITE, (a) => Math.round(a * 100));
      // 1: killed while waiting. 2: killed after its request left. 3: no mark (an older stakeql). 4: refused once (window closed), waiting again.
      intent(table, session, 1, 'waited');
      marks.waiting('waited', 'crash', { amount: 1, cashoutAt: 2, currency: 'usd', identifier: 'waited' });
      intent(table, session, 2, 'sent');
      marks.waiting('sent', 'crash', { amount: 1, cashoutAt: 2, currency: 'usd', identifier: 'sent' });
      marks.leaving('sent');
      intent(table, session, 3, 'unmarked');
      intent(table, session, 4, 'refused-once');
      marks.waiting('refused-once', 'crash', { amount: 1, cashoutAt: 2, currency: 'usd', identifier: 'refused-once' });
      marks.leaving('refused-once');
      marks.waiting_again('refused-once', 'window closed');
      expect(table.unsent_waits(session)).toEqual([1, 4]);
      // Four open intents, two of which may have been sent.
      expect(table.open_count(session)).toBe(2);
      const step = db.prepare("SELECT status, added_units, session_id, site FROM round_steps WHERE round_key = 'waited'").get();
      expect(step).toEqual({ status: 'not_sent', added_units: 100, session_id: session, site: SITE });
      // A step once sent does not go back to "waiting" on a second `leaving`, nor forward from "answered".
      marks.ended('sent', 'answered', 'bet-9');
      marks.leaving('sent');
      expect(db.prepare("SELECT status, bet_id FROM round_steps WHERE round_key = 'sent'").get()).toEqual({ status: 'answered', bet_id: 'bet-9' });
      expect(table.close_unsent_waits(session, 5000)).toBe(2);
      const rows = [...table.rows(session)].map((r) => [r.seq, r.status, r.resolved_by]);
      expect(rows).toEqual([[1, 'not_placed', 'not_sent'], [2, 'intent', null], [3, 'intent', null], [4, 'not_placed', 'not_sent']]);
      expect(table.unsent_waits(session)).toEqual([]);
      expect(table.open_count(session)).toBe(2);
      // The account is still held back by the two that may have been sent.
      expect(table.unfinished(SITE, 'u')).toEqual([{ id: session, open: 2 }]);
    } finally {
      db.close();
    }
  });

  it('a mark of another session does not make this session\'s intent "never sent"', () => {
    const db = open_database(tempFile());
    try {
      const table = new SessionsTable(db);
      const one = table.create(NEW_SESSION);
      const two = table.create(NEW_SESSION);
      intent(table, one, 1, 'same-id');
      window_marks(db, two, SITE, (a) => Math.round(a * 100)).waiting('same-id', 'crash', { amount: 1 });
      expect(table.unsent_waits(one)).toEqual([]);
      expect(table.open_count(one)).toBe(1);
    } finally {
      db.close();
    }
  });
});
