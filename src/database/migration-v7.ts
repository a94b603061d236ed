/**
 * Version 7 of the schema: `bets_sequence` (v3: site, account, game,
 * currency, time, share id number) is dropped. Only the sync's runs read it,
 * one sequence at a time; they are now set in one pass over the time index
 * (`bets_order`), the bet before a sequence's first one found through the
 * hourly summary's last hour of it (src/history/streaks.ts). It was the
 * widest index of `bets` (two texts of 20–40 characters repeated per bet): a
 * fifth of a synced bet's pages, every one written by the insert, the commit
 * and the checkpoint.
 */
import type { Migration } from './migration.js';

export const V7_NO_SEQUENCE_INDEX: Migration = {
  version: 7,
  name: 'bets without the sequence index',
  up: (db) => {
    db.exec('DROP INDEX bets_sequence');
  },
};
