/**
 * The intent row of a planned bet, as the journal writes it before the
 * request leaves (journal-port.ts `IntentRow`). Its `variables` (the amount
 * and the game's parameters) are built when read (by the journal, or to look
 * for a lost bet), not for every bet of a simulation, whose journal reads none.
 */
import type { IntentRow } from './journal-port.js';
import type { PlannedBet } from './planned-bet.js';

/** A planned bet's intent row; `variables` built on read. */
export class PlannedIntent implements IntentRow {
  readonly game: string;
  readonly amount_units: number;
  readonly #plan: PlannedBet;

  constructor(
    readonly seq: number,
    readonly identifier: string,
    plan: PlannedBet,
    readonly seed_hash: string,
    readonly nonce_expected: number,
    readonly strategy_state: string | null,
  ) {
    this.game = plan.game;
    this.amount_units = plan.amount_units;
    this.#plan = plan;
  }

  get variables(): Readonly<Record<string, unknown>> {
    return { amount: this.#plan.amount, ...this.#plan.params };
  }
}
