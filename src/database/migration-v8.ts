/**
 * Version 8 of the schema: `bets_account` (account, time, share id number),
 * the bets of one account in bet order. A sync's runs pass (src/history/streaks.ts)
 * reads one account's bets from the oldest it wrote on; through the time index
 * alone it read every account's bets of that span and dropped the others, so
 * with several accounts in one file each sync cost more than the last (the
 * history bench's ten accounts: 22–27 ms for the first syncs' pass, 51–89 ms
 * for the later ones). The index costs an insert about 0.5 µs; it is narrower
 * than v3's `bets_sequence` (no site, game or currency), which v7 dropped.
 */
import type { Migration } from './migration.js';

export const V8_ACCOUNT_INDEX: Migration = {
  version: 8,
  name: 'bets by account and time',
  up: (db) => {
    db.exec('CREATE INDEX bets_account ON bets (user_id, time_ms, iid_num)');
  },
};
