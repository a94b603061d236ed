/**
 * Version 12 of the schema: `sports_journal`, the journal of the sportsbook's
 * money requests sent by `stakeql sports` (issue 40 item 6, code review M7):
 * a slip (`PlaceSportBet`, `BetSlipFooter_CustomSportBet`) and a cashout
 * (`CashoutSportBet`). Written as `oneoff_bets` is: the intent (what is sent:
 * the legs with their outcome ids and odds, the amount, the currency, and the
 * identical slips already open, which tell ours apart after a lost answer)
 * committed before the request leaves, then closed by the site's answer, its
 * refusal, or the lost-answer verdict (`not_placed` only after the settle
 * period; `unknown` when the site could not tell). A process killed in
 * between leaves the intent, for `stakeql sports check KEY`.
 *
 * `key` names the request: a slip's identifier (unique among slips: it is
 * what was sent), a cashout's slip id (a slip may be cashed out again after a
 * refusal, so not unique). Apart from `oneoff_bets`, whose status values and
 * columns (seed pair, nonce) are a casino bet's.
 */
import type { Migration } from './migration.js';

export const V12_SPORTS_JOURNAL: Migration = {
  version: 12,
  name: 'the journal of sports slips and cashouts',
  up: (db) => {
    db.exec(`
      CREATE TABLE sports_journal (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('slip', 'cashout')),
        key TEXT NOT NULL,
        site TEXT NOT NULL,
        request TEXT NOT NULL,
        amount_units INTEGER NOT NULL CHECK (amount_units >= 0),
        currency TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('intent', 'placed', 'refused', 'not_placed', 'unknown')),
        settled_at INTEGER,
        bet_id TEXT,
        answer TEXT,
        error TEXT
      ) STRICT;
      CREATE UNIQUE INDEX sports_journal_slip ON sports_journal (key) WHERE kind = 'slip';
      CREATE INDEX sports_journal_key ON sports_journal (key) WHERE kind = 'cashout';
    `);
  },
};
