/**
 * The engine's journal in the user's database. An intent is committed before
 * its request leaves. A bet's settlement is committed with the next intent,
 * in one transaction (or by {@link SqliteJournal.flush} at the end): one
 * commit a bet instead of two, since the leaf page both write would otherwise
 * go to the WAL twice. A process killed in between leaves the last intent
 * without its result, which a resume resolves from the site like any other
 * (the seed pair's nonce and the bet history), so nothing is lost.
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
  /** The last settlement, written with the next intent. */
  #pending: { seq: number; settlement: ReturnType<typeof settlement>; at: number } | null = null;
  #stopCheckedAt = -Infinity;
  #stop = false;

  constructor(table: SessionsTable, session_id: number, now: () => number = Date.now) {
    this.#t = table;
    this.#id = session_id;
    this.#now = now;
  }

  /** Commits the settlement held back, if any. Call before the session is finished. */
  flush(): void {
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
    const row = this.#row(intent);
    const at = this.#now();
    const p = this.#pending;
    this.#pending = null;
    this.#t.transaction(() => {
      if (p !== null) this.#t.settle(this.#id, p.seq, p.settlement, p.at);
      this.#t.intend(this.#id, row, at);
      if (intent.seq === 1) this.#t.set_game(this.#id, intent.game);
    });
  }

  placed(seq: number, bet: SettledBet, payout_units: number, snapshot: EngineSnapshot, line: BetLine, resolved_by: string): void {
    this.flush();
    this.#pending = { seq, settlement: settlement(bet, payout_units, snapshot, line, resolved_by), at: this.#now() };
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
    nonce: bet.nonce,
    payout_units,
    result: JSON.stringify(bet),
    counters: JSON.stringify(snapshot),
    line: JSON.stringify(line),
    resolved_by,
  };
}
