/**
 * Autobet sessions and their bet journal in the database (schema in
 * migrations.ts). Statements are prepared once per connection; every write is
 * its own transaction, committed before the method returns.
 */
import type { SqliteDatabase } from '../database/database.js';
import { SESSION_RANGE, journal_key } from '../database/migration-v6.js';

/**
 * A journal row (the `journal` view's columns) from the two tables, `i` and
 * `o`; callers add a condition on `i.id`, the key a session's rows are a range of.
 */
export const JOURNAL_ROW = `SELECT i.session_id, i.seq, i.identifier, i.game, i.variables, i.amount_units, i.seed_hash, i.nonce_expected,
    i.strategy_state, i.created_at, COALESCE(o.status, 'intent') AS status, o.resolved_by, o.settled_at, o.bet_id, o.nonce,
    o.payout_units, o.result, o.counters, o.line, o.error
  FROM journal_intents AS i LEFT JOIN journal_outcomes AS o ON o.id = i.id`;

/** A session as stored. Money in whole smallest units of `currency` (`decimals`). */
export interface SessionRecord {
  readonly id: number;
  readonly started_at: number;
  readonly ended_at: number | null;
  readonly driver: 'live' | 'sandbox';
  readonly profile: string | null;
  readonly base_url: string;
  readonly account: string;
  readonly currency: string;
  readonly decimals: number;
  readonly strategy_kind: string;
  readonly strategy_name: string;
  /** A settings strategy's JSON, or the absolute path of a module or script. */
  readonly strategy_source: string;
  readonly game: string | null;
  /** The limits as given (JSON). */
  readonly limits: string;
  readonly start_balance_units: number;
  readonly status: 'running' | 'stopped';
  readonly stop_reason: string | null;
  readonly stop_message: string | null;
  readonly stop_requested: number;
  readonly pid: number | null;
}

/** What a new session records. */
export type NewSession = Omit<SessionRecord, 'id' | 'ended_at' | 'status' | 'stop_reason' | 'stop_message' | 'stop_requested'>;

/** One journal row as the engine writes it. */
export interface JournalIntent {
  readonly seq: number;
  readonly identifier: string;
  readonly game: string;
  readonly variables: string;
  readonly amount_units: number;
  readonly seed_hash: string | null;
  readonly nonce_expected: number | null;
  readonly strategy_state: string;
}

/** A journal row with what settled it. */
export interface JournalRow extends JournalIntent {
  readonly session_id: number;
  readonly created_at: number;
  readonly status: 'intent' | 'placed' | 'not_placed' | 'refused';
  readonly resolved_by: string | null;
  readonly settled_at: number | null;
  readonly bet_id: string | null;
  readonly nonce: number | null;
  readonly payout_units: number | null;
  readonly result: string | null;
  readonly counters: string | null;
  readonly line: string | null;
  readonly error: string | null;
}

/** What a settled bet writes. */
export interface Settlement {
  /** Null for a vault deposit (it has no bet). */
  readonly bet_id: string | null;
  /** The server seed hash and nonce the site reports for the bet (the history finds the journal's row by them). */
  readonly seed_hash: string | null;
  readonly nonce: number | null;
  readonly payout_units: number | null;
  readonly result: string;
  readonly counters: string;
  /** The bet's `--json` line; null for a vault deposit (no bet line to show). */
  readonly line: string | null;
  readonly resolved_by: string;
}

/** A line of `autobet list`. */
export interface SessionSummary {
  readonly id: number;
  /** The site and account the session ran on. */
  readonly base_url: string;
  readonly account: string;
  readonly started_at: number;
  readonly game: string | null;
  readonly currency: string;
  readonly decimals: number;
  readonly status: string;
  readonly stop_reason: string | null;
  /** The process of a running session (null once it stopped). */
  readonly pid: number | null;
  readonly strategy_name: string;
  /** The limits as JSON. */
  readonly limits: string;
  readonly bets: number;
  readonly profit_units: number;
  /** Moved into the vault (units). */
  readonly vaulted_units: number;
}

