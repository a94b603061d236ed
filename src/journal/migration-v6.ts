/**
 * Version 6 of the schema: the bet journal as an append-only log.
 *
 * Version 1 kept a bet in one row, inserted as an intent and updated with its
 * outcome, under three indexes (the key, a unique identifier, the site's bet
 * id). Every bet's commit then wrote six pages to the WAL, two of them at
 * random places of the identifier and bet id indexes: 0.1 ms of a bet's
 * 0.6 ms against the local sandbox (bench/autobet.mjs). Now:
 * - `journal_log`: rows are only appended (rowid order): an intent
 *   (`kind = 0`), later its outcome (`kind = 1`), which repeats the bet's
 *   `seed_hash` and `nonce` as the site reported them. Two indexes, both
 *   written at their right edge: (session, seq, kind), and (seed_hash,
 *   nonce) of outcomes, where nonces of one seed pair only grow; the history
 *   finds a synced bet's identifier through it. A bet writes about three
 *   pages. Lookups by identifier or bet id alone (`stakeql bet` of a bet not
 *   synced yet) read the log from its newest row back.
 * - `journal`: a view with version 1's columns, a row per bet (the intent
 *   joined with its outcome; `status` 'intent' while it has none), so readers
 *   keep one shape.
 * The outcome's uniqueness per (session, seq) is what makes a bet settle once.
 */
import type { Migration } from './migrations.js';

const INTENT_COLUMNS = 'session_id, seq, identifier, game, variables, amount_units, seed_hash, nonce_expected, strategy_state, created_at';
const OUTCOME_COLUMNS = 'session_id, seq, status, resolved_by, settled_at, bet_id, nonce, payout_units, result, counters, line, error';

/** The view's select: one row per intent, with its outcome's columns when it has one. */
const JOURNAL_VIEW_SELECT = `
  SELECT i.session_id, i.seq, i.identifier, i.game, i.variables, i.amount_units, i.seed_hash, i.nonce_expected,
    i.strategy_state, i.created_at, COALESCE(o.status, 'intent') AS status, o.resolved_by, o.settled_at, o.bet_id,
    o.nonce, o.payout_units, o.result, o.counters, o.line, o.error
  FROM journal_log AS i LEFT JOIN journal_log AS o ON o.session_id = i.session_id AND o.seq = i.seq AND o.kind = 1
  WHERE i.kind = 0`;

export const V6_JOURNAL_LOG: Migration = {
  version: 6,
  name: 'journal as an append-only log',
  up: (db) => {
    db.exec(`
      CREATE TABLE journal_log (
        id INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES sessions (id),
        seq INTEGER NOT NULL,
        kind INTEGER NOT NULL CHECK (kind IN (0, 1)),
        identifier TEXT,
        game TEXT,
        variables TEXT,
        amount_units INTEGER,
        seed_hash TEXT,
        nonce_expected INTEGER,
        strategy_state TEXT,
        created_at INTEGER,
        status TEXT CHECK (status IN ('placed', 'not_placed', 'refused')),
        resolved_by TEXT,
        settled_at INTEGER,
        bet_id TEXT,
        nonce INTEGER,
        payout_units INTEGER,
        result TEXT,
        counters TEXT,
        line TEXT,
        error TEXT,
        CHECK ((kind = 0) = (identifier IS NOT NULL AND status IS NULL))
      ) STRICT;
      CREATE UNIQUE INDEX journal_log_key ON journal_log (session_id, seq, kind);
      CREATE INDEX journal_log_bet ON journal_log (seed_hash, nonce) WHERE kind = 1;
      INSERT INTO journal_log (kind, ${INTENT_COLUMNS})
        SELECT 0, ${INTENT_COLUMNS} FROM journal ORDER BY created_at, session_id, seq;
      INSERT INTO journal_log (kind, seed_hash, ${OUTCOME_COLUMNS})
        SELECT 1, json_extract(result, '$.serverSeed.seedHash'), ${OUTCOME_COLUMNS} FROM journal WHERE status <> 'intent'
        ORDER BY settled_at, session_id, seq;
      DROP TABLE journal;
      CREATE VIEW journal AS ${JOURNAL_VIEW_SELECT};
    `);
  },
};
