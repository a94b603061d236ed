/**
 * Version 10 of the schema: `oneoff_bets`, the journal of single bets placed
 * by `stakeql bet` (finding 7). Written as autobet's journal is: the intent
 * (identifier, game, what was sent) before the request leaves, what the site
 * answered after, so `stakeql bet IDENTIFIER` finds the bet before any sync,
 * a sync gives the synced bet its identifier, and an unknown outcome stays
 * `intent` for the user to look up. Apart from autobet's tables: a one-off bet
 * belongs to no session, and `autobet list` and `resume` never see it.
 */
import type { Migration } from './migration.js';

export const V10_ONEOFF_BETS: Migration = {
  version: 10,
  name: 'the journal of one-off bets',
  up: (db) => {
    db.exec(`
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
      CREATE INDEX oneoff_bets_seed ON oneoff_bets (seed_hash, nonce) WHERE seed_hash IS NOT NULL;
      CREATE INDEX oneoff_bets_bet ON oneoff_bets (bet_id) WHERE bet_id IS NOT NULL;
    `);
  },
};
