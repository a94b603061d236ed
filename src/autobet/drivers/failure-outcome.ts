/**
 * A failed request as the engine's outcome, by the one rule for every kind
 * of bet (src/operations/request-fate.ts): a bet, a round's step, a Crash or
 * Slide bet. Every driver that sends to the site reads its failures here, so
 * no kind of bet grows its own lost-answer logic again.
 */
import { request_fate } from '../../operations/request-fate.js';
import type { PlaceOutcome } from '../engine/driver.js';

/** What a request that threw tells: refused (nothing booked), not sent, the credentials refused, or unknown (it may have run). */
export function failure_outcome(error: unknown): Exclude<PlaceOutcome, { kind: 'placed' }> {
  const fate = request_fate(error);
  return fate.kind === 'may_have_run' ? { ...fate, kind: 'unknown' } : fate;
}
