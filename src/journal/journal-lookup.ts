/**
 * Finding journaled bets from outside a session: the history's identifiers
 * and `stakeql bet`. The journal indexes what the engine needs at its right
 * edge only (migration-v6.ts): a bet the site reported is found by its seed
 * pair and nonce through an index; an identifier or a bet id alone is looked
 * for from the newest row back, where bets not synced yet are.
 */
import type { SqliteDatabase } from './database.js';
import type { JournalRow } from './sessions.js';

/** A bet as the site reports it: enough to find its journal row through the index. */
export interface SiteBetKey {
  readonly id: string;
  readonly server_seed_hash: string | null;
  readonly nonce: number | null;
}

/** The journal's identifiers of bets the site reported, in one query per call (journaled bets are few). */
export function journal_identifiers(db: SqliteDatabase): (bets: readonly SiteBetKey[]) => Map<string, string> {
  const query = db
    .prepare(
      `SELECT o.bet_id, i.identifier FROM json_each(?) AS p
       JOIN journal_log AS o ON o.kind = 1 AND o.seed_hash = p.value ->> 1 AND o.nonce = p.value ->> 2 AND o.bet_id = p.value ->> 0
       JOIN journal_log AS i ON i.session_id = o.session_id AND i.seq = o.seq AND i.kind = 0`,
    )
    .raw();
  return (bets) => {
    const keys = bets.filter((b) => b.server_seed_hash !== null && b.nonce !== null).map((b) => [b.id, b.server_seed_hash, b.nonce]);
    if (keys.length === 0) return new Map();
    return new Map(query.all(JSON.stringify(keys)) as Array<[string, string]>);
  };
}

/** The journal row of a bet the site reported; null when stakeql did not place it. */
export function journal_row_of(db: SqliteDatabase, bet: SiteBetKey): JournalRow | null {
  if (bet.server_seed_hash === null || bet.nonce === null) return journal_row_by(db, 'bet_id', bet.id);
  const key = db
    .prepare('SELECT session_id, seq FROM journal_log WHERE kind = 1 AND seed_hash = ? AND nonce = ? AND bet_id = ? LIMIT 1')
    .get(bet.server_seed_hash, bet.nonce, bet.id) as { session_id: number; seq: number } | undefined;
  return key === undefined ? null : row(db, key);
}

/**
 * The newest journal row whose identifier or bet id is `value`, read from
 * the end of the log back (no index: it would cost every bet a page written
 * at a random place); null when there is none, after reading the whole log.
 */
export function journal_row_by(db: SqliteDatabase, column: 'bet_id' | 'identifier', value: string): JournalRow | null {
  const sql =
    column === 'identifier'
      ? 'SELECT session_id, seq FROM journal_log WHERE kind = 0 AND identifier = ? ORDER BY id DESC LIMIT 1'
      : 'SELECT session_id, seq FROM journal_log WHERE kind = 1 AND bet_id = ? ORDER BY id DESC LIMIT 1';
  const key = db.prepare(sql).get(value) as { session_id: number; seq: number } | undefined;
  return key === undefined ? null : row(db, key);
}

function row(db: SqliteDatabase, key: { session_id: number; seq: number }): JournalRow | null {
  return (db.prepare('SELECT * FROM journal WHERE session_id = ? AND seq = ?').get(key.session_id, key.seq) as JournalRow | undefined) ?? null;
}
