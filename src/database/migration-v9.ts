/**
 * Version 9 of the schema: the seed pairs of each account's bets in a table
 * of their own, `bet_seeds`, instead of `bets_unrevealed` (v2: every bet's
 * 64-character server seed hash until the seed is known). That index was the
 * dearest of a synced bet's writes (about 0.55 µs of a 5 µs insert here, and
 * its entries a tenth of the pages written); a sync now writes one
 * `bet_seeds` row a page instead. A seed is revealed by updating the
 * account's bets in the span its pair was used (through `bets_account`, v8),
 * and the seeds still to ask the site about are read from `bet_seeds`.
 *
 * A row per server seed hash and account: when the account's bets under it
 * were placed (`first_ms`, `last_ms`, by `time_ms`), one of them (`iid`, for
 * `BetLookup`), and whether any of them still lacks the seed (`unrevealed`).
 */
import type { Migration } from './migration.js';

export const V9_SEED_TABLE: Migration = {
  version: 9,
  name: 'seed pairs of the bets in a table of their own',
  up: (db) => {
    db.exec(`
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
      INSERT INTO bet_seeds (server_seed_hash, site, user_id, first_ms, last_ms, iid, unrevealed)
        SELECT server_seed_hash, site, user_id, min(time_ms), max(time_ms), min(iid), max(server_seed IS NULL)
        FROM bets WHERE server_seed_hash IS NOT NULL GROUP BY server_seed_hash, site, user_id;
      CREATE INDEX bet_seeds_unrevealed ON bet_seeds (site, user_id) WHERE unrevealed = 1;
      DROP INDEX bets_unrevealed;
    `);
  },
};
