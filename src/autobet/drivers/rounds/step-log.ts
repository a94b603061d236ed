/**
 * One round's steps as they are journaled (journal/round-steps.ts): numbered
 * in the order sent, each intent committed before its request leaves and
 * settled after. Null journal: nothing is kept (the simulator).
 */
import type { RoundSteps, StepRow, StepStatus } from '../../../journal/round-steps.js';

/** What names a round in the journal. */
export interface RoundKey {
  readonly round_key: string;
  readonly session_id: number | null;
  /** The site's origin. */
  readonly site: string;
  readonly game: string;
}

/** A bet as far as the steps journal keeps it. */
interface Answer {
  readonly id: string;
  readonly active: boolean;
  readonly payout: number;
  readonly state: unknown;
}

/** The steps of one round. */
export class StepLog {
  readonly #steps: RoundSteps | null;
  readonly key: RoundKey;
  #next: number;

  constructor(steps: RoundSteps | null, key: RoundKey, next = 0) {
    this.#steps = steps;
    this.key = key;
    this.#next = next;
  }

  /** Picks up a round journaled before (a resume): numbering goes on after its last step. */
  static resume(steps: RoundSteps, key: RoundKey): { log: StepLog; rows: StepRow[] } {
    const rows = steps.steps(key.round_key);
    const last = rows[rows.length - 1];
    return { log: new StepLog(steps, key, last === undefined ? 0 : last.step + 1), rows };
  }

  /** Commits a step's intent; returns its number. */
  intend(kind: 'start' | 'act' | 'cashout', request: unknown, identifier: string | null, added_units: number): number {
    const step = this.#next++;
    this.#steps?.intend({ ...this.key, step, kind, request: JSON.stringify(request), identifier, added_units });
    return step;
  }

  /** The site answered the step. */
  answered(step: number, bet: Answer, status: Extract<StepStatus, 'answered' | 'found'> = 'answered'): void {
    this.#steps?.settle(this.key.round_key, step, status, bet.id, JSON.stringify({ active: bet.active, payout: bet.payout, state: bet.state }));
  }

  /** The site refused the step with an answer, or it certainly never left. */
  failed(step: number, status: Extract<StepStatus, 'refused' | 'not_sent' | 'not_played'>, why: string): void {
    this.#steps?.settle(this.key.round_key, step, status, null, why.slice(0, 500));
  }
}
