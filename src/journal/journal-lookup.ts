/**
 * Finding journaled bets from outside a session: the history's identifiers
 * and `stakeql bet`. The journal indexes what the engine needs at its right
 * edge only (migration-v6.ts): a bet the site reported is found by its seed
 * pair and nonce through an index; an identifier or a bet id alone is looked
 * for from the newest row back, where bets not synced yet are.
 */
import type { SqliteDatabase } from '../database/database.js';
import { OneOffBets, oneoff_identifiers_query } from './oneoff-bets.js';
import { JOURNAL_ROW, type JournalRow } from './sessions.js';

/** A bet as the site reports it: enough to find its journal row through the index. */
export interface SiteBetKey {
  readonly id: string;
  readonly server_seed_hash: string | null;
  readonly nonce: number | null;
}

/**
 * The journal's identifiers of bets the site reported. One index probe per
 * seed pair of the call (a page of the history is mostly one pair): the
 * outcomes whose nonce lies between the bets' lowest and highest, kept when
 * the bet id matches at that seed pair and nonce. Nonces of one pair are
 * unique, so the range holds at most the bets the site listed in it.
 */
export function journal_identifiers(db: SqliteDatabase): (bets: readonly SiteBetKey[]) => Map<string, string> {
  const query = db
    .prepare(
      `SELECT o.bet_id, o.nonce, i.identifier FROM journal_outcomes AS o JOIN journal_intents AS i ON i.id = o.id
       WHERE o.seed_hash = ? AND o.nonce BETWEEN ? AND ?`,
    )
    .raw();
  const oneoff = oneoff_identifiers_query(db);
  return (bets) => {
    const pairs = new Map<string, { low: number; high: number; keys: Set<string> }>();
    for (const b of bets) {
      if (b.server_seed_hash === null || b.nonce === null) continue;
      let pair = pairs.get(b.server_seed_hash);
      if (pair === undefined) {
        pair = { low: b.nonce, high: b.nonce, keys: new Set() };
        pairs.set(b.server_seed_hash, pair);
      }
      pair.low = Math.min(pair.low, b.nonce);
      pair.high = Math.max(pair.high, b.nonce);
      pair.keys.add(`${b.nonce}\u0000${b.id}`);
    }
    const found = new Map<string, string>();
    for (const [hash, { low, high, keys }] of pairs) {
      for (const rows of [query.all(hash, low, high) as Array<[string | null, number, string]>, oneoff(hash, low, high)]) {
        for (const [bet_id, nonce, identifier] of rows) {
          if (bet_id !== null && keys.has(`${nonce}\u0000${bet_id}`)) found.set(bet_id, identifier);
        }
      }
    }
    return found;
  };
}

/** The journal row of a bet the site reported; null when stakeql did not place it. */
export function journal_row_of(db: SqliteDatabase, bet: SiteBetKey): JournalRow | null {
  const oneoff = new OneOffBets(db).by_bet_id(bet.id);
  if (oneoff !== null) return oneoff;
  if (bet.server_seed_hash === null || bet.nonce === null) return journal_row_by(db, 'bet_id', bet.id);
  const id = db
    .prepare('SELECT id FROM journal_outcomes WHERE seed_hash = ? AND nonce = ? AND bet_id = ? LIMIT 1')
    .pluck()
    .get(bet.server_seed_hash, bet.nonce, bet.id) as number | undefined;
  return id === undefined ? null : row(db, id);
}

/**
 * The newest journal row whose identifier or bet id is `value`, read from
 * the end of the tables back (no index: it would cost every bet a page
 * written at a random place); null when there is none, after reading them all.
 */
export function journal_row_by(db: SqliteDatabase, column: 'bet_id' | 'identifier', value: string): JournalRow | null {
  const oneoffs = new OneOffBets(db);
  const oneoff = column === 'identifier' ? oneoffs.by_identifier(value) : oneoffs.by_bet_id(value);
  if (oneoff !== null) return oneoff;
  const sql =
    column === 'identifier'
      ? 'SELECT id FROM journal_intents WHERE identifier = ? ORDER BY id DESC LIMIT 1'
      : 'SELECT id FROM journal_outcomes WHERE bet_id = ? ORDER BY id DESC LIMIT 1';
  const id = db.prepare(sql).pluck().get(value) as number | undefined;
  return id === undefined ? null : row(db, id);
}

function row(db: SqliteDatabase, id: number): JournalRow | null {
  return (db.prepare(`${JOURNAL_ROW} WHERE i.id = ?`).get(id) as JournalRow | undefined) ?? null;
}
