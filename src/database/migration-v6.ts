/**
 * Version 6 of the schema: the bet journal as two append-only tables.
 *
 * Version 1 kept a bet in one row, inserted as an intent and updated with its
 * outcome, under three indexes (the key, a unique identifier, the site's bet
 * id): every bet's commit wrote six pages to the WAL, two of them at random
 * places of the identifier and bet id indexes, 0.1 ms of a bet's 0.6 ms
 * against the local sandbox (bench/autobet.mjs). Now rows are only appended:
 * - `journal_intents`: what is about to be sent. Its rowid is
 *   `session_id << 32 | seq`, so a session's bets are a range of the table's
 *   own key and no second index is written: committing an intent, the write
 *   a bet waits for, writes one page.
 * - `journal_outcomes`: how each intent ended, under the same rowid (one
 *   outcome per intent: a bet settles once). It repeats the bet's `seed_hash`
 *   and `nonce` as the site reported them, indexed (nonces of one seed pair
 *   only grow, so the index grows at its right edge): the history finds a
 *   synced bet's identifier through it. An identifier or a bet id alone
 *   (`stakeql bet` of a bet not synced yet) is looked for from the newest row
 *   back.
 * - `journal`: a view with version 1's columns, a row per bet (`status`
 *   'intent' while it has no outcome). Queries for one session go through
 *   the rowid range (`SESSION_RANGE`), not the view's `session_id`.
 */
import type { Migration } from './migration.js';

/** A session's rows of either table: `id BETWEEN` these, for the session `@session`. */
export const SESSION_RANGE = '(@session << 32) AND ((@session << 32) | 4294967295)';

/** The rowid of bet `seq` of session `session`, as the tables key it. */
export function journal_key(session: number, seq: number): number {
  return session * 4294967296 + seq;
}

const INTENT_COLUMNS = 'session_id, seq, identifier, game, variables, amount_units, seed_hash, nonce_expected, strategy_state, created_at';

export const V6_JOURNAL_LOG: Migration = {
  version: 6,
  name: 'journal as append-only intents and outcomes',
  up: (db) => {
    db.exec(`
      CREATE TABLE journal_intents (
        id INTEGER PRIMARY KEY CHECK (id = (session_id << 32) | seq),
        session_id INTEGER NOT NULL REFERENCES sessions (id),
        seq INTEGER NOT NULL CHECK (seq BETWEEN 1 AND 4294967295),
        identifier TEXT NOT NULL,
        game TEXT NOT NULL,
        variables TEXT NOT NULL,
        amount_units INTEGER NOT NULL,
        seed_hash TEXT,
        nonce_expected INTEGER,
        strategy_state TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE journal_outcomes (
        id INTEGER PRIMARY KEY,
        status TEXT NOT NULL CHECK (status IN ('placed', 'not_placed', 'refused')),
        resolved_by TEXT,
        settled_at INTEGER NOT NULL,
        bet_id TEXT,
        seed_hash TEXT,
        nonce INTEGER,
        payout_units INTEGER,
        result TEXT,
        counters TEXT,
        line TEXT,
        error TEXT
      ) STRICT;
      CREATE INDEX journal_outcomes_bet ON journal_outcomes (seed_hash, nonce) WHERE seed_hash IS NOT NULL;
      INSERT INTO journal_intents (id, ${INTENT_COLUMNS})
        SELECT (session_id << 32) | seq, ${INTENT_COLUMNS} FROM journal ORDER BY session_id, seq;
      INSERT INTO journal_outcomes (id, status, resolved_by, settled_at, bet_id, seed_hash, nonce, payout_units, result, counters, line, error)
        SELECT (session_id << 32) | seq, status, resolved_by, settled_at, bet_id, json_extract(result, '$.serverSeed.seedHash'), nonce,
          payout_units, result, counters, line, error
        FROM journal WHERE status <> 'intent' ORDER BY session_id, seq;
      DROP TABLE journal;
      CREATE VIEW journal AS
        SELECT i.session_id, i.seq, i.identifier, i.game, i.variables, i.amount_units, i.seed_hash, i.nonce_expected,
          i.strategy_state, i.created_at, COALESCE(o.status, 'intent') AS status, o.resolved_by, o.settled_at, o.bet_id,
          o.nonce, o.payout_units, o.result, o.counters, o.line, o.error
        FROM journal_intents AS i LEFT JOIN journal_outcomes AS o ON o.id = i.id;
    `);
  },
};
