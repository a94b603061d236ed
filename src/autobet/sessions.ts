/**
 * Looking at sessions from outside a run: the list, one session's bet lines,
 * and a stop request to a running session (it stops after its bet in flight).
 */
import type { SessionRecord } from '../journal/sessions.js';
import { AutobetError } from './errors.js';
import type { BetLine } from './events.js';

/** One line of `autobet list --json`. Money in currency units. */
export interface SessionListLine {
  readonly session: number;
  /** ISO 8601. */
  readonly started: string;
  readonly game: string | null;
  readonly currency: string;
  readonly bets: number;
  readonly profit: number;
  /** Moved into the vault during the session. */
  readonly vaulted: number;
  /** The stop reason, or null while it runs (or was killed before it could say). */
  readonly reason: string | null;
  readonly status: string;
}

async function open(database: string | undefined) {
  const journal = await import('../journal/index.js');
  const db = journal.open_database(database ?? journal.default_database_path());
  return { db, table: new journal.SessionsTable(db) };
}

/** Every session, newest first. */
export async function list_sessions(options: { readonly database?: string; readonly limit?: number } = {}): Promise<SessionListLine[]> {
  const { db, table } = await open(options.database);
  try {
    return table.list(options.limit ?? 1000).map((s) => ({
      session: s.id,
      started: new Date(s.started_at).toISOString(),
      game: s.game,
      currency: s.currency,
      bets: s.bets,
      profit: s.profit_units / 10 ** s.decimals,
      vaulted: s.vaulted_units / 10 ** s.decimals,
      reason: s.stop_reason,
      status: s.status,
    }));
  } finally {
    db.close();
  }
}

/** A session and its settled bets' lines as `autobet --json` printed them. */
export async function session_bets(session: number | undefined, options: { readonly database?: string } = {}): Promise<{ session: SessionRecord; lines: BetLine[] }> {
  const { db, table } = await open(options.database);
  try {
    const record = session === undefined ? table.last() : table.get(session);
    if (record === undefined) throw new AutobetError('not_found', session === undefined ? 'no autobet session yet' : `no autobet session ${session}`);
    const lines: BetLine[] = [];
    for (const row of table.rows(record.id)) if (row.line !== null) lines.push(JSON.parse(row.line) as BetLine);
    return { session: record, lines };
  } finally {
    db.close();
  }
}

/** The session a command names, or the last one. */
export async function find_session(session: number | undefined, options: { readonly database?: string } = {}): Promise<SessionRecord> {
  const { db, table } = await open(options.database);
  try {
    const record = session === undefined ? table.last() : table.get(session);
    if (record === undefined) throw new AutobetError('not_found', session === undefined ? 'no autobet session yet' : `no autobet session ${session}`);
    return record;
  } finally {
    db.close();
  }
}

/**
 * Asks a running session (another process) to stop after its bet in flight.
 * Resolves false when the session is not running.
 * @throws AutobetError `not_found`.
 */
export async function request_stop(session: number | undefined, options: { readonly database?: string } = {}): Promise<{ session: number; running: boolean }> {
  const { db, table } = await open(options.database);
  try {
    const record = session === undefined ? table.last() : table.get(session);
    if (record === undefined) throw new AutobetError('not_found', session === undefined ? 'no autobet session yet' : `no autobet session ${session}`);
    return { session: record.id, running: table.request_stop(record.id) };
  } finally {
    db.close();
  }
}
