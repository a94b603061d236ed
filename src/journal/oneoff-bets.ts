/**
 * The journal of one-off bets (`stakeql bet`; table `oneoff_bets`,
 * migration-v10.ts): the intent is committed before the request leaves and
 * the site's answer after, as autobet's journal does for a session's bets.
 */
import type { SqliteDatabase } from '../database/database.js';
import type { JournalRow } from './sessions.js';

/** What is known before a one-off bet is sent. */
export interface OneOffIntent {
  readonly identifier: string;
  /** The site's origin (`https://stake.com`). */
  readonly site: string;
  readonly game: string;
  /** The bet's input as sent (JSON). */
  readonly variables: string;
  /** The amount in whole smallest units of its currency. */
  readonly amount_units: number;
}

/** What the site answered for a placed bet. */
export interface OneOffSettlement {
  readonly bet_id: string;
  readonly seed_hash: string | null;
  readonly nonce: number | null;
  readonly payout_units: number;
  /** The bet as the client returned it (JSON). */
  readonly result: string;
}

/**
 * The row as a journal row, for the readers that show journaled bets
 * (`lookup_bet`): `session_id` 0 and `seq` 0 say it belongs to no session.
 */
const ROW = `SELECT 0 AS session_id, 0 AS seq, identifier, game, variables, amount_units, seed_hash, NULL AS nonce_expected,
    '{}' AS strategy_state, created_at, status, CASE WHEN status = 'intent' THEN NULL ELSE 'answer' END AS resolved_by,
    settled_at, bet_id, nonce, payout_units, result, NULL AS counters, NULL AS line, error
  FROM oneoff_bets`;

/** One-off bets in one database connection. */
export class OneOffBets {
  readonly #db: SqliteDatabase;

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  /** Commits the intent; call before the request leaves. @throws when the identifier was journaled before. */
  record_intent(intent: OneOffIntent, now = Date.now()): void {
    this.#db
      .prepare(`INSERT INTO oneoff_bets (identifier, site, game, variables, amount_units, created_at, status) VALUES (?, ?, ?, ?, ?, ?, 'intent')`)
      .run(intent.identifier, intent.site, intent.game, intent.variables, intent.amount_units, now);
  }

  /** The site booked the bet. */
  record_placed(identifier: string, settled: OneOffSettlement, now = Date.now()): void {
    this.#db
      .prepare(`UPDATE oneoff_bets SET status = 'placed', settled_at = ?, bet_id = ?, seed_hash = ?, nonce = ?, payout_units = ?, result = ? WHERE identifier = ?`)
      .run(now, settled.bet_id, settled.seed_hash, settled.nonce, settled.payout_units, settled.result, identifier);
  }

  /** The site refused the bet with an answer: nothing was booked. */
  record_refused(identifier: string, error: string, now = Date.now()): void {
    this.#db.prepare(`UPDATE oneoff_bets SET status = 'refused', settled_at = ?, error = ? WHERE identifier = ?`).run(now, error, identifier);
  }

  /** The bet journaled under `identifier`, or null. */
  by_identifier(identifier: string): JournalRow | null {
    return (this.#db.prepare(`${ROW} WHERE identifier = ?`).get(identifier) as JournalRow | undefined) ?? null;
  }

  /** The bet the site booked as `bet_id`, or null. */
  by_bet_id(bet_id: string): JournalRow | null {
    return (this.#db.prepare(`${ROW} WHERE bet_id = ?`).get(bet_id) as JournalRow | undefined) ?? null;
  }
}

/** `[bet_id, nonce, identifier]` of the one-off bets placed under `seed_hash` with a nonce from `low` to `high`. */
export function oneoff_identifiers_query(db: SqliteDatabase): (seed_hash: string, low: number, high: number) => Array<[string | null, number, string]> {
  const query = db.prepare('SELECT bet_id, nonce, identifier FROM oneoff_bets WHERE seed_hash = ? AND nonce BETWEEN ? AND ?').raw();
  return (seed_hash, low, high) => query.all(seed_hash, low, high) as Array<[string | null, number, string]>;
}
