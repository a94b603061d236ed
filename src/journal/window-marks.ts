/**
 * A Crash or Slide bet's wait for a betting window, in the steps journal
 * (`round_steps`, migration-v11.ts: one step, 0, keyed by the bet's
 * identifier). The engine's intent is committed before the bet waits for a
 * window, which may take a whole round or, on a site that runs none, for
 * ever: a process killed meanwhile leaves an intent that would otherwise look
 * like a bet whose outcome is unknown.
 *
 * So the step is written `not_sent` ("waiting, nothing sent") before the
 * wait, turned into `intent` (committed) just before the request leaves, and
 * then settled with what the site said. Only a step still `not_sent` proves
 * the bet never left: a missing step (a journal written before this) or one
 * left `intent` stays unknown, as money first demands.
 */
import type { SqliteDatabase } from '../database/database.js';

/** Each call commits before it returns. */
export interface WindowMarks {
  /** The bet waits for a window: nothing of it was sent. */
  waiting(identifier: string, game: string, request: Readonly<Record<string, unknown>> & { readonly amount: number }): void;
  /** The bet's request leaves now. */
  leaving(identifier: string): void;
  /** The site refused it (a closed window: nothing booked) and it waits for the next one. */
  waiting_again(identifier: string, why: string): void;
  /** How it ended: answered (the site's bet id), refused with an answer, or never sent (the feed failed, a stop). An unknown (or a refused login) stays as it was. */
  ended(identifier: string, how: 'answered' | 'refused' | 'not_sent', detail: string): void;
}

/** The marks of one autobet session (`session_id`) on `site`; `units` turns an amount into whole smallest units of the currency. */
export function window_marks(db: SqliteDatabase, session_id: number, site: string, units: (amount: number) => number): WindowMarks {
  const waiting = db.prepare(`INSERT INTO round_steps (round_key, step, session_id, site, game, kind, request, identifier, added_units, created_at, status, answer)
    VALUES (?, 0, ?, ?, ?, 'start', ?, ?, ?, ?, 'not_sent', 'waiting for a betting window')`);
  // Only a step still waiting: a step once sent never goes back to "nothing sent" except by a refusal (waiting_again).
  const leaving = db.prepare(`UPDATE round_steps SET status = 'intent', answer = NULL WHERE round_key = ? AND step = 0 AND status = 'not_sent'`);
  const again = db.prepare(`UPDATE round_steps SET status = 'not_sent', answer = ? WHERE round_key = ? AND step = 0 AND status = 'intent'`);
  const ended = db.prepare('UPDATE round_steps SET status = ?, answered_at = ?, bet_id = ?, answer = ? WHERE round_key = ? AND step = 0');
  return {
    waiting(identifier, game, request) {
      waiting.run(identifier, session_id, site, game, JSON.stringify(request), identifier, units(request.amount), Date.now());
    },
    leaving(identifier) {
      leaving.run(identifier);
    },
    waiting_again(identifier, why) {
      again.run(why.slice(0, 500), identifier);
    },
    ended(identifier, how, detail) {
      ended.run(how, Date.now(), how === 'answered' ? detail : null, how === 'answered' ? null : detail.slice(0, 500), identifier);
    },
  };
}
