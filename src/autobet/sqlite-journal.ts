/**
 * The engine's journal in the user's database: every call commits before it
 * returns, so the intent of a bet is on disk before its request leaves.
 */
import type { SessionsTable } from '../journal/sessions.js';
import type { BetLine } from './events.js';
import type { EngineJournal, EngineSnapshot, IntentRow } from './journal-port.js';
import type { SettledBet } from './strategy.js';

/** {@link EngineJournal} over the `journal` table of session `session_id`. */
export class SqliteJournal implements EngineJournal {
  readonly durable = true;
  readonly #t: SessionsTable;
  readonly #id: number;
  readonly #now: () => number;

  constructor(table: SessionsTable, session_id: number, now: () => number = Date.now) {
    this.#t = table;
    this.#id = session_id;
    this.#now = now;
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
      strategy_state: JSON.stringify(intent.strategy_state),
    };
  }

  intend(intent: IntentRow): void {
    this.#t.intend(this.#id, this.#row(intent), this.#now());
    if (intent.seq === 1) this.#t.set_game(this.#id, intent.game);
  }

  placed(seq: number, bet: SettledBet, payout_units: number, snapshot: EngineSnapshot, line: BetLine, resolved_by: string): void {
    this.#t.settle(this.#id, seq, settlement(bet, payout_units, snapshot, line, resolved_by), this.#now());
  }

  adopted(intent: IntentRow, bet: SettledBet, payout_units: number, snapshot: EngineSnapshot, line: BetLine): void {
    this.#t.adopt(this.#id, this.#row(intent), settlement(bet, payout_units, snapshot, line, 'adopted'), this.#now());
  }

  not_placed(seq: number, by: string, message: string | null): void {
    this.#t.close_intent(this.#id, seq, 'not_placed', by, message, this.#now());
  }

  refused(seq: number, error_type: string, message: string): void {
    this.#t.close_intent(this.#id, seq, 'refused', error_type, message, this.#now());
  }

  stop_requested(): boolean {
    return this.#t.stop_requested(this.#id);
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
