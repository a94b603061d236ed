/**
 * A run's rakeback schedule and what it reports (rakeback-step.ts claims):
 * apart from the claim so the engine's input can name them without importing
 * the claim, which reads the engine's vault port (no import cycle).
 */
/** A claim's outcome as the run reports it (a note; a failure is also notified). */
export interface RakebackEvent {
  readonly event: 'rakeback';
  /** `claimed`, `nothing` (none available), `failed` (refused, not sent, or its outcome not found out). */
  readonly outcome: 'claimed' | 'nothing' | 'failed';
  readonly currency: string;
  /** Claimed into the balance in the run's currency (currency units); 0 unless claimed. */
  readonly amount: number;
  readonly message?: string;
}

/** When claims are due: every `every_ms` by `now`, the first `every_ms` after the run starts. */
export class RakebackSchedule {
  readonly #every: number;
  readonly #now: () => number;
  #next: number;
  /** A claim whose outcome could not be found out: no other claim is sent in this run (the journal keeps its intent open). */
  halted = false;

  constructor(every_ms: number, now: () => number) {
    this.#every = every_ms;
    this.#now = now;
    this.#next = now() + every_ms;
  }

  /** Whether a claim is due now; moves the schedule on when it is. */
  due(): boolean {
    if (this.halted) return false;
    const t = this.#now();
    if (t < this.#next) return false;
    // One claim however long the run was away (a slow bet): the next is a whole period later.
    this.#next = t + this.#every;
    return true;
  }
}

/** Checks `claim_rakeback_every_ms`: a whole number of milliseconds from one minute to 30 days. */
export function check_rakeback_every(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 60_000 || value > 30 * 86_400_000) {
    throw new RangeError('claim_rakeback_every_ms must be a whole number of milliseconds from 60000 (one minute) to 2592000000 (30 days)');
  }
  return value;
}
