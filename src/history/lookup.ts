/**
 * `lookup_bet`: one bet by the site's bet id, its share id (`house:N`, or
 * `casino:N` as share links write it) or the identifier it was sent with,
 * from the synced history and from the autobet/bet journal (a bet placed but
 * not synced yet is found there).
 */
import type { SqliteDatabase } from '../database/database.js';
import { journal_row_by, journal_row_of } from '../journal/journal-lookup.js';
import type { JournalRow } from '../journal/sessions.js';
import type { StoredBet } from './record.js';
import { BET_COLUMNS, stored_bet } from './bet-database.js';

/** What is known of one bet: the synced row, the journal's row, or both. */
export interface FoundBet {
  /** The bet as the last sync stored it; null when it was journaled but not synced yet. */
  readonly bet: StoredBet | null;
  /** The journal's row, for a bet the CLI placed; null for any other. */
  readonly journal: JournalRow | null;
  /** How the key matched. */
  readonly matched: 'id' | 'iid' | 'identifier';
}

const SHARE_ID = /^(house|casino):([0-9]{1,20})$/;
const MAX_KEY = 256;

/**
 * Finds a bet by site id, share id or identifier; null when neither the
 * history nor the journal knows it.
 * @throws TypeError when `key` is not a non-empty string of at most 256 characters.
 */
export function lookup_bet(db: SqliteDatabase, key: string): FoundBet | null {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY) {
    throw new TypeError(`the bet to look up must be an id, a share id (house:N) or an identifier of 1 to ${MAX_KEY} characters`);
  }
  const bet = (sql: string, ...values: string[]): StoredBet | null => {
    const raw = db.prepare(`SELECT ${BET_COLUMNS} FROM bets WHERE ${sql} LIMIT 1`).get(values);
    return raw === undefined ? null : stored_bet(raw);
  };
  const share = SHARE_ID.exec(key);
  if (share !== null) {
    const found = bet('iid IN (?, ?)', `house:${share[2]}`, `casino:${share[2]}`);
    if (found !== null) return { bet: found, journal: journal_row_of(db, found), matched: 'iid' };
  }
  const byId = bet('id = ?', key);
  if (byId !== null) return { bet: byId, journal: journal_row_of(db, byId), matched: 'id' };
  const byIdentifier = bet('identifier = ?', key);
  if (byIdentifier !== null) return { bet: byIdentifier, journal: journal_row_of(db, byIdentifier), matched: 'identifier' };
  const journaled = journal_row_by(db, 'identifier', key);
  if (journaled !== null) {
    const synced = journaled.bet_id === null ? null : bet('id = ?', journaled.bet_id);
    return { bet: synced, journal: journaled, matched: 'identifier' };
  }
  const unsynced = journal_row_by(db, 'bet_id', key);
  return unsynced === null ? null : { bet: null, journal: unsynced, matched: 'id' };
}
