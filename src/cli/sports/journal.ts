/**
 * The journal of `stakeql sports bet` and `cashout` (journal/sports-journal.ts
 * in the user's database): the intent committed before the request leaves,
 * closed by the site's answer, its refusal, or the lost-answer verdict; a
 * killed process leaves the intent for `stakeql sports check KEY`.
 */
import type { SportsIntent, SportsJournal, SportsStatus } from '../../journal/index.js';
import { EXIT_INTERRUPTED } from '../exit-codes.js';
import { oneLine } from '../output.js';
import type * as SportsModule from '../../sports/index.js';
import { decimals_for } from '../../operations/validate/index.js';
import type { CommandContext } from '../context.js';
import { withHistoryDatabase } from '../history-database.js';

/** Runs `work` on the sports journal (the database opened and closed around it). */
export async function with_sports_journal<T>(ctx: CommandContext, work: (journal: SportsJournal) => T): Promise<T> {
  const { SportsJournal } = await import('../../journal/index.js');
  return withHistoryDatabase(ctx, (db) => work(new SportsJournal(db)));
}

/** What a slip's lookup needs again later, as the journal keeps it (`request`). */
export interface SlipRequest {
  readonly kind: SportsModule.SlipIntent['kind'];
  readonly identifier: string;
  readonly amount: number;
  readonly currency: string;
  readonly betType: SportsModule.SportBetType;
  readonly oddsChange: SportsModule.OddsChange;
  readonly legs: readonly { readonly outcomeId: string; readonly odds: number; readonly provider: string; readonly fixture_slug: string }[];
  readonly expected_total_odds: number;
  readonly prior_ids: readonly string[];
}

/** What a cashout's lookup needs again later. */
export interface CashoutRequest {
  readonly betId: string;
  readonly iid: string;
  readonly multiplier: number;
  readonly amount: number;
}

function units(amount: number, currency: string): number {
  return Math.round(amount * 10 ** decimals_for(currency));
}

/** A slip's intent row: its legs (outcome ids and the odds accepted), amount, currency, and the identical slips already open. */
export function slip_intent(intent: SportsModule.SlipIntent, base_url: string): SportsIntent {
  const request: SlipRequest = {
    kind: intent.kind, identifier: intent.identifier, amount: intent.amount, currency: intent.currency, betType: intent.betType,
    oddsChange: intent.oddsChange,
    legs: intent.legs.map((l) => ({ outcomeId: l.outcomeId, odds: l.expected_odds, provider: l.provider, fixture_slug: l.fixture_slug })),
    expected_total_odds: intent.expected_total_odds, prior_ids: intent.prior_ids,
  };
  return {
    kind: 'slip', key: intent.identifier, site: new URL(base_url).origin, request: JSON.stringify(request),
    amount_units: units(intent.amount, intent.currency), currency: intent.currency,
  };
}

/** A cashout's intent row, keyed by the slip's id. */
export function cashout_intent(request: CashoutRequest, currency: string, base_url: string): SportsIntent {
  return {
    kind: 'cashout', key: request.betId, site: new URL(base_url).origin, request: JSON.stringify(request),
    amount_units: units(request.amount, currency), currency,
  };
}

/**
 * How a failed send closes its row: the site's refusal (a sports refusal, an
 * errorType), a request that never left, a lost answer's verdict (`lookup`,
 * marked by the library: `not_found` is `not_placed`, it came after the
 * settle period), else `unknown`; null for an interrupt, which leaves the
 * intent open.
 */
export function failure_status(error: unknown, m: typeof SportsModule): { status: SportsStatus; error: string } | null {
  const t = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown; may_have_reached_server?: unknown; lookup?: unknown; message?: unknown; error_type?: unknown; exit_code?: unknown;
  };
  // Interrupted with the request in flight: no verdict yet, the intent stays for 'sports check'.
  if (t.name === 'CliError' && t.exit_code === EXIT_INTERRUPTED) return null;
  if ('lookup' in t) {
    return t.lookup === 'not_found'
      ? { status: 'not_placed', error: 'answer lost; not on the site after the settle period' }
      : { status: 'unknown', error: `answer lost; lookup ${String(t.lookup)}` };
  }
  if (m.SportsError.is(error)) return { status: 'refused', error: error.reason };
  if (t.name === 'GraphQLError' && typeof t.error_type === 'string') return { status: 'refused', error: t.error_type };
  // Credentials refused: nothing could be looked at; the intent stays open for 'sports check' (request-fate.ts `auth`).
  if (t.name === 'AuthenticationError') return null;
  if (t.name === 'TransportError' && t.may_have_reached_server === false) return { status: 'not_placed', error: `not sent: ${String(t.message)}` };
  return { status: 'unknown', error: String(t.message ?? error) };
}

/** Closes a journal row; a failure to write it is said, never hides what the site did. */
export async function close_row(
  ctx: CommandContext, row: number, verdict: { status: SportsStatus; bet_id?: string | null; answer?: string | null; error?: string | null } | null,
): Promise<void> {
  if (verdict === null) return;
  try {
    await with_sports_journal(ctx, (j) => j.close(row, verdict.status, verdict));
  } catch (error) {
    ctx.io.stderr.write(`stakeql: warning: the journal could not record that it was ${verdict.status}: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
  }
}
