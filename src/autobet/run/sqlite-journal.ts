/**
 * The engine's journal in the user's database. An intent is committed before
 * its request leaves, in a commit of its own: the one write a bet waits for
 * (one page).
 *
 * Outcomes are written while the next request is out, when the betting
 * thread would only wait: a few at a time (OUTCOME_BATCH, or OUTCOME_DELAY_MS
 * after the oldest), after the event loop has turned (`setImmediate`, a
 * timer: the request is on the socket by then), and before anything else the
 * journal writes. A batch is kept small so its commit fits in the wait for
 * one answer from the local sandbox (~0.1 ms): a larger one held up the next
 * answer (bench/autobet.mjs). The site's answer is serialised as it arrives
 * (it is the record of what the site said, and the strategy is handed the
 * same object); the line and the engine's snapshot, which nobody else
 * changes, when their batch is written. A process killed meanwhile leaves
 * intents without outcomes, which a resume resolves from the site, in order,
 * before anything else (the seed pair's nonce and the bet history): nothing is
 * lost, and no bet was decided from an outcome the engine had not counted;
 * only the journal's copy lags, by at most a batch.
 */
import type { SessionsTable, Settlement } from '../../journal/sessions.js';
import type { BetLine } from '../engine/events.js';
import type { EngineJournal, EngineSnapshot, IntentRow } from '../engine/journal-port.js';
import type { SettledBet } from '../strategies/strategy.js';

const STOP_POLL_MS = 100;
/** Outcomes committed together: their commit must fit in the wait for the next answer. */
export const OUTCOME_BATCH = 4;
/** How long an outcome waits for its batch at most. */
export const OUTCOME_DELAY_MS = 100;

interface HeldOutcome {
  readonly seq: number;
  readonly bet_id: string;
  readonly seed_hash: string | null;
  readonly nonce: number;
  readonly payout_units: number;
  /** The site's answer as JSON, taken when it arrived. */
  readonly result: string;
  /** The engine's own objects, serialised when the batch is written. */
  readonly snapshot: EngineSnapshot;
  readonly line: BetLine;
  readonly resolved_by: string;
  readonly at: number;
}

/** {@link EngineJournal} over the `journal` table of session `session_id`. */
export class SqliteJournal implements EngineJournal {
  readonly durable = true;
  readonly #t: SessionsTable;
  readonly #id: number;
  readonly #now: () => number;
  /** Outcomes not committed yet, in order. */
  #held: HeldOutcome[] = [];
  #scheduled = false;
  #timer: NodeJS.Timeout | null = null;
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

  /** Commits the outcomes held back, in one transaction. Call before the session is finished. */
  flush(): void {
    if (this.#failed !== null) throw this.#failed;
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    const held = this.#held;
    if (held.length === 0) return;
    this.#held = [];
    this.#t.transaction(() => {
      for (const h of held) this.#t.settle(this.#id, h.seq, settlement_of(h), h.at);
    });
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
    if (this.#failed !== null) throw this.#failed;
    this.#held.push(hold(seq, bet, payout_units, snapshot, line, resolved_by, this.#now()));
    if (this.#held.length >= OUTCOME_BATCH) {
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(this.#later);
      }
    } else if (this.#timer === null) {
      this.#timer = setTimeout(this.#later, OUTCOME_DELAY_MS);
      // A process that is otherwise done does not wait for it: whoever ends the session flushes.
      this.#timer.unref();
    }
  }

  adopted(intent: IntentRow, bet: SettledBet, payout_units: number, snapshot: EngineSnapshot, line: BetLine): void {
    this.flush();
    const at = this.#now();
    this.#t.adopt(this.#id, this.#row(intent), settlement_of(hold(intent.seq, bet, payout_units, snapshot, line, 'adopted', at)), at);
  }

  not_placed(seq: number, by: string, message: string | null): void {
    this.flush();
    this.#t.close_intent(this.#id, seq, 'not_placed', by, message, this.#now());
  }

  deposited(seq: number, snapshot: EngineSnapshot, last: SettledBet | null): void {
    this.flush();
    this.#t.settle(this.#id, seq, deposit_settlement(snapshot, last), this.#now());
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

/**
 * A vault deposit's outcome: no bet, so no bet id, nonce or line; `result`
 * holds the strategy's last bet so a resume from this row hands it the same one.
 */
export function deposit_settlement(snapshot: EngineSnapshot, last: SettledBet | null): Settlement {
  return {
    bet_id: null, seed_hash: null, nonce: null, payout_units: null, result: JSON.stringify(last),
    counters: JSON.stringify(snapshot), line: null, resolved_by: 'vault',
  };
}

/** A settled bet as the journal holds it until its batch is written: the site's answer serialised now. */
function hold(seq: number, bet: SettledBet, payout_units: number, snapshot: EngineSnapshot, line: BetLine, resolved_by: string, at: number): HeldOutcome {
  return {
    seq, bet_id: bet.id, seed_hash: bet.serverSeed?.seedHash ?? null, nonce: bet.nonce, payout_units,
    result: JSON.stringify(bet), snapshot, line, resolved_by, at,
  };
}

/** The row a held outcome writes. */
function settlement_of(h: HeldOutcome): Settlement {
  return {
    bet_id: h.bet_id, seed_hash: h.seed_hash, nonce: h.nonce, payout_units: h.payout_units, result: h.result,
    counters: JSON.stringify(h.snapshot), line: JSON.stringify(h.line), resolved_by: h.resolved_by,
  };
}