/** Sessions and journal rows of one database connection. */
export class SessionsTable {
  readonly #db: SqliteDatabase;
  readonly #s;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#s = {
      create: db.prepare(`INSERT INTO sessions (started_at, driver, profile, base_url, account, currency, decimals, strategy_kind,
        strategy_name, strategy_source, game, limits, start_balance_units, status, pid)
        VALUES (@started_at, @driver, @profile, @base_url, @account, @currency, @decimals, @strategy_kind, @strategy_name,
        @strategy_source, @game, @limits, @start_balance_units, 'running', @pid)`),
      get: db.prepare('SELECT * FROM sessions WHERE id = ?'),
      last: db.prepare('SELECT * FROM sessions ORDER BY id DESC LIMIT 1'),
      list: db.prepare(`SELECT s.id, s.base_url, s.account, s.started_at, s.game, s.currency, s.decimals, s.status, s.stop_reason, s.pid, s.strategy_name, s.limits,
        COALESCE(json_extract(j.counters, '$.counters.bets'), 0) AS bets,
        COALESCE(json_extract(j.counters, '$.counters.profit'), 0) AS profit_units,
        COALESCE(json_extract(j.counters, '$.counters.vaulted'), 0) AS vaulted_units
        FROM sessions s LEFT JOIN journal_outcomes j ON j.id = (SELECT id FROM journal_outcomes
          WHERE id BETWEEN (s.id << 32) AND ((s.id << 32) | 4294967295) AND counters IS NOT NULL ORDER BY id DESC LIMIT 1)
        ORDER BY s.id DESC LIMIT ?`),
      running: db.prepare("UPDATE sessions SET status = 'running', pid = ?, stop_requested = 0, stop_reason = NULL, stop_message = NULL, ended_at = NULL WHERE id = ?"),
      finish: db.prepare("UPDATE sessions SET status = 'stopped', stop_reason = ?, stop_message = ?, ended_at = ?, pid = NULL WHERE id = ?"),
      game: db.prepare('UPDATE sessions SET game = ? WHERE id = ? AND game IS NULL'),
      strategySource: db.prepare('UPDATE sessions SET strategy_source = ? WHERE id = ?'),
      requestStop: db.prepare("UPDATE sessions SET stop_requested = 1 WHERE id = ? AND status = 'running'"),
      stopRequested: db.prepare('SELECT stop_requested FROM sessions WHERE id = ?').pluck(),
      // Positional parameters: binding them costs a bet less than naming each field of an object.
      intend: db.prepare(`INSERT INTO journal_intents (id, session_id, seq, identifier, game, variables, amount_units, seed_hash,
        nonce_expected, strategy_state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      // One outcome per intent (the same rowid): a bet cannot be settled twice.
      settle: db.prepare(`INSERT INTO journal_outcomes (id, status, resolved_by, settled_at, bet_id, seed_hash, nonce, payout_units,
        result, counters, line) VALUES (?, 'placed', ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      // Closing an intent that already has its outcome, or that was never written, changes nothing.
      close: db.prepare(`INSERT OR IGNORE INTO journal_outcomes (id, status, resolved_by, settled_at, error)
        SELECT id, @status, @resolved_by, @settled_at, @error FROM journal_intents WHERE id = (@session << 32) | @seq`),
      // Intents without an outcome: the session's range of intents, each looked up among the outcomes by its rowid.
      pending: db.prepare(`${JOURNAL_ROW} WHERE i.id BETWEEN ${SESSION_RANGE} AND o.id IS NULL ORDER BY i.id`),
      lastPlaced: db.prepare(`${JOURNAL_ROW} WHERE i.id = (
        SELECT id FROM journal_outcomes WHERE id BETWEEN ${SESSION_RANGE} AND status = 'placed' ORDER BY id DESC LIMIT 1)`),
      maxSeq: db.prepare(`SELECT COALESCE(MAX(id) & 4294967295, 0) FROM journal_intents WHERE id BETWEEN ${SESSION_RANGE}`).pluck(),
      rows: db.prepare(`${JOURNAL_ROW} WHERE i.id BETWEEN ${SESSION_RANGE} ORDER BY i.id`),
      // Sessions that may have left a bet open: killed (still 'running'), or stopped before it was told.
      maybeOpen: db.prepare(`SELECT id FROM sessions WHERE base_url = ? AND account = ? AND (status = 'running'
        OR stop_reason IN ('unknown_outcome', 'interrupted') OR stop_reason LIKE 'error:%') ORDER BY id`).pluck(),
      // A session that was sent a command (a stop before its first bet) stays: the command is part of its record.
      discard: db.prepare(`DELETE FROM sessions WHERE id = @session
        AND NOT EXISTS (SELECT 1 FROM journal_intents WHERE id BETWEEN ${SESSION_RANGE})
        AND NOT EXISTS (SELECT 1 FROM session_commands WHERE session_id = @session)`),
      // The number goes back only when no later session took one meanwhile; no row can refer to it (none was journaled).
      giveBack: db.prepare("UPDATE sqlite_sequence SET seq = seq - 1 WHERE name = 'sessions' AND seq = ?"),
      openCount: db.prepare(`SELECT COUNT(*) FROM journal_intents AS i WHERE i.id BETWEEN ${SESSION_RANGE}
        AND NOT EXISTS (SELECT 1 FROM journal_outcomes AS o WHERE o.id = i.id)`).pluck(),
      // Open intents whose Crash or Slide bet was still waiting for a window (journal/window-marks.ts): never sent.
      unsentWaits: db.prepare(`SELECT i.seq FROM journal_intents AS i WHERE i.id BETWEEN ${SESSION_RANGE}
        AND NOT EXISTS (SELECT 1 FROM journal_outcomes AS o WHERE o.id = i.id)
        AND EXISTS (SELECT 1 FROM round_steps AS r WHERE r.round_key = i.identifier AND r.step = 0 AND r.session_id = @session AND r.status = 'not_sent')
        ORDER BY i.id`).pluck(),
    };
  }

