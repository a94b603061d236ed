/**
 * The schema a new database is made with: versions 1 to 10 folded into one
 * step (the package had not been released when they were written). A file
 * made by an older checkout (version 1 to 9) still takes the steps of
 * migrations.ts instead; docs/design.md says why and until when.
 *
 * The statements are the ones those steps leave in `sqlite_master`, in an
 * order that creates what each refers to first; test/database/baseline.test.ts
 * checks that a new database and an upgraded one have the same schema.
 */
import type { Migration } from './migration.js';

const SCHEMA = `
CREATE TABLE sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        driver TEXT NOT NULL CHECK (driver IN ('live', 'sandbox')),
        profile TEXT,
        base_url TEXT NOT NULL,
        account TEXT NOT NULL,
        currency TEXT NOT NULL,
        decimals INTEGER NOT NULL,
        strategy_kind TEXT NOT NULL,
        strategy_name TEXT NOT NULL,
        strategy_source TEXT NOT NULL,
        game TEXT,
        limits TEXT NOT NULL,
        start_balance_units INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running', 'stopped')),
        stop_reason TEXT,
        stop_message TEXT,
        stop_requested INTEGER NOT NULL DEFAULT 0,
        pid INTEGER
      ) STRICT;
CREATE TABLE bets (
        id TEXT PRIMARY KEY,
        iid TEXT NOT NULL,
        iid_num INTEGER,
        site TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT,
        game TEXT NOT NULL,
        currency TEXT NOT NULL,
        decimals INTEGER NOT NULL,
        amount_units INTEGER NOT NULL,
        payout_units INTEGER NOT NULL,
        amount REAL NOT NULL,
        payout REAL NOT NULL,
        payout_multiplier REAL NOT NULL,
        amount_multiplier REAL,
        active INTEGER NOT NULL DEFAULT 0,
        nonce INTEGER,
        client_seed TEXT,
        server_seed_hash TEXT,
        server_seed TEXT,
        state TEXT,
        updated_at TEXT NOT NULL,
        time_ms INTEGER NOT NULL,
        identifier TEXT,
        synced_at INTEGER NOT NULL
      , streak INTEGER NOT NULL DEFAULT 0, summarised INTEGER NOT NULL DEFAULT 0) STRICT;
CREATE TABLE sync_state (
        site TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT,
        watermark_id TEXT,
        synced_at INTEGER NOT NULL,
        PRIMARY KEY (site, user_id)
      ) STRICT;
CREATE TABLE bets_hourly (
        site TEXT NOT NULL,
        user_id TEXT NOT NULL,
        game TEXT NOT NULL,
        currency TEXT NOT NULL,
        decimals INTEGER NOT NULL,
        hour INTEGER NOT NULL,
        bets INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        wagered INTEGER NOT NULL DEFAULT 0,
        payout INTEGER NOT NULL DEFAULT 0,
        b0 INTEGER NOT NULL DEFAULT 0,
        b1 INTEGER NOT NULL DEFAULT 0,
        b2 INTEGER NOT NULL DEFAULT 0,
        b3 INTEGER NOT NULL DEFAULT 0,
        b4 INTEGER NOT NULL DEFAULT 0,
        b5 INTEGER NOT NULL DEFAULT 0,
        b6 INTEGER NOT NULL DEFAULT 0,
        b7 INTEGER NOT NULL DEFAULT 0,
        b8 INTEGER NOT NULL DEFAULT 0,
        win_run INTEGER NOT NULL DEFAULT 0,
        loss_run INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (site, user_id, game, currency, decimals, hour)
      ) STRICT, WITHOUT ROWID;
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
CREATE TABLE bet_seeds (
        server_seed_hash TEXT NOT NULL,
        site TEXT NOT NULL,
        user_id TEXT NOT NULL,
        first_ms INTEGER NOT NULL,
        last_ms INTEGER NOT NULL,
        iid TEXT NOT NULL,
        unrevealed INTEGER NOT NULL,
        PRIMARY KEY (server_seed_hash, site, user_id)
      ) STRICT, WITHOUT ROWID;
CREATE TABLE oneoff_bets (
        identifier TEXT PRIMARY KEY,
        site TEXT NOT NULL,
        game TEXT NOT NULL,
        variables TEXT NOT NULL,
        amount_units INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('intent', 'placed', 'refused')),
        settled_at INTEGER,
        bet_id TEXT,
        seed_hash TEXT,
        nonce INTEGER,
        payout_units INTEGER,
        result TEXT,
        error TEXT
      ) STRICT;
CREATE INDEX bets_order ON bets (time_ms, iid_num);
CREATE INDEX bets_iid ON bets (iid);
CREATE INDEX bets_identifier ON bets (identifier) WHERE identifier IS NOT NULL;
CREATE INDEX bets_hourly_hour ON bets_hourly (hour);
CREATE INDEX bets_unsummarised ON bets (id) WHERE summarised = 0;
CREATE INDEX journal_outcomes_bet ON journal_outcomes (seed_hash, nonce) WHERE seed_hash IS NOT NULL;
CREATE INDEX bets_account ON bets (user_id, time_ms, iid_num);
CREATE INDEX bet_seeds_unrevealed ON bet_seeds (site, user_id) WHERE unrevealed = 1;
CREATE INDEX oneoff_bets_seed ON oneoff_bets (seed_hash, nonce) WHERE seed_hash IS NOT NULL;
CREATE INDEX oneoff_bets_bet ON oneoff_bets (bet_id) WHERE bet_id IS NOT NULL;
CREATE VIEW journal AS
        SELECT i.session_id, i.seq, i.identifier, i.game, i.variables, i.amount_units, i.seed_hash, i.nonce_expected,
          i.strategy_state, i.created_at, COALESCE(o.status, 'intent') AS status, o.resolved_by, o.settled_at, o.bet_id,
          o.nonce, o.payout_units, o.result, o.counters, o.line, o.error
        FROM journal_intents AS i LEFT JOIN journal_outcomes AS o ON o.id = i.id;
CREATE TRIGGER bets_hourly_delete AFTER DELETE ON bets WHEN OLD.summarised = 1 BEGIN
        UPDATE bets_hourly SET bets = bets - (1), wins = wins - (OLD.payout_multiplier > 1), losses = losses - (OLD.payout_multiplier < 1), wagered = wagered - (OLD.amount_units), payout = payout - (OLD.payout_units), b0 = b0 - ((OLD.payout_multiplier = 0)), b1 = b1 - ((OLD.payout_multiplier > 0 AND OLD.payout_multiplier < 1)), b2 = b2 - ((OLD.payout_multiplier >= 1 AND OLD.payout_multiplier < 2)), b3 = b3 - ((OLD.payout_multiplier >= 2 AND OLD.payout_multiplier < 3)), b4 = b4 - ((OLD.payout_multiplier >= 3 AND OLD.payout_multiplier < 5)), b5 = b5 - ((OLD.payout_multiplier >= 5 AND OLD.payout_multiplier < 10)), b6 = b6 - ((OLD.payout_multiplier >= 10 AND OLD.payout_multiplier < 100)), b7 = b7 - ((OLD.payout_multiplier >= 100 AND OLD.payout_multiplier < 1000)), b8 = b8 - ((OLD.payout_multiplier >= 1000))
    WHERE site = OLD.site AND user_id = OLD.user_id AND game = OLD.game AND currency = OLD.currency AND decimals = OLD.decimals AND hour = OLD.time_ms / 3600000;
      END;
CREATE TRIGGER bets_hourly_update
      AFTER UPDATE OF site, user_id, game, currency, decimals, time_ms, amount_units, payout_units, payout_multiplier ON bets
      WHEN OLD.summarised = 1 BEGIN
        UPDATE bets_hourly SET bets = bets - (1), wins = wins - (OLD.payout_multiplier > 1), losses = losses - (OLD.payout_multiplier < 1), wagered = wagered - (OLD.amount_units), payout = payout - (OLD.payout_units), b0 = b0 - ((OLD.payout_multiplier = 0)), b1 = b1 - ((OLD.payout_multiplier > 0 AND OLD.payout_multiplier < 1)), b2 = b2 - ((OLD.payout_multiplier >= 1 AND OLD.payout_multiplier < 2)), b3 = b3 - ((OLD.payout_multiplier >= 2 AND OLD.payout_multiplier < 3)), b4 = b4 - ((OLD.payout_multiplier >= 3 AND OLD.payout_multiplier < 5)), b5 = b5 - ((OLD.payout_multiplier >= 5 AND OLD.payout_multiplier < 10)), b6 = b6 - ((OLD.payout_multiplier >= 10 AND OLD.payout_multiplier < 100)), b7 = b7 - ((OLD.payout_multiplier >= 100 AND OLD.payout_multiplier < 1000)), b8 = b8 - ((OLD.payout_multiplier >= 1000))
    WHERE site = OLD.site AND user_id = OLD.user_id AND game = OLD.game AND currency = OLD.currency AND decimals = OLD.decimals AND hour = OLD.time_ms / 3600000;
        INSERT INTO bets_hourly (site, user_id, game, currency, decimals, hour, bets, wins, losses, wagered, payout, b0, b1, b2, b3, b4, b5, b6, b7, b8) VALUES (NEW.site, NEW.user_id, NEW.game, NEW.currency, NEW.decimals, NEW.time_ms / 3600000, 1, NEW.payout_multiplier > 1, NEW.payout_multiplier < 1, NEW.amount_units, NEW.payout_units, (NEW.payout_multiplier = 0), (NEW.payout_multiplier > 0 AND NEW.payout_multiplier < 1), (NEW.payout_multiplier >= 1 AND NEW.payout_multiplier < 2), (NEW.payout_multiplier >= 2 AND NEW.payout_multiplier < 3), (NEW.payout_multiplier >= 3 AND NEW.payout_multiplier < 5), (NEW.payout_multiplier >= 5 AND NEW.payout_multiplier < 10), (NEW.payout_multiplier >= 10 AND NEW.payout_multiplier < 100), (NEW.payout_multiplier >= 100 AND NEW.payout_multiplier < 1000), (NEW.payout_multiplier >= 1000))
    ON CONFLICT (site, user_id, game, currency, decimals, hour) DO UPDATE SET bets = bets + excluded.bets, wins = wins + excluded.wins, losses = losses + excluded.losses, wagered = wagered + excluded.wagered, payout = payout + excluded.payout, b0 = b0 + excluded.b0, b1 = b1 + excluded.b1, b2 = b2 + excluded.b2, b3 = b3 + excluded.b3, b4 = b4 + excluded.b4, b5 = b5 + excluded.b5, b6 = b6 + excluded.b6, b7 = b7 + excluded.b7, b8 = b8 + excluded.b8;
      END;
`;

/** Version 10, in one step: autobet's sessions and journal log, the bet history with its summary and seed pairs, one-off bets. */
export const BASELINE: Migration = {
  version: 10,
  name: 'baseline schema (versions 1 to 10)',
  up: (db) => {
    db.exec(SCHEMA);
  },
};
