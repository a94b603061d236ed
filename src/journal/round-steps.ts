/**
 * The journal of a round's steps (table `round_steps`, migration-v11.ts):
 * each step's intent, with the stake it adds, is committed before its
 * request leaves; what the site answered is written after. Shared by autobet
 * (a round policy's steps) and `stakeql play` (one line a step).
 */
import type { SqliteDatabase } from '../database/database.js';

/** What is known of a step before it is sent. */
export interface StepIntent {
  readonly round_key: string;
  /** 0 for the opening bet, then 1, 2, … in the order sent. */
  readonly step: number;
  /** The autobet session, or null (`stakeql play`). */
  readonly session_id: number | null;
  /** The site's origin. */
  readonly site: string;
  readonly game: string;
  readonly kind: 'start' | 'act' | 'cashout';
  /** The step's input as sent (JSON). */
  readonly request: string;
  /** The identifier sent with it, or null where its document takes none. */
  readonly identifier: string | null;
  /** What the step adds to the round's stake, in whole smallest units (the opening amount, a double, a split, an insurance; 0 for the rest). */
  readonly added_units: number;
}

/**
 * How a step ended: answered by the site, refused with an answer, certainly
 * never sent, or (its answer lost) found played (`found`) or not
 * (`not_played`) in the open round `active_bet` read later.
 */
export type StepStatus = 'answered' | 'refused' | 'not_sent' | 'not_played' | 'found';

/** A step as the journal holds it. */
export interface StepRow extends StepIntent {
  readonly created_at: number;
  readonly status: 'intent' | StepStatus;
  readonly answered_at: number | null;
  readonly bet_id: string | null;
  /** The site's answer or its refusal (JSON / text). */
  readonly answer: string | null;
}

/** The steps journal in one database connection. */
export class RoundSteps {
  readonly #db: SqliteDatabase;

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  /** Commits the step's intent; call before its request leaves. @throws when the step was journaled before (never sent twice). */
  intend(step: StepIntent, now = Date.now()): void {
    this.#db
      .prepare(
        `INSERT INTO round_steps (round_key, step, session_id, site, game, kind, request, identifier, added_units, created_at, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'intent')`,
      )
      .run(step.round_key, step.step, step.session_id, step.site, step.game, step.kind, step.request, step.identifier, step.added_units, now);
  }

  /** What became of the step (`answer`: the site's answer as JSON, or its refusal). */
  settle(round_key: string, step: number, status: StepStatus, bet_id: string | null, answer: string | null, now = Date.now()): void {
    this.#db
      .prepare(`UPDATE round_steps SET status = ?, answered_at = ?, bet_id = ?, answer = ? WHERE round_key = ? AND step = ?`)
      .run(status, now, bet_id, answer, round_key, step);
  }

  /** The steps of a round, in order. */
  steps(round_key: string): StepRow[] {
    return this.#db.prepare(`SELECT * FROM round_steps WHERE round_key = ? ORDER BY step`).all(round_key) as StepRow[];
  }

  /** The round whose steps answered with the site's bet `bet_id`, or null. */
  key_of_bet(bet_id: string): string | null {
    const row = this.#db.prepare(`SELECT round_key FROM round_steps WHERE bet_id = ? ORDER BY answered_at DESC LIMIT 1`).get(bet_id) as { round_key: string } | undefined;
    return row?.round_key ?? null;
  }

  /** The steps of an autobet session, in order. */
  of_session(session_id: number): StepRow[] {
    return this.#db.prepare(`SELECT * FROM round_steps WHERE session_id = ? ORDER BY rowid`).all(session_id) as StepRow[];
  }
}
