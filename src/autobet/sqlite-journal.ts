/**
 * The engine's journal in the user's database. An intent is committed before
 * its request leaves, in a commit of its own: the one write a bet waits for.
 * A bet's outcome is committed just after, once the next request has left
 * (`setImmediate`: the event loop has turned, so the request is on the
 * socket), while the site works on it; or before anything else the journal
 * writes. A process killed in between leaves an intent without its outcome,
 * which a resume resolves from the site like any other (the seed pair's nonce
 * and the bet history), so nothing is lost, and no bet is decided from an
 * outcome the engine has not counted: only the journal's copy lags.
 */
import type { SessionsTable } from '../journal/sessions.js';
import type { BetLine } from './events.js';
import type { EngineJournal, EngineSnapshot, IntentRow } from './journal-port.js';
import type { SettledBet } from './strategy.js';

const STOP_POLL_MS = 100;

/** {@link EngineJournal} over the `journal` table of session `session_id`. */
export class SqliteJournal implements EngineJournal {
  readonly durable = true;
  readonly #t: SessionsTable;
  readonly #id: number;
  readonly #now: () => number;
  /** The last outcome, not committed yet. */
  #pending: { seq: number; settlement: ReturnType<typeof settlement>; at: number } | null = null;
  #scheduled = false;
  /** A deferred commit that failed: thrown by the next call, so the engine stops on it. */
  #failed: unknown = null;
  readonly #later = (): void => {
    this.#scheduled = false;
    try {
      this.flush();
    } catch (error) {
      this.#failed ??= error;
    }
  };
  #stopCheckedAt = -Infinity;
  #stop = false;

  constructor(table: SessionsTable, session_id: number, now: () => number = Date.now) {
    this.#t = table;
    this.#id = session_id;
    this.#now = now;
  }

  /** Commits the outcome held back, if any. Call before the session is finished. */
  flush(): void {
    if (this.#failed !== null) throw this.#failed;
    const p = this.#pending;
    if (p === null) return;
    this.#pending = null;
    this.#t.settle(this.#id, p.seq, p.settlement, p.at);
  }

  #row(intent: IntentRow) {
    return {
      seq: intent.seq,
      identifier: intent.identifier,
      game: intent.game,
      variables: JSON.stringify(intent.variables),
      amount_units: intent.amount_units,
      seed_hash: intent.seed_hash,
      nonce_expected: intent.nonce_expected,
      strategy_state: intent.strategy_state ?? 'null',
    };
  }

  intend(intent: IntentRow): void {
    if (this.#failed !== null) throw this.#failed;
    const row = this.#row(intent);
    const at = this.#now();
    if (intent.seq !== 1) this.#t.intend(this.#id, row, at);
    else {
      this.#t.transaction(() => {
        this.#t.intend(this.#id, row, at);
        this.#t.set_game(this.#id, intent.game);
      });
    }
  }

  placed(seq: number, bet: SettledBet, payout_units: number, snapshot: EngineSnapshot, line: BetLine, resolved_by: string): void {
    this.flush();
    this.#pending = { seq, settlement: settlement(bet, payout_units, snapshot, line, resolved_by), at: this.#now() };
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#later);
    }
  }

  adopted(intent: IntentRow, bet: SettledBet, payout_units: number, snapshot: EngineSnapshot, line: BetLine): void {
    this.flush();
    this.#t.adopt(this.#id, this.#row(intent), settlement(bet, payout_units, snapshot, line, 'adopted'), this.#now());
  }

  not_placed(seq: number, by: string, message: string | null): void {
    this.flush();
    this.#t.close_intent(this.#id, seq, 'not_placed', by, message, this.#now());
  }

  refused(seq: number, error_type: string, message: string): void {
    this.flush();
    this.#t.close_intent(this.#id, seq, 'refused', error_type, message, this.#now());
  }

  /** Read from the database at most every 100 ms: a stop request is seen within a bet or two. */
  stop_requested(): boolean {
    if (this.#failed !== null) throw this.#failed;
    const now = this.#now();
    if (now - this.#stopCheckedAt >= STOP_POLL_MS) {
      this.#stopCheckedAt = now;
      this.#stop = this.#t.stop_requested(this.#id);
    }
    return this.#stop;
  }
}

function settlement(bet: SettledBet, payout_units: number, snapshot: EngineSnapshot, line: BetLine, resolved_by: string) {
  return {
    bet_id: bet.id,
    seed_hash: bet.serverSeed?.seedHash ?? null,
    nonce: bet.nonce,
    payout_units,
    result: JSON.stringify(bet),
    counters: JSON.stringify(snapshot),
    line: JSON.stringify(line),
    resolved_by,
  };
}
