/**
 * Version 13 of the schema: `session_commands`, the commands sent to a
 * running autobet session from outside its process (issue 46): `stakeql
 * autobet pause|resume|stop|stop-after-win|stop-after|limit`, the library,
 * the dashboard and a Telegram chat. The running engine reads the pending
 * ones between two bets and records when each took effect (`applied_at`,
 * with the session's bet count then) or why it did not (`refused`,
 * `expired` when the session ended first). `sender` names who sent it
 * (`cli`, `library`, `dashboard`, `telegram:<chat id>`); `argument` is JSON
 * (`{"bets":N}` for stop_after, the lowered limits for limit).
 */
import type { Migration } from './migration.js';

export const V13_SESSION_COMMANDS: Migration = {
  version: 13,
  name: 'commands sent to a running autobet session',
  up: (db) => {
    db.exec(`
      CREATE TABLE session_commands (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id INTEGER NOT NULL REFERENCES sessions (id),
        command TEXT NOT NULL CHECK (command IN ('pause', 'resume', 'stop', 'stop_after_win', 'stop_after', 'limit')),
        argument TEXT,
        sender TEXT NOT NULL,
        sent_at INTEGER NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'refused', 'expired')),
        applied_at INTEGER,
        bets_before INTEGER,
        note TEXT
      ) STRICT;
      CREATE INDEX session_commands_pending ON session_commands (session_id) WHERE status = 'pending';
      CREATE INDEX session_commands_session ON session_commands (session_id, id);
    `);
  },
};