  /** Runs `work` in one transaction (nested calls join it). */
  transaction(work: () => void): void {
    this.#db.transaction(work)();
  }

  create(session: NewSession): number {
    return Number(this.#s.create.run(session).lastInsertRowid);
  }

  get(id: number): SessionRecord | undefined {
    return this.#s.get.get(id) as SessionRecord | undefined;
  }

  last(): SessionRecord | undefined {
    return this.#s.last.get() as SessionRecord | undefined;
  }

  list(limit = 1000): SessionSummary[] {
    return this.#s.list.all(limit) as SessionSummary[];
  }

  mark_running(id: number, pid: number): void {
    this.#s.running.run(pid, id);
  }

  /** Records the strategy source a resume accepted in place of the one recorded (its new hash). */
  set_strategy_source(id: number, source: string): void {
    this.#s.strategySource.run(source, id);
  }

  finish(id: number, reason: string, message: string | null, at: number): void {
    this.#s.finish.run(reason, message, at, id);
  }

  /**
   * Removes a session that journaled nothing (refused before its first
   * request: a strategy that fails at once, a balance short of the first
   * bet), and gives its number back, so `autobet list` counts only runs that
   * bet. A session with any intent stays. True when it was removed.
   */
  discard_if_empty(id: number): boolean {
    let removed = false;
    this.#db.transaction(() => {
      removed = this.#s.discard.run({ session: id }).changes === 1;
      if (removed) this.#s.giveBack.run(id);
    })();
    return removed;
  }

  set_game(id: number, game: string): void {
    this.#s.game.run(game, id);
  }

  /** Asks a running session to stop after its bet in flight; false when it is not running. */
  request_stop(id: number): boolean {
    return this.#s.requestStop.run(id).changes === 1;
  }

  stop_requested(id: number): boolean {
    return this.#s.stopRequested.get(id) === 1;
  }

  intend(session_id: number, i: JournalIntent, at: number): void {
    this.#s.intend.run(journal_key(session_id, i.seq), session_id, i.seq, i.identifier, i.game, i.variables, i.amount_units, i.seed_hash, i.nonce_expected, i.strategy_state, at);
  }

  settle(session_id: number, seq: number, s: Settlement, at: number): void {
    this.#s.settle.run(journal_key(session_id, seq), s.resolved_by, at, s.bet_id, s.seed_hash, s.nonce, s.payout_units, s.result, s.counters, s.line);
  }

  /** An intent and its settlement in one transaction (a bet adopted from the site). */
  adopt(session_id: number, intent: JournalIntent, s: Settlement, at: number): void {
    this.#db.transaction(() => {
      this.intend(session_id, intent, at);
      this.settle(session_id, intent.seq, s, at);
    })();
  }

  close_intent(session_id: number, seq: number, status: 'not_placed' | 'refused', by: string, error: string | null, at: number): void {
    this.#s.close.run({ session: session_id, seq, status, resolved_by: by, settled_at: at, error });
  }

  pending(session_id: number): JournalRow[] {
    return this.#s.pending.all({ session: session_id }) as JournalRow[];
  }

  last_placed(session_id: number): JournalRow | undefined {
    return this.#s.lastPlaced.get({ session: session_id }) as JournalRow | undefined;
  }

  max_seq(session_id: number): number {
    return this.#s.maxSeq.get({ session: session_id }) as number;
  }

  /**
   * The sessions of `account` on `base_url` that left bets without an
   * outcome (a killed run, an `unknown_outcome`), with how many: a resume
   * finds out what became of them, an abandon closes the session.
   */
  unfinished(base_url: string, account: string): { id: number; open: number }[] {
    const out: { id: number; open: number }[] = [];
    for (const id of this.#s.maybeOpen.all(base_url, account) as number[]) {
      const open = this.open_count(id);
      if (open > 0) out.push({ id, open });
    }
    return out;
  }

  /** Intents of the session without an outcome that may have been sent (a bet killed while it waited for a window was not). */
  open_count(session_id: number): number {
    return (this.#s.openCount.get({ session: session_id }) as number) - this.unsent_waits(session_id).length;
  }

  /**
   * The seqs of the session's open intents that a killed run left waiting
   * for a Crash or Slide betting window: their request never left.
   */
  unsent_waits(session_id: number): number[] {
    return this.#s.unsentWaits.all({ session: session_id }) as number[];
  }

  /**
   * Closes the intents {@link unsent_waits} finds as not placed (never sent),
   * in one transaction; how many. Only for a session no process runs.
   */
  close_unsent_waits(session_id: number, at: number): number {
    let closed = 0;
    this.#db.transaction(() => {
      for (const seq of this.unsent_waits(session_id)) {
        this.close_intent(session_id, seq, 'not_placed', 'not_sent', 'the run was killed while this bet waited for a betting window: it was never sent', at);
        closed++;
      }
    })();
    return closed;
  }

  rows(session_id: number): IterableIterator<JournalRow> {
    return this.#s.rows.iterate({ session: session_id }) as IterableIterator<JournalRow>;
  }
}
