/**
 * Verifying a Crash or Slide bet: no seed pair, one round hash. A bet record
 * carries its round's revealed `hash` and the point it recorded (`state` of
 * an autobet or sim bet line: `{ hash, point, cashoutAt }`; a round from
 * `crashGameList` gives `crashpoint`, Slide's `multiplier`); the point the
 * hash gives (chain.ts) must equal it, and a bet that cashed out at its
 * `cashoutAt` is paid that multiplier exactly when the point reaches it.
 */
import { crash_point, slide_point } from '../games/crash/outcome.js';
import type { BetReport } from './verify.js';

/** Whether `record` is a Crash or Slide bet this module verifies (a game and a state with a round hash). */
export function is_chain_bet(record: unknown): boolean {
  if (record === null || typeof record !== 'object') return false;
  const r = record as { game?: unknown; state?: unknown };
  return (r.game === 'crash' || r.game === 'slide') && r.state !== null && typeof r.state === 'object' && typeof (r.state as { hash?: unknown }).hash === 'string';
}

/** The report on one Crash or Slide bet (see the module comment); a malformed hash is a report with a note, not a throw. */
export function verify_chain_bet(record: { id?: unknown; identifier?: unknown; game: string; payoutMultiplier?: unknown; state: Record<string, unknown> }): BetReport {
  const id = typeof record.id === 'string' ? record.id : typeof record.identifier === 'string' ? record.identifier : '';
  const state = record.state;
  const base = { id, game: record.game, nonce: null, seed_hash_ok: null };
  let point: number;
  try {
    point = (record.game === 'crash' ? crash_point(state['hash'] as string) : slide_point(state['hash'] as string)).shown;
  } catch (error) {
    return { ...base, ok: false, outcome_ok: null, failed: [], expected: null, recorded: null, note: `not a round hash: ${(error as Error).message}` };
  }
  const recorded_point = state['point'] ?? state['crashpoint'] ?? state['multiplier'];
  const expected: Record<string, number> = { point };
  const recorded: Record<string, unknown> = { point: recorded_point };
  let ok = recorded_point === point;
  const cashout_at = state['cashoutAt'];
  if (typeof cashout_at === 'number' && typeof record.payoutMultiplier === 'number') {
    expected['payoutMultiplier'] = cashout_at <= point ? cashout_at : 0;
    recorded['payoutMultiplier'] = record.payoutMultiplier;
    ok &&= record.payoutMultiplier === expected['payoutMultiplier'];
  }
  return {
    ...base,
    ok,
    outcome_ok: ok,
    failed: ok ? [] : ['outcome'],
    expected,
    recorded,
    ...(ok ? {} : { note: `recorded ${JSON.stringify(recorded)}, the round hash gives ${JSON.stringify(expected)}` }),
  };
}
