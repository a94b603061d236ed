/**
 * Verifying a Crash or Slide bet: no seed pair, one round hash. A bet record
 * carries its round's revealed hash and, when it has one, the point it
 * recorded: `state` of an autobet or sim bet line `{ hash, point, cashoutAt }`
 * (a round from `crashGameList` gives `crashpoint`, Slide's `multiplier`), or
 * a line of `history export --json`, whose `serverSeed` is the round's hash
 * and `clientSeed` the salt (src/history/record.ts `chain_row_of`). The point
 * the hash gives (outcome.ts) must equal the recorded one, and the payout
 * follow it ({@link judge_chain_payout}).
 */
import { crash_point, slide_point, CRASH_SALT } from '../games/crash/outcome.js';
import type { BetReport } from './verify.js';

const HEX64 = /^[0-9a-f]{64}$/;

/** The round hash of a record: `state.hash`, else (an exported history line) `serverSeed`. */
function hash_of(record: { state?: unknown; serverSeed?: unknown }): unknown {
  const state = record.state;
  const from_state = state !== null && typeof state === 'object' ? (state as { hash?: unknown }).hash : undefined;
  return from_state ?? record.serverSeed;
}

/** Whether `record` is a Crash or Slide bet this module verifies (a game and a round hash in its state or its `serverSeed`). */
export function is_chain_bet(record: unknown): boolean {
  if (record === null || typeof record !== 'object') return false;
  const r = record as { game?: unknown; state?: unknown; serverSeed?: unknown };
  return (r.game === 'crash' || r.game === 'slide') && r.state !== null && typeof r.state === 'object' && typeof hash_of(r) === 'string';
}

/**
 * Whether a bet at `cashout_at` paid `paid` is right on a round whose shown
 * point is `point`: its `cashoutAt` only when the point reaches it, nothing
 * only when it does not, and (Crash, cashed out by hand) anything above 0
 * below both. The expected multiplier when it is not a hand cashout.
 */
export function judge_chain_payout(game: string, paid: number, cashout_at: number, point: number): { ok: boolean; expected: number | null } {
  if (paid === 0 || paid === cashout_at) {
    const expected = cashout_at <= point ? cashout_at : 0;
    return { ok: paid === expected, expected };
  }
  return { ok: game === 'crash' && paid > 0 && paid < point && paid < cashout_at, expected: null };
}

/** The report on one Crash or Slide bet (see the module comment); a malformed hash is a report with a note, not a throw. */
export function verify_chain_bet(record: {
  id?: unknown;
  identifier?: unknown;
  game: string;
  payoutMultiplier?: unknown;
  clientSeed?: unknown;
  serverSeed?: unknown;
  state: Record<string, unknown>;
}): BetReport {
  const id = typeof record.id === 'string' ? record.id : typeof record.identifier === 'string' ? record.identifier : '';
  const state = record.state;
  const base = { id, game: record.game, nonce: null, seed_hash_ok: null };
  const salt = typeof record.clientSeed === 'string' && HEX64.test(record.clientSeed) ? record.clientSeed : CRASH_SALT;
  let point: number;
  try {
    point = (record.game === 'crash' ? crash_point(hash_of(record) as string, salt) : slide_point(hash_of(record) as string, salt)).shown;
  } catch (error) {
    return { ...base, ok: false, outcome_ok: null, failed: [], expected: null, recorded: null, note: `not a round hash: ${(error as Error).message}` };
  }
  const recorded_point = state['point'] ?? state['crashpoint'] ?? state['multiplier'];
  const expected: Record<string, number> = { point };
  const recorded: Record<string, unknown> = {};
  // An exported history line records no point: its payout is what is checked.
  let ok = true;
  if (recorded_point !== undefined) {
    recorded['point'] = recorded_point;
    ok = recorded_point === point;
  }
  const cashout_at = state['cashoutAt'];
  if (typeof cashout_at === 'number' && typeof record.payoutMultiplier === 'number') {
    const judged = judge_chain_payout(record.game, record.payoutMultiplier, cashout_at, point);
    if (judged.expected !== null) expected['payoutMultiplier'] = judged.expected;
    recorded['payoutMultiplier'] = record.payoutMultiplier;
    ok &&= judged.ok;
  } else if (recorded_point === undefined) ok = false;
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
