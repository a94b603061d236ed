/**
 * What the engine writes as it goes, and the one thing it reads back (a stop
 * request from another process). The SQLite journal (sqlite-journal.ts)
 * implements it for runs against the site and the sandbox; the simulator
 * runs on {@link MemoryJournal} without a database.
 */
import type { Counters } from './counters.js';
import type { SeedView } from './driver.js';
import type { BetLine } from './events.js';
import type { SettledBet } from '../strategies/strategy.js';

/** A bet about to be sent, as committed before the request leaves. */
export interface IntentRow {
  readonly seq: number;
  readonly identifier: string;
  readonly game: string;
  /** The bet's input without currency and identifier (amount and the game's parameters). */
  readonly variables: Readonly<Record<string, unknown>>;
  readonly amount_units: number;
  readonly seed_hash: string | null;
  readonly nonce_expected: number | null;
  /**
   * `{ strategy: Strategy.save(), memory }` after the strategy proposed this
   * bet, as JSON text: serialised once, when the intent is made (null for a
   * journal that keeps nothing).
   */
  readonly strategy_state: string | null;
  /** When the intent was journaled (ms since the epoch): known for intents read back on resume. */
  readonly sent_at?: number;
}

/** The engine's state after a settled bet: what a resume starts from. */
export interface EngineSnapshot {
  readonly counters: Counters;
  readonly seeds: SeedView;
}

/** The journal of one session. Every method commits before it returns. */
export interface EngineJournal {
  /** False for a journal that keeps nothing (the simulator's): the engine then builds no snapshot or line for it. */
  readonly durable: boolean;
  intend(intent: IntentRow): void;
  placed(seq: number, bet: SettledBet, payout_units: number, snapshot: EngineSnapshot, line: BetLine, resolved_by: string): void;
  /** A bet the site booked that had no intent (adopted from the history); gets its own row. */
  adopted(intent: IntentRow, bet: SettledBet, payout_units: number, snapshot: EngineSnapshot, line: BetLine): void;
  not_placed(seq: number, by: string, message: string | null): void;
  refused(seq: number, error_type: string, message: string): void;
  /**
   * A vault deposit of intent `seq` went through: the counters after it (and
   * `last`, the strategy's last settled bet, so a resume hands it the same one).
   */
  deposited(seq: number, snapshot: EngineSnapshot, last: SettledBet | null): void;
  /** Whether someone asked this session to stop (`autobet stop`, the dashboard). */
  stop_requested(): boolean;
}

/**
 * A journal in memory, for tests: it keeps the intents and bet lines in
 * arrays for the life of the object, nothing on disk. `durable` is true so
 * the engine builds the snapshots and lines a real journal gets (the tests
 * read them); nothing survives the process.
 */
export class MemoryJournal implements EngineJournal {
  readonly durable = true;
  readonly intents: IntentRow[] = [];
  readonly lines: BetLine[] = [];
  stop = false;
  intend(intent: IntentRow): void {
    this.intents.push(intent);
  }
  placed(_seq: number, _bet: SettledBet, _payout: number, _snapshot: EngineSnapshot, line: BetLine): void {
    this.lines.push(line);
  }
  adopted(intent: IntentRow, _bet: SettledBet, _payout: number, _snapshot: EngineSnapshot, line: BetLine): void {
    this.intents.push(intent);
    this.lines.push(line);
  }
  not_placed(): void {}
  refused(): void {}
  deposited(): void {}
  stop_requested(): boolean {
    return this.stop;
  }
}
