/**
 * The journal of the sportsbook's money requests (`stakeql sports bet` and
 * `cashout`; table `sports_journal`, migration-v12.ts): the intent is
 * committed before the request leaves, then closed by what the site
 * answered, or by the lost-answer verdict, as `oneoff_bets` is for a casino bet.
 */
import type { SqliteDatabase } from '../database/database.js';

/** What is known before a slip or a cashout is sent. */
export interface SportsIntent {
  readonly kind: 'slip' | 'cashout';
  /** A slip's identifier; a cashout's slip id. */
  readonly key: string;
  /** The site's origin (`https://stake.com`). */
  readonly site: string;
  /** What is sent, and what finds it again after a lost answer (JSON). */
  readonly request: string;
  /** A slip's stake, or the stake of the slip cashed out, in whole smallest units of `currency`. */
  readonly amount_units: number;
  readonly currency: string;
}

/**
 * How a request ended: booked (`placed`: the slip, or the cashout done),
 * refused with an answer, not on the site after the settle period
 * (`not_placed`), or a lost answer the site could not settle (`unknown`).
 */
export type SportsStatus = 'placed' | 'refused' | 'not_placed' | 'unknown';

/** A row of the journal. */
export interface SportsRow extends SportsIntent {
  readonly id: number;
  readonly created_at: number;
  readonly status: 'intent' | SportsStatus;
  readonly settled_at: number | null;
  readonly bet_id: string | null;
  /** The site's answer (JSON) when there was one. */
  readonly answer: string | null;
  /** The refusal or the lookup's verdict, as text. */
  readonly error: string | null;
}

/** The sports journal in one database connection. */
export class SportsJournal {
  readonly #db: SqliteDatabase;

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  /**
   * Commits the intent; call before the request leaves. Returns the row's id.
   * @throws when a slip's identifier was journaled before (it would be the same slip).
   */
  record_intent(intent: SportsIntent, now = Date.now()): number {
    const done = this.#db
      .prepare(`INSERT INTO sports_journal (kind, key, site, request, amount_units, currency, created_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'intent')`)
      .run(intent.kind, intent.key, intent.site, intent.request, intent.amount_units, intent.currency, now);
    return Number(done.lastInsertRowid);
  }

  /**
   * Closes row `id`: `bet_id` is the booked slip's (a cashout's slip), `answer`
   * the site's answer (JSON), `error` the refusal or the verdict.
   * Only an open row (`intent` or `unknown`) changes: a verdict never overwrites an answer.
   */
  close(id: number, status: SportsStatus, fields: { bet_id?: string | null; answer?: string | null; error?: string | null } = {}, now = Date.now()): void {
    this.#db
      .prepare(`UPDATE sports_journal SET status = ?, settled_at = ?, bet_id = COALESCE(?, bet_id), answer = COALESCE(?, answer), error = ? WHERE id = ? AND status IN ('intent', 'unknown')`)
      .run(status, now, fields.bet_id ?? null, fields.answer ?? null, fields.error ?? null, id);
  }

  /** The newest row of `key` (a slip's identifier or a cashout's slip id), or null. */
  by_key(key: string): SportsRow | null {
    return (this.#db.prepare(`SELECT * FROM sports_journal WHERE key = ? ORDER BY id DESC LIMIT 1`).get(key) as SportsRow | undefined) ?? null;
  }

  /** Rows still open (`intent` or `unknown`), oldest first. */
  open(): SportsRow[] {
    return this.#db.prepare(`SELECT * FROM sports_journal WHERE status IN ('intent', 'unknown') ORDER BY id`).all() as SportsRow[];
  }
}
