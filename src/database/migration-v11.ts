/**
 * Version 11 of the schema: `round_steps`, the journal of the steps of a
 * round that spans several requests (blackjack, hilo, mines step by step,
 * video poker; issue 31). Each step (the opening bet, each act, the cashout)
 * is written as an intent, with the stake it adds, and committed before its
 * request leaves, then marked with what the site answered. A process killed
 * between two steps leaves the round's steps in order, the last one perhaps
 * still an intent: a resume reads the open round (`active_bet`) and knows
 * which steps were sent, so none is sent twice.
 *
 * `round_key` names the round: the autobet bet's identifier (the engine's
 * intent), or the identifier `stakeql play` opened it with. `session_id` is
 * the autobet session, NULL for `stakeql play`. `sessions.round_policy`
 * keeps the round policy a session was started with, so `autobet resume`
 * finishes an open round the way the run would have.
 */
import type { Migration } from './migration.js';

export const V11_ROUND_STEPS: Migration = {
  version: 11,
  name: 'the journal of the steps of a round',
  up: (db) => {
    db.exec(`
      CREATE TABLE round_steps (
        round_key TEXT NOT NULL,
        step INTEGER NOT NULL CHECK (step >= 0),
        session_id INTEGER,
        site TEXT NOT NULL,
        game TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('start', 'act', 'cashout')),
        request TEXT NOT NULL,
        identifier TEXT,
        added_units INTEGER NOT NULL CHECK (added_units >= 0),
        created_at INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('intent', 'answered', 'refused', 'not_sent', 'not_played', 'found')),
        answered_at INTEGER,
        bet_id TEXT,
        answer TEXT,
        PRIMARY KEY (round_key, step)
      ) STRICT;
      CREATE INDEX round_steps_session ON round_steps (session_id) WHERE session_id IS NOT NULL;
      CREATE INDEX round_steps_bet ON round_steps (bet_id) WHERE bet_id IS NOT NULL;
      ALTER TABLE sessions ADD COLUMN round_policy TEXT;
    `);
  },
};
